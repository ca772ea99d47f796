import { filterKeys, type FilterDefinition } from '../../domain/resourceDefinition.ts';

/** What a list shows: filters by field, sort, page (from 1) and rows per page (0: all). */
export interface ListState {
  filters: Record<string, string>;
  sortBy: string | null;
  descending: boolean;
  page: number;
  rowsPerPage: number;
}

/** Query parameters of a list call: empty filters are not sent; noPagination sends page 0 and rows 0. */
export function listQuery(filters: FilterDefinition[], state: ListState): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const inside: Record<string, string> = {};
  for (const f of filters)
    for (const key of filterKeys(f)) {
      const value = state.filters[key];
      if (value === undefined || value === '') continue;
      if (f.param === 'query') query[key] = value;
      else inside[key] = value;
    }
  if (Object.keys(inside).length > 0) query.filters = inside;
  if (state.sortBy) {
    query.sortBy = state.sortBy;
    query.descending = state.descending ? 1 : 0;
  }
  query.page = state.rowsPerPage === 0 ? 0 : state.page;
  query.rowsPerPage = state.rowsPerPage;
  // A search is always read in pages of a bounded size (x-search-max-rows): the whole list, a page of that size.
  const search = filters.find((f) => f.field === 'q' && f.param === 'query' && f.maxRows);
  if (search?.maxRows && query.q !== undefined && (state.rowsPerPage === 0 || state.rowsPerPage > search.maxRows)) {
    query.page = Math.max(state.page, 1);
    query.rowsPerPage = search.maxRows;
  }
  return query;
}
