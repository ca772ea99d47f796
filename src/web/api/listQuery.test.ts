import { describe, expect, it } from 'vitest';
import type { FilterDefinition } from '../../domain/resourceDefinition.ts';
import { listQuery, type ListState } from './listQuery.ts';

const filters: FilterDefinition[] = [
  { field: 'description', label: 'Descrizione', widget: 'text', param: 'filters' },
  { field: 'active', label: 'Attivo', widget: 'boolean', param: 'filters' },
  { field: 'receivedAt', label: 'Data', widget: 'date', param: 'query' },
  { field: 'richiamareInData', label: 'Richiamare', widget: 'dateRange', param: 'filters' },
];
const state = (over: Partial<ListState>): ListState => ({
  filters: {},
  sortBy: null,
  descending: false,
  page: 1,
  rowsPerPage: 30,
  ...over,
});

describe('listQuery: the query parameters of a list call (SPEC.md section 7)', () => {
  it.each<[string, Partial<ListState>, Record<string, unknown>]>([
    ['nothing chosen: first page only', {}, { page: 1, rowsPerPage: 30 }],
    [
      'filters inside `filters`, empty ones left out',
      { filters: { description: 'nord', active: '' } },
      { filters: { description: 'nord' }, page: 1, rowsPerPage: 30 },
    ],
    [
      'a filter the call declares as its own parameter goes top-level',
      { filters: { receivedAt: '2025-09-24', description: 'x' } },
      { receivedAt: '2025-09-24', filters: { description: 'x' }, page: 1, rowsPerPage: 30 },
    ],
    ['a value for a field with no filter is not sent', { filters: { nessuno: 'x' } }, { page: 1, rowsPerPage: 30 }],
    [
      'sort ascending as descending=0',
      { sortBy: 'description' },
      { sortBy: 'description', descending: 0, page: 1, rowsPerPage: 30 },
    ],
    [
      'sort descending as descending=1',
      { sortBy: 'ordine', descending: true, page: 3, rowsPerPage: 50 },
      { sortBy: 'ordine', descending: 1, page: 3, rowsPerPage: 50 },
    ],
    ['descending without a sort field is not sent', { descending: true }, { page: 1, rowsPerPage: 30 }],
    [
      'a date range sends each end it has as <field>From / <field>To',
      { filters: { richiamareInDataFrom: '2025-09-01', richiamareInDataTo: '', richiamareInData: 'x' } },
      { filters: { richiamareInDataFrom: '2025-09-01' }, page: 1, rowsPerPage: 30 },
    ],
    ['no pagination: page 0 and rows 0', { page: 4, rowsPerPage: 0 }, { page: 0, rowsPerPage: 0 }],
  ])('%s', (_name, given, want) => {
    expect(listQuery(filters, state(given))).toEqual(want);
  });

  const search: FilterDefinition = {
    field: 'q',
    label: 'Ricerca',
    widget: 'text',
    param: 'query',
    looksIn: ['Ragione sociale'],
    maxRows: 100,
  };
  it.each<[string, Partial<ListState>, Record<string, unknown>]>([
    [
      'a search goes top-level, as the page asked',
      { filters: { q: 'rossi' }, page: 2 },
      { q: 'rossi', page: 2, rowsPerPage: 30 },
    ],
    [
      'a search of the whole list reads its first page of the bound',
      { filters: { q: 'rossi' }, rowsPerPage: 0 },
      { q: 'rossi', page: 1, rowsPerPage: 100 },
    ],
    [
      'a search never asks more rows than the bound',
      { filters: { q: 'rossi' }, page: 3, rowsPerPage: 500 },
      { q: 'rossi', page: 3, rowsPerPage: 100 },
    ],
    [
      'without a search, the whole list is still unpaged',
      { filters: { q: '' }, rowsPerPage: 0 },
      { page: 0, rowsPerPage: 0 },
    ],
  ])('%s', (_name, given, want) => {
    expect(listQuery([search, ...filters], state(given))).toEqual(want);
  });
});
