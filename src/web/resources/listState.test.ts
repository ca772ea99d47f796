import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FilterDefinition, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { ListState } from '../api/listQuery.ts';
import { readListState, writeListState } from './listState.ts';

const filter = (field: string, extra: Partial<FilterDefinition> = {}): FilterDefinition => ({
  field,
  label: field,
  widget: 'text',
  param: 'filters',
  ...extra,
});
const def = (over: Partial<ResourceDefinition> = {}) =>
  ({
    filters: [filter('description'), filter('active', { widget: 'boolean', default: true })],
    sort: { field: 'ordine', descending: false },
    pageSize: 30,
    ...over,
  }) as ResourceDefinition;

afterEach(() => vi.useRealTimers());

describe('readListState: the list as the URL says, defaults where it is silent', () => {
  it.each<[string, string, Partial<ResourceDefinition>, ListState]>([
    [
      'an empty URL: filter defaults, the schema sort, page 1, the schema page size',
      '',
      {},
      { filters: { active: 'true' }, sortBy: 'ordine', descending: false, page: 1, rowsPerPage: 30 },
    ],
    [
      'any filter in the URL replaces every default (a default removed stays removed)',
      'f.description=nord',
      {},
      { filters: { description: 'nord' }, sortBy: 'ordine', descending: false, page: 1, rowsPerPage: 30 },
    ],
    [
      'sort, direction, page and size from the URL',
      'f.active=false&sort=description&desc=1&page=3&size=100',
      {},
      { filters: { active: 'false' }, sortBy: 'description', descending: true, page: 3, rowsPerPage: 100 },
    ],
    [
      'desc=0 overrides a descending schema sort',
      'desc=0',
      { sort: { field: 'data', descending: true } },
      { filters: { active: 'true' }, sortBy: 'data', descending: false, page: 1, rowsPerPage: 30 },
    ],
    [
      'no sort anywhere',
      '',
      { sort: null, filters: [] },
      { filters: {}, sortBy: null, descending: false, page: 1, rowsPerPage: 30 },
    ],
    [
      'a page below 1 becomes 1; a nonsense size falls back to the schema page size',
      'page=-2&size=tanti',
      { pageSize: 10, filters: [] },
      { filters: {}, sortBy: 'ordine', descending: false, page: 1, rowsPerPage: 10 },
    ],
    [
      'size 0 means every row',
      'size=0',
      { filters: [] },
      { filters: {}, sortBy: 'ordine', descending: false, page: 1, rowsPerPage: 0 },
    ],
    [
      'a date range reads both its ends',
      'f.richiamareInDataFrom=2025-09-01&f.richiamareInDataTo=2025-09-30',
      { filters: [filter('richiamareInData', { widget: 'dateRange' })] },
      {
        filters: { richiamareInDataFrom: '2025-09-01', richiamareInDataTo: '2025-09-30' },
        sortBy: 'ordine',
        descending: false,
        page: 1,
        rowsPerPage: 30,
      },
    ],
    [
      'a field the screen does not filter on is ignored',
      'f.nessuno=1',
      { filters: [filter('description')] },
      { filters: {}, sortBy: 'ordine', descending: false, page: 1, rowsPerPage: 30 },
    ],
  ])('%s', (_name, query, over, want) => {
    expect(readListState(def(over), new URLSearchParams(query))).toEqual(want);
  });

  it('a default of "today" is the date of the day the list opens', () => {
    vi.useFakeTimers({ now: new Date('2025-09-24T10:00:00Z') });
    const d = def({ filters: [filter('receivedAt', { widget: 'date', default: 'today' })] });
    expect(readListState(d, new URLSearchParams()).filters).toEqual({ receivedAt: '2025-09-24' });
  });

  it.each([
    ['summer, 23:30 UTC is 01:30 in Rome', '2025-09-24T23:30:00Z', '2025-09-25'],
    ['winter, 23:30 UTC is 00:30 in Rome', '2025-12-31T23:30:00Z', '2026-01-01'],
    ['22:30 UTC in winter is still the same day in Rome', '2025-12-31T22:30:00Z', '2025-12-31'],
  ])('"today" is the day in Rome, whatever the clock of the computer: %s', (_name, now, want) => {
    vi.useFakeTimers({ now: new Date(now) });
    const d = def({ filters: [filter('callDate', { widget: 'date', default: 'today' })] });
    expect(readListState(d, new URLSearchParams()).filters).toEqual({ callDate: want });
  });
});

describe('writeListState', () => {
  it.each<[string, ListState, string]>([
    [
      'filters, sort and page',
      { filters: { description: 'nord' }, sortBy: 'ordine', descending: true, page: 2, rowsPerPage: 50 },
      'f.description=nord&sort=ordine&desc=1&page=2&size=50',
    ],
    [
      'page 1 and no sort are left out; the size is always written',
      { filters: {}, sortBy: null, descending: false, page: 1, rowsPerPage: 30 },
      'size=30',
    ],
  ])('%s', (_name, state, want) => {
    expect(writeListState(state).toString()).toBe(want);
  });

  it('what is written reads back the same', () => {
    const state: ListState = {
      filters: { description: 'a b&c' },
      sortBy: 'description',
      descending: false,
      page: 4,
      rowsPerPage: 100,
    };
    expect(readListState(def(), writeListState(state))).toEqual(state);
  });
});
