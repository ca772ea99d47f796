import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import localizeIt from 'ajv-i18n/localize/it/index.js';
import type { RJSFValidationError } from '@rjsf/utils';
import { italianFormatMessages, italianFormats, type ItalianFormat } from '../../domain/italianFormats.ts';
import { messages } from '../i18n/messages.ts';

/** The same formats as the server, with ajv's Italian messages. */
export const formValidator = customizeValidator(
  { customFormats: italianFormats, AjvClass: Ajv2020 as never },
  localizeIt,
);

export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((e) => {
    if (e.name === 'format') {
      const format = (e.params as { format?: string } | undefined)?.format as ItalianFormat | undefined;
      if (format && italianFormatMessages[format]) return { ...e, message: italianFormatMessages[format] };
    }
    if (e.name === 'required') return { ...e, message: messages.required };
    return e;
  });
}
