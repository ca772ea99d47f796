import { describe, expect, it } from 'vitest';
import type { ImportField } from '../resourceDefinition.ts';
import { cellText, readCell, type Cell } from './cellValue.ts';

const field = (kind: ImportField['kind'], more: Partial<ImportField> = {}): ImportField => ({
  name: 'f',
  title: 'Campo',
  kind,
  required: false,
  ...more,
});
const value = (f: ImportField, cell: Cell) => {
  const r = readCell(f, cell);
  if (r.kind !== 'value') throw new Error(`${JSON.stringify(cell)} read as ${JSON.stringify(r)}`);
  return r.value;
};

describe('numbers the Italian way', () => {
  it.each<[Cell, number]>([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['1.234', 1234],
    ['1.234.567', 1234567],
    ['12,5', 12.5],
    ['0.5', 0.5],
    ['-3,75', -3.75],
    ['1.250,00 €', 1250],
    ['  42 ', 42],
    [1234.56, 1234.56],
    [0, 0],
  ])('%j is %d', (cell, n) => expect(value(field('money'), cell)).toBe(n));

  it('a percentage as shown (8,5%) is its points', () => {
    expect(value(field('percentage'), '8,5%')).toBe(8.5);
  });

  it.each<[Cell]>([['abc'], ['1,2,3'], ['12.34.5'], [true]])('%j is a problem naming the field', (cell) => {
    expect(readCell(field('number'), cell)).toEqual({
      kind: 'problem',
      message: expect.stringMatching(/^Il campo «Campo» deve essere un numero, ad esempio 1\.234,56 \(trovato «.*»\)$/),
    });
  });
});

describe('texts', () => {
  it('a number cell of a text of fixed digits gets its leading zeros back', () => {
    expect(value(field('text', { digits: 5 }), 6100)).toBe('06100');
    expect(value(field('partitaIva', { digits: 11 }), 743110157)).toBe('00743110157');
  });
  it('a VAT number loses spaces and the IT prefix; a tax code is upper case', () => {
    expect(value(field('partitaIva', { digits: 11 }), 'IT 007 4311 0157')).toBe('00743110157');
    expect(value(field('codiceFiscale'), ' rssmra85t10a562s ')).toBe('RSSMRA85T10A562S');
  });
  it('an empty or blank cell is empty, whatever the kind', () => {
    for (const kind of ['text', 'money', 'date', 'reference'] as const) {
      expect(readCell(field(kind), null)).toEqual({ kind: 'empty' });
      expect(readCell(field(kind), '   ')).toEqual({ kind: 'empty' });
    }
  });
});

describe('dates and times', () => {
  it.each<[Cell, string]>([
    ['24-09-2025', '2025-09-24'],
    ['24/09/2025', '2025-09-24'],
    ['4/9/2025', '2025-09-04'],
    ['24.09.2025', '2025-09-24'],
    ['24/09/25', '2025-09-24'],
    ['2025-09-24', '2025-09-24'],
    [new Date(Date.UTC(2025, 8, 24)), '2025-09-24'],
  ])('date %j is %s', (cell, iso) => expect(value(field('date'), cell)).toBe(iso));

  it('refuses a day that does not exist', () => {
    expect(readCell(field('date'), '31/02/2025').kind).toBe('problem');
  });

  it('a date and time without a zone is Rome time, in summer and in winter', () => {
    expect(value(field('dateTime'), '24-09-2025 13:22')).toBe('2025-09-24T11:22:00.000Z');
    expect(value(field('dateTime'), new Date(Date.UTC(2025, 0, 10, 9, 0)))).toBe('2025-01-10T08:00:00.000Z');
  });

  it.each<[Cell, string]>([
    ['9:05', '09:05'],
    ['13.22', '13:22'],
    [0.5, '12:00'],
    [new Date(Date.UTC(1899, 11, 30, 13, 22)), '13:22'],
  ])('time %j is %s', (cell, hhmm) => expect(value(field('time'), cell)).toBe(hhmm));
});

describe('choices', () => {
  const siNo = field('siNo', {
    options: [
      { value: 'Y', label: 'Si' },
      { value: 'N', label: 'No' },
    ],
  });
  it('Si/No, yes/no words and Excel booleans', () => {
    expect(value(siNo, 'sì')).toBe('Y');
    expect(value(siNo, 'NO')).toBe('N');
    expect(value(siNo, true)).toBe('Y');
    expect(value(field('boolean'), 'Vero')).toBe(true);
    expect(value(field('boolean'), 'x')).toBe(true);
    expect(value(field('boolean'), 0)).toBe(false);
    expect(readCell(field('boolean'), 'forse').kind).toBe('problem');
  });
  it('an option by its label or its value, without regard to case and accents', () => {
    const roles = field('list', {
      many: true,
      options: [
        { value: 'ROLE_ADMIN', label: 'Amministratore' },
        { value: 'ROLE_USER_CRM', label: 'Utente CRM' },
      ],
    });
    expect(value(roles, 'amministratore; ROLE_USER_CRM')).toEqual(['ROLE_ADMIN', 'ROLE_USER_CRM']);
    expect(readCell(roles, 'Amministratore, Pilota')).toEqual({
      kind: 'problem',
      message: 'Il campo «Campo» ammette Amministratore, Utente CRM: «Pilota» non è tra questi',
    });
  });
  it('references are names to find, one or several', () => {
    expect(readCell(field('reference', { reference: 'agent' }), 'AG01')).toEqual({ kind: 'lookup', names: ['AG01'] });
    expect(readCell(field('references', { reference: 'gruppoCrm', many: true }), 'Nord; Sud,Centro')).toEqual({
      kind: 'lookup',
      names: ['Nord', 'Sud', 'Centro'],
    });
  });
});

describe('cellText', () => {
  it('shows a cell as a person reads it', () => {
    expect(cellText(new Date(Date.UTC(2025, 8, 24)))).toBe('24-09-2025');
    expect(cellText(new Date(Date.UTC(2025, 8, 24, 13, 22)))).toBe('24-09-2025 13:22');
    expect(cellText(false)).toBe('No');
    expect(cellText(12.5)).toBe('12.5');
  });
});
