import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import localizeIt from 'ajv-i18n/localize/it/index.js';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { italianFormats } from '../../domain/italianFormats.ts';
import { fieldMessage, schemaAt } from '../../domain/validationMessages.ts';

/** The same formats as the server; ajv-i18n's Italian only for what our sentences do not cover. */
export const formValidator = customizeValidator({ customFormats: italianFormats, AjvClass: Ajv2020 }, localizeIt);

/** RJSF's path of a field (".articoli.0.price") as segments. */
const segments = (property: string | undefined) => (property ?? '').split('.').filter(Boolean);

/**
 * RJSF's transformErrors for one form: every ajv error becomes the sentence the server would send, naming the
 * field by its title in `schema` (src/domain/validationMessages.ts); one message per field, the first.
 */
export function italianFormErrors(schema: RJSFSchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const seen = new Set<string>();
    const out: RJSFValidationError[] = [];
    for (const e of errors) {
      const keyword = e.name ?? '';
      // oneOf/anyOf/if repeat what their branches already said.
      if (keyword === 'oneOf' || keyword === 'anyOf' || keyword === 'if') continue;
      const path = segments(e.property);
      const key = path.join('.');
      if (seen.has(key)) continue;
      seen.add(key);
      const message = fieldMessage(
        { keyword, params: (e.params ?? {}) as Record<string, unknown> },
        schemaAt(schema, path),
        path.at(-1) ?? '',
        e.message,
      );
      out.push({ ...e, message, stack: message });
    }
    return out;
  };
}
