import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ColumnDefinition, FieldKind } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import { renderCell } from './renderCell.tsx';

const column = (kind: FieldKind, extra: Partial<ColumnDefinition> = {}): ColumnDefinition => ({
  accessorKey: 'campo',
  header: 'Campo',
  kind,
  enableSorting: true,
  ...extra,
});
const siNo = {
  options: [
    { value: 'Y', label: 'Sì' },
    { value: 'N', label: 'No' },
    { value: '', label: 'Tutti' },
  ],
};
const lookups = {
  voce: [
    { id: 1, label: 'Nord' },
    { id: 2, label: 'Sud' },
  ],
};

/** The page markup of a cell, without the styles MUI writes beside it. */
const markup = (c: ColumnDefinition, row: Row) =>
  renderToStaticMarkup(renderCell(c, row, lookups)).replace(/<style[^>]*>.*?<\/style>/g, '');
/** What a person reads in the cell. */
const text = (c: ColumnDefinition, value: unknown) =>
  markup(c, { campo: value })
    .replace(/<[^>]+>/g, '')
    .replace(/\u00a0/g, ' ');

describe('renderCell: what each kind of field shows in a table', () => {
  it.each<[string, ColumnDefinition, unknown, string]>([
    ['text', column('text'), 'Via Roma 1', 'Via Roma 1'],
    ['text, empty', column('text'), null, ''],
    ['integer with Italian grouping', column('integer'), 12500, '12.500'],
    ['decimal number with a comma', column('number'), 3.75, '3,75'],
    ['number, not a number', column('number'), 'x', ''],
    ['money in euros, two decimals', column('money'), 12345.5, '12.345,50 €'],
    ['money from a thousand: grouped like the larger amounts', column('money'), 1234.5, '1.234,50 €'],
    ['money with two decimals even when whole', column('money'), 8, '8,00 €'],
    ['a percentage, not euros', column('percentage'), 8.5, '8,50%'],
    ['a percentage of zero', column('percentage'), 0, '0,00%'],
    ['a decimal with at least two decimals', column('number'), 2, '2,00'],
    ['a quantity without forced decimals', column('quantity'), 125000, '125.000'],
    ['a duration in minutes and seconds', column('duration'), 125, '02:05'],
    ['a file size', column('fileSize'), 2048, '2 KB'],
    ['a phone number in dotted groups', column('phone'), '02 4567 8901', '02.4567.8901'],
    ['a mobile number in dotted groups', column('phone'), '+39 333 1234567', '333.123.4567'],
    ['boolean true', column('boolean'), true, 'Sì'],
    ['boolean false', column('boolean'), false, 'No'],
    ['boolean never set', column('boolean'), null, 'No'],
    ['Si/No by its label', column('siNo', siNo), 'N', 'No'],
    ['enumeration value without a label shows itself', column('enum', siNo), 'X', 'X'],
    ['enumeration, empty', column('enum', { options: [] }), '', ''],
    ['date as DD-MM-YYYY', column('date'), '2025-09-24', '24-09-2025'],
    ['date-time with hours', column('dateTime'), '2025-09-24T14:05:00', '24-09-2025 14:05'],
    ['date, invalid', column('date'), 'ieri', ''],
    ['time as stored', column('time'), '08:30', '08:30'],
    ['a picture: whether there is one', column('image'), 'foto.png', 'Sì'],
    ['no picture', column('image'), '', 'No'],
    ['colour with its code', column('color'), '#C62828', '#C62828'],
    ['reference by the name of the record', column('reference', { reference: 'voce' }), 2, 'Sud'],
    ['reference to a record not loaded', column('reference', { reference: 'voce' }), 9, '#9'],
    ['references, one chip each', column('references', { reference: 'voce' }), [1, 2], 'NordSud'],
    ['list of enumerated values by label', column('list', siNo), ['Y', 'N'], 'SìNo'],
    ['list of free values: how many', column('list'), ['a', 'b', 'c'], '3'],
    ['object: its texts', column('object'), { via: 'Via Po', n: 3, citta: 'Torino' }, 'Via Po Torino'],
  ])('%s', (_name, c, value, want) => {
    expect(text(c, value)).toBe(want);
  });

  it('a colour chip shows the name in the colours of two fields of the same record', () => {
    const chip = column('colorChip', { colors: { background: 'sfondo', text: 'testo' } });
    const html = renderToStaticMarkup(
      renderCell(chip, { campo: 'Chiusa persa', sfondo: '#C62828', testo: '#FFFFFF' }, {}),
    );
    expect(html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '')).toBe('Chiusa persa');
    expect(html).toContain('MuiChip-root');
    expect(html).toMatch(/background-color:#C62828/);
    expect(html).toMatch(/[;{]color:#FFFFFF/);
  });

  it('a colour chip without colours is white with black text', () => {
    const chip = column('colorChip', { colors: { background: 'sfondo', text: 'testo' } });
    const html = renderToStaticMarkup(renderCell(chip, { campo: 'Nuova' }, {}));
    expect(html).toMatch(/background-color:#FFFFFF/);
    expect(html).toMatch(/[;{]color:#000000/);
  });
});
