import type { Queryable } from '../db/Db.ts';
import { HttpError, MESSAGES } from '../httpError.ts';
import { quote, type EntityModel } from './entityModel.ts';
import { listQuery, type ListOptions } from './listQuery.ts';

export type Row = Record<string, unknown>;

/** A stored row as the API shows it: schema fields only, nulls dropped where the schema forbids them. */
export function toRecord(model: EntityModel, row: Row): Row {
  const out: Row = { id: row.id };
  for (const c of model.columns) {
    const v = row[c.name];
    if (v === null || v === undefined) {
      if (c.nullable) out[c.name] = null;
    } else out[c.name] = v;
  }
  return out;
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

export function crudRepository(db: Queryable, model: EntityModel) {
  const table = quote(model.table);
  return {
    async list(options: ListOptions): Promise<{ data: Row[]; totalRows: number }> {
      const q = listQuery(model, options);
      const { rows } = await db.query<Row & { __total: number }>(q.sql, q.params);
      let totalRows = rows[0]?.__total ?? 0;
      // A page past the end has no rows to carry the total.
      if (rows.length === 0 && q.paged)
        totalRows =
          (await db.query<{ total: number }>(q.countSql, q.params.slice(0, q.params.length - 2))).rows[0]?.total ?? 0;
      return { data: rows.map((r) => toRecord(model, r)), totalRows };
    },
    async get(id: number): Promise<Row> {
      const { rows } = await db.query<Row>(`SELECT * FROM ${table} WHERE id = $1`, [id]);
      if (!rows[0]) throw new HttpError(404, MESSAGES.notFound);
      return toRecord(model, rows[0]);
    },
    async create(body: Row, internal: Row = {}): Promise<Row> {
      const defaults = Object.fromEntries(
        model.columns
          .filter((c) => c.default !== undefined && !c.readOnly && body[c.name] === undefined)
          .map((c) => [c.name, c.default]),
      );
      const fields = merge(writable(model, { ...defaults, ...body }), internal);
      const sql =
        fields.length === 0
          ? `INSERT INTO ${table} DEFAULT VALUES RETURNING *`
          : `INSERT INTO ${table} (${fields.map(([k]) => quote(k)).join(', ')}) VALUES (${fields.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`;
      const { rows } = await db.query<Row>(
        sql,
        fields.map(([, v]) => v),
      );
      return toRecord(model, rows[0] ?? {});
    },
    /**
     * Updates a record; with expectedVersion the update applies only to the version the client
     * loaded, and a record changed meanwhile answers 409 instead of being silently overwritten.
     */
    async update(id: number, body: Row, internal: Row = {}, expectedVersion?: number): Promise<Row> {
      const fields = merge(writable(model, body), internal);
      const params = [id, ...fields.map(([, v]) => v)];
      const sets = [...fields.map(([k], i) => `${quote(k)} = $${i + 2}`), 'version = version + 1'];
      const guard = expectedVersion === undefined ? '' : ` AND version = $${params.push(expectedVersion)}`;
      const { rows } = await db.query<Row>(
        `UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1${guard} RETURNING *`,
        params,
      );
      if (rows[0]) return toRecord(model, rows[0]);
      const exists = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
      throw exists.rows.length > 0 ? new HttpError(409, MESSAGES.conflict) : new HttpError(404, MESSAGES.notFound);
    },
    async remove(id: number): Promise<void> {
      const { rows } = await db.query(`DELETE FROM ${table} WHERE id = $1 RETURNING id`, [id]);
      if (!rows[0]) throw new HttpError(404, MESSAGES.notFound);
    },
    async raw(id: number): Promise<Row | undefined> {
      return (await db.query<Row>(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0];
    },
  };
}
export type CrudRepository = ReturnType<typeof crudRepository>;
