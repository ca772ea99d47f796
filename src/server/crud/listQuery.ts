import { endOfRomeDay, startOfRomeDay } from '../../domain/calendar/index.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import { quote, type Column, type EntityModel } from './entityModel.ts';
import { searchCondition } from './search.ts';

export type FilterValue = string | number | boolean | (string | number)[] | null | undefined;

/**
 * Where the next batch of a list starts (the export reads a list this way, never with OFFSET):
 * after this row in the list's order, or, once the rows with a value are done, among those without one.
 */
export interface Keyset {
  row: Record<string, unknown> | null;
  nullsPhase: boolean;
}
/**
 * Symbol keys never come from HTTP nor go back to it (JSON ignores them): the batch cursor rides on
 * a list handler's query (`query[KEYSET]`) and its answer (`result[KEYSET]`, the next cursor).
 */
export const KEYSET = Symbol('keyset');

export interface ListOptions {
  filters: Record<string, FilterValue>;
  sortBy?: string;
  descending?: boolean;
  page?: number;
  rowsPerPage?: number;
  /** Used when the request names no sort. */
  defaultSort?: { field: string; descending: boolean } | null;
  /**
   * A search (`q`): every word contained in the folded search text (crud/search.ts); with `only`, in those
   * fields alone (a reader who may see only them). A search reads at most `maxMatches` matches.
   */
  search?: { words: string[]; only?: readonly string[] };
  /** Columns that must be empty. */
  isNull?: string[];
  /** Read in batches from this cursor (the first batch: row null). */
  after?: Keyset;
  /** Only these columns are read, besides id, version and the sort's (a sparse list, `fields`); default all. */
  fields?: readonly string[];
  /** Only these fields may be filtered and sorted on (a reader who sees only them). */
  visibleFields?: readonly string[];
  /**
   * Conditions a workflow adds beyond per-field filters (who may see which rows, a period over several
   * columns): SQL written with `param` for every value, ANDed with the filters and counted like them.
   */
  conditions?: ((param: (value: unknown) => string) => string)[];
}

export interface ListSql {
  /** The rows of the page (or of the batch), or every row when unpaged. */
  sql: string;
  params: unknown[];
  /** How many rows match, and the same bounded to `limit` (cheap whatever the table's size). */
  countSql: string;
  boundedCountSql(limit: number): string;
  /** The page and, on each row as "__total", the bounded count: one round trip for both. */
  sqlWithBoundedCount(limit: number): string;
  /** The filter parameters alone, for the two counts. */
  filterParams: unknown[];
  /**
   * A search: the page among the first `maxMatches + 1` matches, each row with their number as "__total"
   * (more than maxMatches: the search must be narrowed).
   */
  searchSql(maxMatches: number): string;
  paged: boolean;
  limit: number;
  sortField: string;
  descending: boolean;
}

const isEmpty = (v: FilterValue) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function romeDayBounds(day: string, field: string): [string, string] {
  try {
    return [startOfRomeDay(day).toString(), endOfRomeDay(day).toString()];
  } catch {
    throw new HttpError(400, MESSAGES.invalid, [
      { field: `filters.${field}`, message: 'deve essere una data AAAA-MM-GG' },
    ]);
  }
}

function condition(
  column: Column,
  value: Exclude<FilterValue, null | undefined>,
  param: (v: unknown) => string,
): string {
  const col = quote(column.name);
  if (Array.isArray(value)) {
    return column.sqlType === 'jsonb'
      ? `${col} ?| ${param(value.map(String))}::text[]`
      : `${col} = ANY(${param(value)}::${column.sqlType === 'text' ? 'text' : column.sqlType}[])`;
  }
  switch (column.sqlType) {
    case 'text':
      // One of a closed list (Y/N, a status) is that value; free text is searched for, case aside.
      return column.closed ? `${col} = ${param(String(value))}` : `${col} ILIKE ${param(likePattern(String(value)))}`;
    case 'jsonb':
      return `${col} @> ${param(JSON.stringify([value]))}::jsonb`;
    case 'timestamptz':
      if (typeof value === 'string' && ISO_DAY.test(value)) {
        // A day is a day in Rome, midnight to midnight, whatever the database's own time zone.
        const [from, to] = romeDayBounds(value, column.name);
        return `${col} >= ${param(from)}::timestamptz AND ${col} < ${param(to)}::timestamptz`;
      }
      return `${col} = ${param(value)}::timestamptz`;
    case 'boolean': {
      const text = String(value).toLowerCase();
      if (!['true', 'false', '1', '0'].includes(text))
        throw new HttpError(400, MESSAGES.invalid, [
          { field: `filters.${column.name}`, message: 'deve essere vero o falso' },
        ]);
      return `${col} = ${param(text === 'true' || text === '1')}`;
    }
    default: {
      if (column.sqlType !== 'date' && Number.isNaN(Number(value)))
        throw new HttpError(400, MESSAGES.invalid, [
          { field: `filters.${column.name}`, message: 'deve essere un numero' },
        ]);
      if (column.sqlType === 'date' && !ISO_DAY.test(String(value)))
        throw new HttpError(400, MESSAGES.invalid, [
          { field: `filters.${column.name}`, message: 'deve essere una data AAAA-MM-GG' },
        ]);
      return `${col} = ${param(value)}::${column.sqlType}`;
    }
  }
}

/** `<date field>From` / `<date field>To`: one end of an inclusive range of days (a list's date range filter). */
function rangeEnd(model: EntityModel, key: string): { column: Column; end: 'From' | 'To' } | null {
  const match = /^(.+)(From|To)$/.exec(key);
  if (!match || model.byName.has(key)) return null;
  const column = model.byName.get(match[1] ?? '');
  if (!column || (column.sqlType !== 'date' && column.sqlType !== 'timestamptz')) return null;
  return { column, end: match[2] as 'From' | 'To' };
}

function rangeCondition(
  { column, end }: { column: Column; end: 'From' | 'To' },
  value: FilterValue,
  param: (v: unknown) => string,
): string {
  const day = String(value);
  const key = `filters.${column.name}${end}`;
  if (!ISO_DAY.test(day))
    throw new HttpError(400, MESSAGES.invalid, [{ field: key, message: 'deve essere una data AAAA-MM-GG' }]);
  const col = quote(column.name);
  if (column.sqlType === 'date') return `${col} ${end === 'From' ? '>=' : '<='} ${param(day)}::date`;
  // A day is a day in Rome: from its first instant, up to the first instant of the next one.
  const [from, to] = romeDayBounds(day, column.name);
  return end === 'From' ? `${col} >= ${param(from)}::timestamptz` : `${col} < ${param(to)}::timestamptz`;
}

/** The condition that continues a list after the cursor, in its order (id last, NULLS LAST). */
function keysetCondition(
  model: EntityModel,
  after: Keyset,
  sortField: string,
  descending: boolean,
  param: (v: unknown) => string,
): string | null {
  const cmp = descending ? '<' : '>';
  const lastId = after.row ? Number(after.row.id) : null;
  const afterId = () => (lastId === null ? '' : `id ${cmp} ${param(lastId)}`);
  if (sortField === 'id') return after.nullsPhase ? 'false' : afterId() || null;
  const col = quote(sortField);
  const value = after.row?.[sortField];
  if (after.nullsPhase || (after.row && (value === null || value === undefined)))
    return [`${col} IS NULL`, afterId()].filter(Boolean).join(' AND ');
  if (!after.row) return null;
  const type = model.byName.get(sortField)?.sqlType ?? 'text';
  const v = param(type === 'jsonb' ? JSON.stringify(value) : value);
  // A row comparison leaves the rows without a value out: they come in the nulls phase.
  return `(${col}, id) ${cmp} (${v}::${type}, ${param(lastId)}::integer)`;
}

/** The columns a sparse list reads: those asked for that are stored, id, version, and the sort's (its cursor). */
function selectedColumns(model: EntityModel, fields: readonly string[], sortField: string): string {
  const stored = ['version', sortField, ...fields].filter((f) => model.byName.has(f));
  return ['id', ...new Set(stored)].map(quote).join(', ');
}

/** SQL for one page of a filtered, sorted list and its counts, from known columns only. */
export function listQuery(model: EntityModel, options: ListOptions, defaultPageSize = 30): ListSql {
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const visible = options.visibleFields ? new Set(['id', ...options.visibleFields]) : null;
  const where: string[] = [];
  for (const [field, value] of Object.entries(options.filters)) {
    if (isEmpty(value)) continue;
    const range = rangeEnd(model, field);
    if (range && (!visible || visible.has(range.column.name))) {
      where.push(rangeCondition(range, value, param));
      continue;
    }
    const column =
      field === 'id'
        ? ({ name: 'id', sqlType: 'integer', readOnly: true, nullable: false } as Column)
        : model.byName.get(field);
    if (!column || (visible && !visible.has(field)))
      throw new HttpError(400, MESSAGES.invalid, [{ field: `filters.${field}`, message: 'filtro non previsto' }]);
    where.push(condition(column, value as Exclude<FilterValue, null | undefined>, param));
  }
  const searched = searchCondition(model, options.search?.only, param, options.search?.words ?? []);
  if (searched) where.push(searched);
  for (const field of options.isNull ?? []) where.push(`${quote(field)} IS NULL`);
  for (const condition of options.conditions ?? []) where.push(`(${condition(param)})`);
  const sortField = options.sortBy ?? options.defaultSort?.field ?? 'id';
  const descending = options.sortBy ? options.descending === true : (options.defaultSort?.descending ?? false);
  if ((sortField !== 'id' && !model.byName.has(sortField)) || (visible && !visible.has(sortField))) {
    throw new HttpError(400, MESSAGES.invalid, [
      { field: 'sortBy', message: `campo di ordinamento non previsto: ${sortField}` },
    ]);
  }
  const table = quote(model.table);
  const select = options.fields ? selectedColumns(model, options.fields, sortField) : '*';
  const filterWhere = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const filterParams = [...params];
  const keyset = options.after ? keysetCondition(model, options.after, sortField, descending, param) : null;
  const allWhere = [...where, ...(keyset ? [keyset] : [])];
  const whereSql = allWhere.length > 0 ? ` WHERE ${allWhere.join(' AND ')}` : '';
  const dir = descending ? 'DESC' : 'ASC';
  const order = sortField !== 'id' ? `${quote(sortField)} ${dir} NULLS LAST, id ${dir}` : `id ${dir}`;
  // No paging at all, or page=0&rowsPerPage=0: every row (bounded by the caller). Paging without a size: the list's own.
  const page = options.page ?? 0;
  const rows = options.rowsPerPage ?? 0;
  const paged = !!options.after || page > 0 || rows > 0;
  const limit = rows > 0 ? rows : defaultPageSize;
  const offset = options.after ? 0 : (Math.max(page, 1) - 1) * limit;
  const pageSql = paged ? ` LIMIT ${param(limit)} OFFSET ${param(offset)}` : '';
  return {
    sql: `SELECT ${select} FROM ${table}${whereSql} ORDER BY ${order}${pageSql}`,
    params,
    countSql: `SELECT count(*)::int AS total FROM ${table}${filterWhere}`,
    sqlWithBoundedCount: (n) =>
      `SELECT ${select}, (SELECT count(*)::int FROM (SELECT 1 FROM ${table}${filterWhere} LIMIT ${n}) AS capped) AS "__total" FROM ${table}${whereSql} ORDER BY ${order}${pageSql}`,
    boundedCountSql: (n) =>
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${table}${filterWhere} LIMIT ${n}) AS capped`,
    // The matches first, in whatever order the index gives them, then the page of those in the list's order: a
    // search costs at most maxMatches + 1 rows however common its words (a bitmap of the trigram index, or a
    // scan that stops early), instead of sorting every match of a three-letter word.
    searchSql: (n) =>
      `WITH matches AS MATERIALIZED (SELECT ${select} FROM ${table}${filterWhere} LIMIT ${n + 1}) ` +
      `SELECT *, (SELECT count(*)::int FROM matches) AS "__total" ` +
      `FROM (SELECT * FROM matches ORDER BY ${order} LIMIT ${n}) AS listed ORDER BY ${order}${pageSql}`,
    filterParams,
    paged,
    limit,
    sortField,
    descending,
  };
}
