import type { Queryable } from '../db/Db.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import { quote, type EntityModel, type SqlType } from './entityModel.ts';
import { COUNT_EXACT_UP_TO, createListCounts, type ListCounts } from './listCounts.ts';
import { KEYSET, listQuery, type Keyset, type ListOptions } from './listQuery.ts';
import type { Resource } from './resource.ts';
import { carriesWrittenBy, withoutWrittenBy } from './writtenBy.ts';
import { historyReturning } from './history.ts';
import { checkSearch, DEFAULT_SEARCH_LIMITS, type SearchLimits } from './search.ts';

export type Row = Record<string, unknown>;

/** A stored record: it has its id. */
export type Stored<T> = T & { id: number };

/** What a lookup compares each field with: a value, any of several, or null for an empty field. */
export type Lookup<T> = { [K in keyof T]?: T[K] | readonly NonNullable<T[K]>[] | null };

/** A field a lookup is ordered by, ascending unless it says otherwise (empty values last either way). */
export type LookupOrder<T> = (keyof T & string) | { field: keyof T & string; descending: true };

export interface ListPage<T extends object = Row> {
  data: T[];
  totalRows: number;
  /** Set when totalRows is a count reused from a few seconds ago. */
  totalRowsAsOf?: string;
  /** Set when a search matched more rows than it reads (totalRows is then that bound). */
  totalRowsCapped?: boolean;
  /** Where the next batch starts, when the list was read in batches (options.after). */
  [KEYSET]?: Keyset;
}

export interface RepositorySettings {
  /** Rows of a page when the request names a page but no size. */
  pageSize: number;
  /** Rows an unpaged list may return at most (openapi.yaml, x-unpaged-ceiling). */
  unpagedCeiling: number;
  /** The bounds of a search (openapi.yaml, the `q` parameter). */
  search: SearchLimits;
  counts: ListCounts;
}

/** After a batch: where the next one starts, or nothing when the list is done. */
function nextCursor(after: Keyset, rows: Row[], limit: number, sortField: string): Keyset | undefined {
  const last = rows.at(-1);
  const emptyValue = (row: Row | null | undefined) =>
    !!row && (row[sortField] === null || row[sortField] === undefined);
  const inNulls = sortField !== 'id' && (after.nullsPhase || (last ? emptyValue(last) : emptyValue(after.row)));
  if (last && rows.length === limit) return { row: { id: last.id, [sortField]: last[sortField] }, nullsPhase: inNulls };
  // The rows without a value come after those with one; a first batch without a cursor already had them.
  const nullsDone = sortField === 'id' || inNulls || (after.row === null && !after.nullsPhase);
  return nullsDone ? undefined : { row: null, nullsPhase: true };
}

// Italian grouping leaves four digits alone (5000); the message reads better as 5.000.
const thousands = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });

type RecordWriter = (row: Row) => Row;

/** The writers of whole rows, by model, and of sparse ones by model and fields (a few per list at most). */
const wholeWriters = new WeakMap<EntityModel, RecordWriter>();
const sparseWriters = new WeakMap<EntityModel, Map<string, RecordWriter>>();
/** Past this many sets of fields for one model (a client asking for every combination), the kept ones are dropped. */
const SPARSE_WRITERS_KEPT = 64;

/**
 * toRecord for these columns as one function, compiled once: for the rows of a list page about eight times
 * faster than looping over the model's columns for each row. Column names come from the schemas, quoted as
 * JSON strings.
 */
function compileWriter(model: EntityModel, only?: ReadonlySet<string>): RecordWriter {
  const steps = model.columns
    .filter((c) => !only || only.has(c.name))
    .map((c) => {
      const key = JSON.stringify(c.name);
      return c.nullable
        ? `v = row[${key}]; out[${key}] = v === undefined ? null : v;`
        : `v = row[${key}]; if (v !== null && v !== undefined) out[${key}] = v;`;
    });
  return new Function('row', `const out = { id: row.id }; let v;\n${steps.join('\n')}\nreturn out;`) as RecordWriter;
}

/**
 * The writer of a model's records: whole, or of a sparse list (`only`) the fields asked for alone (kept by the
 * list as asked: the same request names them in the same order).
 */
export function recordWriter(model: EntityModel, only?: readonly string[]): RecordWriter {
  if (!only) {
    let whole = wholeWriters.get(model);
    if (!whole) wholeWriters.set(model, (whole = compileWriter(model)));
    return whole;
  }
  let byFields = sparseWriters.get(model);
  if (!byFields) sparseWriters.set(model, (byFields = new Map()));
  const key = only.join(',');
  let writer = byFields.get(key);
  if (!writer) {
    if (byFields.size >= SPARSE_WRITERS_KEPT) byFields.clear();
    byFields.set(key, (writer = compileWriter(model, new Set(only))));
  }
  return writer;
}

/**
 * A stored row as the API shows it: schema fields only, nulls dropped where the schema forbids them; of a
 * sparse list (`only`), the fields asked for alone.
 */
export function toRecord(model: EntityModel, row: Row, only?: readonly string[]): Row {
  return recordWriter(model, only)(row);
}

/** The writable fields of a request body (id and readOnly fields are ignored). */
function writable(model: EntityModel, body: Row): [string, unknown][] {
  return Object.entries(body)
    .filter(([k]) => model.byName.has(k) && !model.byName.get(k)?.readOnly)
    .map(([k, v]) => [k, model.byName.get(k)?.sqlType === 'jsonb' && v !== null ? JSON.stringify(v) : v]);
}

/** Body fields plus server-set ones (which win), jsonb values serialised. */
function merge(fields: [string, unknown][], internal: Row): [string, unknown][] {
  const out = new Map(fields);
  for (const [k, v] of Object.entries(internal))
    out.set(k, v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
  return [...out];
}

/** The SQL of a lookup: the rows whose fields equal these values, in this order and then by id, at most `limit`. */
function lookupSql(model: EntityModel, equal: Row, orderBy: readonly LookupOrder<Row>[], limit: number) {
  // Field names come from code, never from a request: an unknown one is a bug of the caller.
  const column = (field: string): { name: string; sqlType: SqlType } => {
    const found = field === 'id' ? { name: 'id', sqlType: 'integer' as const } : model.byName.get(field);
    if (!found) throw new Error(`${model.typeName} has no field ${field}`);
    return found;
  };
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions = Object.entries(equal)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => {
      const { name, sqlType } = column(field);
      if (value === null) return `${quote(name)} IS NULL`;
      if (Array.isArray(value)) return `${quote(name)} = ANY(${param(value)}::${sqlType}[])`;
      return `${quote(name)} = ${param(sqlType === 'jsonb' ? JSON.stringify(value) : value)}`;
    });
  const order = [...orderBy, 'id'].map((o) => (typeof o === 'string' ? { field: o, descending: false } : o));
  const sort = order
    .filter((o, i) => order.findIndex((p) => p.field === o.field) === i)
    .map((o) => `${quote(column(o.field).name)} ${o.descending ? 'DESC' : 'ASC'} NULLS LAST`);
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  return { sql: `SELECT * FROM ${quote(model.table)}${where} ORDER BY ${sort.join(', ')} LIMIT ${limit}`, params };
}

/**
 * The SQL of one resource's table, driven by its schema. T is the record as the contract describes it
 * (the schema's type; Row where the resource is not known): rows become records only here.
 */
export function crudRepository<T extends object = Row>(
  db: Queryable,
  model: EntityModel,
  options: Partial<RepositorySettings> = {},
) {
  const table = quote(model.table);
  const settings: RepositorySettings = {
    pageSize: 30,
    unpagedCeiling: 5000,
    search: DEFAULT_SEARCH_LIMITS,
    counts: createListCounts(),
    ...options,
  };
  const { counts } = settings;
  const count = async (sql: string, params: unknown[]) =>
    (await db.query<{ total: number }>(sql, params)).rows[0]?.total ?? 0;
  // A large count runs once at a time per filter: the requests that need it meanwhile wait for the same
  // answer instead of each scanning the same rows (fifty users opening the same list as it expires).
  const countsInFlight = new Map<string, Promise<number>>();
  const sharedCount = (key: string, sql: string, params: unknown[]) => {
    let pending = countsInFlight.get(key);
    if (!pending) {
      pending = count(sql, params).finally(() => countsInFlight.delete(key));
      countsInFlight.set(key, pending);
    }
    return pending;
  };
  const record = (row: Row) => recordWriter(model)(row) as T;
  const history = (params: unknown[], event?: { id: unknown; name: string }) =>
    historyReturning(model.history, params, event);

  /** A list's rows as records: whole, or of a sparse list the fields asked for and version. */
  const listed = (options: ListOptions) =>
    recordWriter(model, options.fields ? ['version', ...options.fields] : undefined) as (row: Row) => T;
  /** A search: always a page (the first when none is named), among a bounded number of matches. */
  async function search(options: ListOptions, words: string[]): Promise<ListPage<T>> {
    const { maxMatches } = settings.search;
    // Read in batches (the export): every match at once, the search's bound being far under an export's batch.
    const paging = options.after ? { page: 1, rowsPerPage: maxMatches } : { page: options.page ?? 1 };
    checkSearch(words, paging.page, options.after ? undefined : options.rowsPerPage, settings.search);
    const q = listQuery(model, { ...options, after: undefined, ...paging }, settings.pageSize);
    const { rows } = await db.query<Row & { __total: number }>(q.searchSql(maxMatches), q.params);
    const matches = rows[0]?.__total ?? (await count(q.boundedCountSql(maxMatches + 1), q.filterParams));
    const data = rows.map(listed(options));
    return matches > maxMatches ? { data, totalRows: maxMatches, totalRowsCapped: true } : { data, totalRows: matches };
  }
  /** The records whose fields equal these values (repository.where). */
  async function lookup(
    equal: Lookup<T>,
    options: { orderBy?: readonly LookupOrder<T>[]; limit: number },
  ): Promise<Stored<T>[]> {
    const { limit } = options;
    if (!Number.isInteger(limit) || limit < 1 || limit > settings.unpagedCeiling)
      throw new Error(`${model.typeName}: a lookup reads 1 to ${settings.unpagedCeiling} rows, not ${limit}`);
    const q = lookupSql(model, equal, options.orderBy ?? [], limit);
    return (await db.query<Row>(q.sql, q.params)).rows.map((row) => record(row) as Stored<T>);
  }
  return {
    /**
     * A page of the list and its total; unpaged, every row, but only up to the ceiling (a bounded
     * count decides before any row is read); in batches, the next cursor and no total.
     */
    async list(options: ListOptions): Promise<ListPage<T>> {
      if (options.search && options.search.words.length > 0) return search(options, options.search.words);
      const q = listQuery(model, options, settings.pageSize);
      if (!q.paged) {
        const ceiling = settings.unpagedCeiling;
        if ((await count(q.boundedCountSql(ceiling + 1), q.filterParams)) > ceiling) {
          const message = MESSAGES.listTooLarge.replace('{ceiling}', thousands.format(ceiling));
          throw new HttpError(400, message, [{ field: 'rowsPerPage', message }]);
        }
        const { rows } = await db.query<Row>(q.sql, q.params);
        return { data: rows.map(listed(options)), totalRows: rows.length };
      }
      if (options.after) {
        const { rows } = await db.query<Row>(q.sql, q.params);
        const data = rows.map(listed(options));
        return { data, totalRows: 0, [KEYSET]: nextCursor(options.after, rows, q.limit, q.sortField) };
      }
      const key = `${q.countSql}\u0000${JSON.stringify(q.filterParams)}`;
      const cached = counts.get(model.table, key);
      if (cached) {
        const { rows } = await db.query<Row>(q.sql, q.params);
        const data = rows.map(listed(options));
        return { data, totalRows: cached.total, totalRowsAsOf: new Date(cached.at).toISOString() };
      }
      // Up to 10,000 matches the count is cheap and always fresh, and comes with the page in one query;
      // past that it is counted once and kept a few seconds.
      const { rows } = await db.query<Row & { __total: number }>(
        q.sqlWithBoundedCount(COUNT_EXACT_UP_TO + 1),
        q.params,
      );
      const data = rows.map(listed(options));
      // A page past the end has no row to carry the count.
      let totalRows = rows[0]?.__total ?? (await count(q.boundedCountSql(COUNT_EXACT_UP_TO + 1), q.filterParams));
      if (totalRows > COUNT_EXACT_UP_TO) {
        totalRows = await sharedCount(key, q.countSql, q.filterParams);
        counts.set(model.table, key, totalRows);
      }
      return { data, totalRows };
    },
    async get(id: number): Promise<T> {
      const { rows } = await db.query<Row>(`SELECT * FROM ${table} WHERE id = $1`, [id]);
      if (!rows[0]) throw new HttpError(404, MESSAGES.notFound);
      return record(rows[0]);
    },
    /**
     * A new record from a request body (unknown and readOnly fields ignored; a field only named operations
     * write, x-written-by, only at its default) and server-set columns (which win).
     */
    async create(requestBody: Row, internal: Row = {}): Promise<T> {
      const body = withoutWrittenBy(model, requestBody, null);
      const defaults = Object.fromEntries(
        model.columns
          .filter((c) => c.default !== undefined && !c.readOnly && body[c.name] === undefined)
          .map((c) => [c.name, c.default]),
      );
      const fields = merge(writable(model, { ...defaults, ...body }), internal);
      const params = fields.map(([, v]) => v);
      const values =
        fields.length === 0
          ? 'DEFAULT VALUES'
          : `(${fields.map(([k]) => quote(k)).join(', ')}) VALUES (${fields.map((_, i) => `$${i + 1}`).join(', ')})`;
      const insert = `INSERT INTO ${table} ${values} RETURNING *${history(params)}`;
      const { rows } = await db.query<Row>(insert, params);
      counts.forget(model.table);
      return record(rows[0] ?? {});
    },
    /**
     * Updates a record; with expectedVersion the update applies only to the version the client
     * loaded, and a record changed meanwhile answers 409 instead of being silently overwritten. A field
     * only named operations write (x-written-by) may come back in the body only as stored; those
     * operations write it as an internal value.
     */
    async update(
      id: number,
      requestBody: Row,
      internal: Row = {},
      expectedVersion?: number,
      /** A workflow's event the change is (archiviazione...), written even when no kept field changed. */
      event?: string,
    ): Promise<T> {
      let body = requestBody;
      if (carriesWrittenBy(model, body)) {
        const { rows } = await db.query<Row>(`SELECT * FROM ${table} WHERE id = $1`, [id]);
        if (!rows[0]) throw new HttpError(404, MESSAGES.notFound);
        if (expectedVersion !== undefined && rows[0].version !== expectedVersion)
          throw new HttpError(409, MESSAGES.conflict);
        body = withoutWrittenBy(model, body, toRecord(model, rows[0]));
      }
      const fields = merge(writable(model, body), internal);
      const params = [id, ...fields.map(([, v]) => v)];
      const sets = [...fields.map(([k], i) => `${quote(k)} = $${i + 2}`), 'version = version + 1'];
      const guard = expectedVersion === undefined ? '' : ` AND version = $${params.push(expectedVersion)}`;
      const returning = history(params, event ? { id, name: event } : undefined);
      const update = `UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1${guard} RETURNING *${returning}`;
      const { rows } = await db.query<Row>(update, params);
      if (rows[0]) {
        counts.forget(model.table);
        return record(rows[0]);
      }
      const exists = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
      throw exists.rows.length > 0 ? new HttpError(409, MESSAGES.conflict) : new HttpError(404, MESSAGES.notFound);
    },
    async remove(id: number): Promise<void> {
      const params: unknown[] = [id];
      const { rows } = await db.query(`DELETE FROM ${table} WHERE id = $1 RETURNING id${history(params)}`, params);
      if (!rows[0]) throw new HttpError(404, MESSAGES.notFound);
      counts.forget(model.table);
    },
    /**
     * The records whose fields equal these values (`{ famigliaMezzoId: 3 }`, `{ id: [1, 2] }`), in this order and
     * then by id, at most `limit` (up to the unpaged ceiling): a workflow's lookup in a table the generic layer
     * keeps (a configuration table), never the list a request asks for.
     */
    async where(
      equal: Lookup<T>,
      options: { orderBy?: readonly LookupOrder<T>[]; limit: number },
    ): Promise<Stored<T>[]> {
      return lookup(equal, options);
    },
    /** The first record whose fields equal these values (in this order, then by id), if any. */
    async first(equal: Lookup<T>, orderBy: readonly LookupOrder<T>[] = []): Promise<Stored<T> | undefined> {
      return (await lookup(equal, { orderBy, limit: 1 }))[0];
    },
    /** The record of a single-record resource (the general settings), if it has been made. */
    async single(): Promise<Stored<T> | undefined> {
      return (await lookup({}, { limit: 1 }))[0];
    },
    /** Locks the row until the transaction ends (a repository on it: repositoryOn); false when there is none. */
    async lock(id: number): Promise<boolean> {
      return (await db.query(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, [id])).rows.length > 0;
    },
    /** The stored row as it is, server-only columns included (never an answer). */
    async raw(id: number): Promise<Row | undefined> {
      return (await db.query<Row>(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0];
    },
  };
}
export type CrudRepository<T extends object = Row> = ReturnType<typeof crudRepository<T>>;

/**
 * A resource's repository on another connection, a transaction's: what a transaction reads goes through it
 * (on PGlite, one connection, a read outside the transaction would wait for it to end).
 */
export function repositoryOn<T extends object>(db: Queryable, resource: Resource<T>): CrudRepository<T> {
  return crudRepository<T>(db, resource.model);
}
