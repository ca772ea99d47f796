import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { registerFormats } from './registerFormats.ts';

// ajv-formats is CommonJS; under Node's ESM loader the function sits on .default.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/**
 * How every validator of ours reads multipleOf, as RJSF's forms do: without it 19.99 is not a multiple of 0.01 in
 * floating point and a valid price is refused.
 */
export const MULTIPLE_OF_PRECISION = 8;

/** An ajv for our JSON Schema 2020-12 files, with standard and Italian formats. */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, multipleOfPrecision: MULTIPLE_OF_PRECISION, ...options });
  addFormats(ajv);
  return registerFormats(ajv);
}
