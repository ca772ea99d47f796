import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import localizeIt from 'ajv-i18n/localize/it/index.js';
import type { FormValidation, RJSFValidationError } from '@rjsf/utils';
import { messages } from '../app/messages.ts';
import { END_BEFORE_START, endsAfterStart, isTimeHhmm } from '../../domain/timeHhmm.ts';
import { italianFormatMessages, italianFormats, type ItalianFormat } from '../../domain/italianFormats.ts';

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
    if (e.name === 'required') return { ...e, message: 'campo obbligatorio' };
    return e;
  });
}

/** Checks across fields: `confirmX` repeats `X` (password and its confirmation); endTime after startTime. */
export function crossFieldChecks(fields: string[]) {
  const pairs = fields
    .filter((f) => /^confirm[A-Z]/.test(f))
    .map((f) => [f.charAt(7).toLowerCase() + f.slice(8), f] as const)
    .filter(([base]) => fields.includes(base));
  return (formData: Record<string, unknown> | undefined, errors: FormValidation): FormValidation => {
    for (const [base, confirm] of pairs) {
      if ((formData?.[base] ?? '') === (formData?.[confirm] ?? '')) continue;
      const slot =
        (errors as unknown as Record<string, FormValidation | undefined>)[confirm] ??
        (errors as unknown as Record<string, FormValidation | undefined>)[base];
      slot?.addError(messages.profile.mismatch);
    }
    // A form with startTime and endTime (activities) ends after it starts, as the server checks too.
    const [start, end] = [formData?.startTime, formData?.endTime];
    if (
      fields.includes('startTime') &&
      fields.includes('endTime') &&
      typeof start === 'string' &&
      typeof end === 'string' &&
      isTimeHhmm(start) &&
      isTimeHhmm(end) &&
      !endsAfterStart(start, end)
    ) {
      (errors as unknown as Record<string, FormValidation | undefined>).endTime?.addError(END_BEFORE_START);
    }
    return errors;
  };
}
