import type { FormValidation } from '@rjsf/utils';
import type { Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';

/** What a check found: the message goes next to the first of `fields` the form can mark. */
export interface FieldProblem {
  fields: string[];
  message: string;
}

/** A check across fields of a form: the data typed so far and the fields the form has. */
export type FormCheck = (data: Row, fields: string[]) => FieldProblem[];

/** `confirmX` repeats `X` (a password and its confirmation), in any form that has such a pair. */
export const confirmations: FormCheck = (data, fields) =>
  fields
    .filter((f) => /^confirm[A-Z]/.test(f))
    .map((confirm) => [confirm.charAt(7).toLowerCase() + confirm.slice(8), confirm] as const)
    .filter(([base]) => fields.includes(base))
    .filter(([base, confirm]) => (data[base] ?? '') !== (data[confirm] ?? ''))
    .map(([base, confirm]) => ({ fields: [confirm, base], message: messages.confirmationMismatch }));

/** Every problem the generic checks and a resource's own (registered by its workflow) find. */
export function crossFieldProblems(data: Row, fields: string[], checks: FormCheck[]): FieldProblem[] {
  return [confirmations, ...checks].flatMap((check) => check(data, fields));
}

/** The checks as RJSF's customValidate: each problem marks its field. */
export function crossFieldValidation(fields: string[], checks: FormCheck[]) {
  return (formData: Row | undefined, errors: FormValidation): FormValidation => {
    const slots = errors as unknown as Record<string, FormValidation | undefined>;
    for (const problem of crossFieldProblems(formData ?? {}, fields, checks)) {
      const field = problem.fields.find((f) => slots[f]);
      if (field) slots[field]?.addError(problem.message);
    }
    return errors;
  };
}
