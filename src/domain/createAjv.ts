import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { registerFormats } from './registerFormats.ts';

// ajv-formats is CommonJS; under Node's ESM loader the function sits on .default.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** An ajv for our JSON Schema 2020-12 files, with standard and Italian formats. */
export function createAjv(options: Options = {}): Ajv2020 {
  // multipleOf 0.01 on money: 1147.13 / 0.01 is 114712.99999999999 in floating point, so compare rounded.
  const ajv = new Ajv2020({ allErrors: true, strict: false, multipleOfPrecision: 9, ...options });
  addFormats(ajv);
  return registerFormats(ajv);
}
