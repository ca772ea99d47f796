import { keepPreviousData } from '@tanstack/react-query';
import { isAllowed, OPERATION_ACCESS } from '../../domain/accessRules.ts';
import type { OperationId } from '../../domain/apiOperations.ts';
import { displayFormats, type DisplayKind } from '../../domain/displayFormats.ts';
import type { ListPage, PickQuery, Row } from '../api/resourceApi.ts';

/** Typing settles after this long without a key: then, and only then, the server is asked. */
export const PICKER_DEBOUNCE_MS = 150;
/** Records a picker lists at once; the rest are one "Cerca altro…" away. */
export const PICKER_ROWS = 8;
/** Records remembered as this user's last choices, per resource. */
export const RECENT_PICKS = 5;

/**
 * Whether these roles may search a resource's records: every signed-in user may read what a picker shows of a
 * resource other screens point to, unless its list has a rule of its own (users: admins only). A call refused
 * would end the session, so a picker that may not search is shown read-only instead.
 */
export function mayPick(resource: string, roles: readonly string[] | null): boolean {
  const operationId = `list${resource.charAt(0).toUpperCase()}${resource.slice(1)}` as OperationId;
  const rule = OPERATION_ACCESS[operationId];
  return rule === undefined ? !!roles : isAllowed(rule, roles);
}

/** Calls `settle` with the last value pushed, once `ms` have passed without another. */
export function createDebouncer<T>(ms: number, settle: (value: T) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(value: T) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        settle(value);
      }, ms);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** What a picker knows of the resource it picks from (its light index entry) and how it reads it. */
export interface PickerSource {
  resource: string;
  displayField: string;
  /** The fields a search looks in: shown under the name, so two alike records can be told apart. */
  search: readonly string[];
  /** The search fields with a format of their kind, read so under the name (a phone number as everywhere). */
  searchKinds?: Partial<Record<string, DisplayKind>>;
  sort: { field: string; descending: boolean } | null;
  fetchPage(query: PickQuery, signal: AbortSignal): Promise<ListPage>;
}

export type PickerGroup = 'recent' | 'latest' | 'found';

export interface PickerOption {
  id: number;
  label: string;
  /** The other search fields of the record (code, VAT number, phone…), as one line. */
  detail: string;
  group: PickerGroup;
}

export interface PickerAnswer {
  options: PickerOption[];
  /** Records beyond those listed (more matches, or more records in the table). */
  more: boolean;
}

/** A row as an option: its name, and the other search fields it has a value for. */
export function toOption(source: PickerSource, row: Row, group: PickerGroup): PickerOption {
  const id = Number(row.id);
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
  return {
    id,
    label: text(row[source.displayField]) || `#${id}`,
    detail: source.search
      .filter((f) => f !== source.displayField)
      .map((f) => {
        const kind = source.searchKinds?.[f];
        return kind ? displayFormats[kind](row[f]) : text(row[f]);
      })
      .filter(Boolean)
      .join(' · '),
    group,
  };
}

/** Rows in the resource's own order (a small table shown whole reads best that way). */
export function inOwnOrder(rows: Row[], sort: PickerSource['sort']): Row[] {
  if (!sort) return rows;
  const sign = sort.descending ? -1 : 1;
  const compare = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
    return sign * String(a).localeCompare(String(b), 'it', { sensitivity: 'base' });
  };
  return [...rows].sort((a, b) => compare(a[sort.field], b[sort.field]) || Number(a.id) - Number(b.id));
}

/**
 * The empty box: this user's last choices (those that still exist, in the order chosen), then the newest
 * records; a table that fits in one list is shown whole, in its own order. Two bounded calls, never a scan.
 */
async function emptyBox(source: PickerSource, recent: number[], signal: AbortSignal): Promise<PickerAnswer> {
  const [chosen, latest] = await Promise.all([
    recent.length > 0
      ? source.fetchPage({ ids: recent, page: 1, rowsPerPage: recent.length }, signal)
      : Promise.resolve(null),
    source.fetchPage({ page: 1, rowsPerPage: PICKER_ROWS, sortBy: 'id', descending: 1 }, signal),
  ]);
  const byId = new Map((chosen?.data ?? []).map((r) => [Number(r.id), r]));
  const recentRows = recent.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  const whole = latest.totalRows <= PICKER_ROWS;
  const rest = (whole ? inOwnOrder(latest.data, source.sort) : latest.data).filter((r) => !byId.has(Number(r.id)));
  const options = [
    ...recentRows.map((r) => toOption(source, r, 'recent')),
    ...rest.slice(0, Math.max(0, PICKER_ROWS - recentRows.length)).map((r) => toOption(source, r, 'latest')),
  ];
  return { options, more: latest.totalRows > options.length };
}

/**
 * The TanStack Query options of a picker's list for the text typed (already debounced): its key names the
 * text, so only the latest text's answer is ever shown; the call gets the query's signal, so a call still on
 * its way when the text changes is cancelled; and the previous list stays on screen until the new one comes.
 */
export function pickerQuery(source: PickerSource, text: string, recent: number[]) {
  const q = text.trim();
  return {
    queryKey: ['pick', source.resource, q, q === '' ? recent : []] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<PickerAnswer> => {
      if (q === '') return emptyBox(source, recent, signal);
      const page = await source.fetchPage({ q, page: 1, rowsPerPage: PICKER_ROWS }, signal);
      return { options: page.data.map((r) => toOption(source, r, 'found')), more: page.totalRows > page.data.length };
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  };
}

/** The last records a user chose in pickers of one resource, kept in the browser (per user, per resource). */
export function recentPicks(storage: Pick<Storage, 'getItem' | 'setItem'>, userId: number | string, resource: string) {
  const key = `crm.picks.${String(userId)}.${resource}`;
  const read = (): number[] => {
    try {
      const value = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
      return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
    } catch {
      return [];
    }
  };
  return {
    read,
    remember(id: number) {
      storage.setItem(key, JSON.stringify([id, ...read().filter((v) => v !== id)].slice(0, RECENT_PICKS)));
    },
  };
}
