import { describe, expect, it } from 'vitest';
import type { FilterDefinition } from '../../domain/resourceDefinition.ts';
import { filtersInSight, searchBoxWidth } from './filterLine.ts';

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

/** How many filters are in sight, none chosen. */
const inSight = (filters: FilterDefinition[], room: number | undefined) => filtersInSight(filters, room).length;

describe('filtersInSight: the filters the bar keeps beside its buttons, the others folded', () => {
  it('keeps every filter when all fit on one line with the buttons', () => {
    expect(inSight([filter('codice'), filter('descrizione')], 1112)).toBe(2);
  });

  it('keeps as many as fit beside "Cerca", "Altri filtri" and "Azzera filtri", fewer on a tablet', () => {
    const desktop = inSight(negotiations, 1112);
    const tablet = inSight(negotiations, 696);
    expect(desktop).toBeGreaterThan(tablet);
    expect(desktop).toBeLessThan(negotiations.length);
    expect(tablet).toBeGreaterThanOrEqual(1);
  });

  it('keeps at least one filter in view, and all of them where no room is given (a dialog)', () => {
    expect(inSight(negotiations, 300)).toBe(1);
    expect(inSight(negotiations, undefined)).toBe(negotiations.length);
  });

  it('keeps the filters the list is filtered by in sight, in their order, in the place of others that no longer fit', () => {
    const chosen = new Set(['partitaIva', 'archiviata']);
    const tablet = filtersInSight(negotiations, 696, (f) => chosen.has(f.field)).map((f) => f.field);
    expect(tablet).toEqual(['partitaIva', 'archiviata']);
    const desktop = filtersInSight(negotiations, 1112, (f) => chosen.has(f.field)).map((f) => f.field);
    expect(desktop.slice(0, 2)).toEqual(['ragioneSociale', 'partitaIva']);
    expect(desktop).toContain('archiviata');
    expect(desktop.length).toBeLessThan(negotiations.length);
  });

  it('narrows the search box on a tablet, to keep it on one line with the buttons, and widens it on a desktop', () => {
    const search = { ...filter('q'), looksIn: ['Codice', 'Ragione sociale', 'Partita IVA', 'Telefono'] };
    expect(searchBoxWidth(1112)).toBe(400);
    expect(searchBoxWidth(696)).toBeLessThan(400);
    expect(searchBoxWidth(300)).toBe(200);
    expect(filtersInSight([search, ...negotiations], 696).map((f) => f.field)).toEqual(['q']);
    expect(
      filtersInSight([search, ...negotiations], 1112)
        .map((f) => f.field)
        .slice(0, 2),
    ).toEqual(['q', 'ragioneSociale']);
  });
});
