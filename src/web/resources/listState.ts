import { filterKeys, type ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { romeToday } from '../../domain/calendar/index.ts';
import type { ListState } from '../api/listQuery.ts';

export const PAGE_SIZES = [30, 50, 100];

/**
 * The list's filters, sort and page live in the URL (f.<field>, sort, desc, page, size), so reload,
 * Back/Forward and a shared link show the same view. Filter defaults apply when the URL has none.
 */
export function readListState(def: ResourceDefinition, params: URLSearchParams): ListState {
  const filters: Record<string, string> = {};
  const anyFilter = [...params.keys()].some((k) => k.startsWith('f.'));
  for (const f of def.filters)
    for (const key of filterKeys(f)) {
      const v = params.get(`f.${key}`);
      if (v !== null) filters[key] = v;
      else if (!anyFilter && f.default !== undefined)
        filters[key] = f.default === 'today' ? romeToday() : String(f.default);
    }
  const size = Number(params.get('size') ?? def.pageSize);
  return {
    filters,
    sortBy: params.get('sort') ?? def.sort?.field ?? null,
    descending: params.has('desc') ? params.get('desc') === '1' : (def.sort?.descending ?? false),
    page: Math.max(1, Number(params.get('page') ?? 1)),
    rowsPerPage: Number.isFinite(size) && size >= 0 ? size : def.pageSize,
  };
}

export function writeListState(state: ListState): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(state.filters)) p.set(`f.${k}`, v);
  if (state.sortBy) {
    p.set('sort', state.sortBy);
    p.set('desc', state.descending ? '1' : '0');
  }
  if (state.page > 1) p.set('page', String(state.page));
  p.set('size', String(state.rowsPerPage));
  return p;
}
