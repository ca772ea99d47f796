import { endOfRomeDay, startOfRomeDay } from '../../domain/calendar/index.ts';
import { HttpError, MESSAGES } from '../httpError.ts';
import { quote, type Column, type EntityModel } from './entityModel.ts';

export type FilterValue = string | number | boolean | (string | number)[] | null | undefined;

export interface ListOptions {
  filters: Record<string, FilterValue>;
  sortBy?: string;
  descending?: boolean;
  page?: number;
  rowsPerPage?: number;
  /** Used when the request names no sort. */
  defaultSort?: { field: string; descending: boolean } | null;
  /** Text looked for in any of these columns. */
  search?: { fields: string[]; text: string };
  /** Columns that must be empty. */
  isNull?: string[];
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
      return `${col} ILIKE ${param(likePattern(String(value)))}`;
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

/** SQL for one page of a filtered, sorted list and its total, from known columns only. */
export function listQuery(
  model: EntityModel,
  options: ListOptions,
  select = '*',
): { sql: string; params: unknown[]; countSql: string; paged: boolean } {
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  for (const [field, value] of Object.entries(options.filters)) {
    if (isEmpty(value)) continue;
    const column =
      field === 'id'
        ? ({ name: 'id', sqlType: 'integer', readOnly: true, nullable: false } as Column)
        : model.byName.get(field);
    if (!column)
      throw new HttpError(400, MESSAGES.invalid, [{ field: `filters.${field}`, message: 'filtro non previsto' }]);
    where.push(condition(column, value as Exclude<FilterValue, null | undefined>, param));
  }
  if (options.search && options.search.text !== '') {
    const p = param(likePattern(options.search.text));
    where.push(`(${options.search.fields.map((f) => `${quote(f)}::text ILIKE ${p}`).join(' OR ')})`);
  }
  for (const field of options.isNull ?? []) where.push(`${quote(field)} IS NULL`);
  const sortField = options.sortBy ?? options.defaultSort?.field;
  const descending = options.sortBy ? options.descending === true : (options.defaultSort?.descending ?? false);
  if (sortField && sortField !== 'id' && !model.byName.has(sortField)) {
    throw new HttpError(400, MESSAGES.invalid, [
      { field: 'sortBy', message: `campo di ordinamento non previsto: ${sortField}` },
    ]);
  }
  const dir = descending ? 'DESC' : 'ASC';
  const order = sortField && sortField !== 'id' ? `${quote(sortField)} ${dir} NULLS LAST, id ${dir}` : `id ${dir}`;
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const table = quote(model.table);
  const countSql = `SELECT count(*)::int AS total FROM ${table}${whereSql}`;
  const page = options.page ?? 0;
  const rows = options.rowsPerPage ?? 0;
  const paged = !(page === 0 && rows === 0);
  const limit = paged ? ` LIMIT ${param(rows || 30)} OFFSET ${param((Math.max(page, 1) - 1) * (rows || 30))}` : '';
  const sql = `SELECT ${select}, count(*) OVER()::int AS "__total" FROM ${table}${whereSql} ORDER BY ${order}${limit}`;
  return { sql, params, countSql, paged };
}
