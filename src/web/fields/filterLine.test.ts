import { describe, expect, it } from 'vitest';
import type { FilterDefinition } from '../../domain/resourceDefinition.ts';
import { filtersOnFirstLine } from './filterLine.ts';

const filter = (field: string, widget: FilterDefinition['widget'] = 'text') =>
  ({ field, label: field, widget }) as FilterDefinition;
// The negotiations' list: two texts, five pickers, a date range, a flag.
const negotiations = [
  filter('ragioneSociale'),
  filter('partitaIva'),
  filter('fonteId', 'select'),
  filter('filialeId', 'select'),
  filter('statoTrattativaId', 'select'),
  filter('operatoreId', 'select'),
  filter('gruppoCrmId', 'select'),
  filter('richiamareInData', 'dateRange'),
  filter('archiviata', 'triState'),
];

describe('filtersOnFirstLine: the filters the bar keeps beside its buttons, the others folded', () => {
  it('keeps every filter when all fit on one line with the buttons', () => {
    expect(filtersOnFirstLine([filter('codice'), filter('descrizione')], 1112)).toBe(2);
  });

  it('keeps as many as fit beside "Cerca", "Altri filtri" and "Azzera filtri", fewer on a tablet', () => {
    const desktop = filtersOnFirstLine(negotiations, 1112);
    const tablet = filtersOnFirstLine(negotiations, 696);
    expect(desktop).toBeGreaterThan(tablet);
    expect(desktop).toBeLessThan(negotiations.length);
    expect(tablet).toBeGreaterThanOrEqual(1);
  });

  it('keeps at least one filter in view, and all of them where no room is given (a dialog)', () => {
    expect(filtersOnFirstLine(negotiations, 300)).toBe(1);
    expect(filtersOnFirstLine(negotiations, undefined)).toBe(negotiations.length);
  });
});
