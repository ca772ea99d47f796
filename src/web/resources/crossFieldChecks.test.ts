import { describe, expect, it, vi } from 'vitest';
import type { FormValidation } from '@rjsf/utils';
import type { Row } from '../api/resourceApi.ts';
import { confirmations, crossFieldProblems, crossFieldValidation, type FormCheck } from './crossFieldChecks.ts';

const MISMATCH = 'Le password non coincidono';

describe('confirmations: confirmX repeats X', () => {
  it.each<[string, string[], Row, { fields: string[]; message: string }[]]>([
    ['equal', ['password', 'confirmPassword'], { password: 'a', confirmPassword: 'a' }, []],
    ['both empty', ['password', 'confirmPassword'], {}, []],
    ['one empty, one missing', ['password', 'confirmPassword'], { password: '' }, []],
    [
      'different: the message goes on the confirmation, else on the field',
      ['password', 'confirmPassword'],
      { password: 'a', confirmPassword: 'b' },
      [{ fields: ['confirmPassword', 'password'], message: MISMATCH }],
    ],
    [
      'only one typed',
      ['password', 'confirmPassword'],
      { password: 'a' },
      [{ fields: ['confirmPassword', 'password'], message: MISMATCH }],
    ],
    ['a confirmation without its field in the form is ignored', ['confirmPassword'], { confirmPassword: 'b' }, []],
    ['"confirmed" is not a confirmation of "ed"', ['ed', 'confirmed'], { ed: 'a', confirmed: 'b' }, []],
    [
      'any pair, not only passwords',
      ['email', 'confirmEmail'],
      { email: 'a@b.it', confirmEmail: 'a@c.it' },
      [{ fields: ['confirmEmail', 'email'], message: MISMATCH }],
    ],
  ])('%s', (_name, fields, data, want) => {
    expect(confirmations(data, fields)).toEqual(want);
  });
});

describe('crossFieldProblems and crossFieldValidation', () => {
  const always: FormCheck = (_data, fields) => (fields.includes('b') ? [{ fields: ['b'], message: 'sbagliato' }] : []);

  it('adds the checks a workflow registered to the generic ones', () => {
    expect(crossFieldProblems({ password: 'x' }, ['password', 'confirmPassword', 'b'], [always])).toEqual([
      { fields: ['confirmPassword', 'password'], message: MISMATCH },
      { fields: ['b'], message: 'sbagliato' },
    ]);
  });

  it('marks the first field of each problem the form has a slot for', () => {
    const slot = () => ({ addError: vi.fn() });
    // RJSF makes slots for the fields present in the data: an untouched confirmation has none.
    const errors = { password: slot(), b: slot() };
    crossFieldValidation(['password', 'confirmPassword', 'b'], [always])(
      { password: 'x' },
      errors as unknown as FormValidation,
    );
    expect(errors.password.addError).toHaveBeenCalledWith(MISMATCH);
    expect(errors.b.addError).toHaveBeenCalledWith('sbagliato');
  });
});
