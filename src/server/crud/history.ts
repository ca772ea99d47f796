import { AsyncLocalStorage } from 'node:async_hooks';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { Queryable } from '../db/Db.ts';
import { quote, type EntityModel } from './entityModel.ts';

/**
 * What the server keeps of a resource's changes (x-resource.history): the fields it compares (never a server
 * stamp, a skipped token, nor a server-only column, which are not columns at all), the references whose names
 * it stores as they read at that moment, and the record whose history shows this one's too.
 */
export interface HistoryPlan {
  resource: string;
  keep: string[];
  refs: { field: string; table: string; display: string; many: boolean }[];
  parent: { field: string; resource: string } | null;
}

/** Who writes, for the rows a request's writes leave: set once per request (registerOperations.ts). */
export interface HistoryActor {
  userId: number | null;
  name: string | null;
  requestId: string | null;
}

const actorScope = new AsyncLocalStorage<HistoryActor>();

/** Runs fn with this actor behind every history row its writes leave. */
export const withHistoryActor = <T>(actor: HistoryActor, fn: () => T): T => actorScope.run(actor, fn);

const NOBODY: HistoryActor = { userId: null, name: null, requestId: null };
const currentActor = () => actorScope.getStore() ?? NOBODY;

/** The plan of each resource whose schema asks for history, once every resource's table is known. */
export function historyPlans(
  resources: ReadonlyMap<string, { definition: ResourceDefinition; model: EntityModel }>,
  referencesOf: (typeName: string) => Record<string, string>,
): void {
  const byName = new Map([...resources.values()].map((r) => [r.definition.name, r]));
  for (const [typeName, { definition, model }] of resources) {
    if (!definition.history) continue;
    const keep = definition.history.fields.map((f) => f.name).filter((n) => model.byName.has(n));
    const refs = Object.entries(referencesOf(typeName)).flatMap(([field, target]) => {
      const t = byName.get(target);
      const column = model.byName.get(field);
      if (!t || !column || !keep.includes(field)) return [];
      return [{ field, table: t.model.table, display: t.definition.displayField, many: column.sqlType === 'jsonb' }];
    });
    const parent = definition.history.parent;
    model.history = {
      resource: definition.name,
      keep,
      refs,
      parent: parent && model.byName.has(parent.field) ? parent : null,
    };
  }
}

const HISTORY_COLUMNS = `risorsa, "recordId", evento, campi, etichette, "utenteId", utente, richiesta, "padreRisorsa", "padreId"`;

/** The name a reference's record has now (of a list of them, their names), or NULL. */
function labelOf(alias: string | null, r: HistoryPlan['refs'][number]): string {
  if (!alias) return 'NULL';
  const value = `${alias}.${quote(r.field)}`;
  return r.many
    ? `(SELECT jsonb_agg(t.${quote(r.display)}::text ORDER BY t.id) FROM ${quote(r.table)} t WHERE jsonb_typeof(${value}) = 'array' AND t.id::text IN (SELECT jsonb_array_elements_text(${value})))`
    : `(SELECT t.${quote(r.display)}::text FROM ${quote(r.table)} t WHERE t.id = ${value}::integer)`;
}

/** Of each changed reference, [old name, new name] as they read now. */
function labelsSql(plan: HistoryPlan, o: string | null, n: string | null): string {
  if (plan.refs.length === 0 || !n) return `'{}'::jsonb`;
  const pairs = plan.refs.map((r) => {
    const changed = o
      ? `${o}.${quote(r.field)} IS DISTINCT FROM ${n}.${quote(r.field)}`
      : `${n}.${quote(r.field)} IS NOT NULL`;
    return `'${r.field}', CASE WHEN ${changed} THEN jsonb_build_array(${labelOf(o, r)}, ${labelOf(n, r)}) END`;
  });
  return `jsonb_strip_nulls(jsonb_build_object(${pairs.join(', ')}))`;
}

export type HistoryVerb = 'create' | 'update' | 'delete';
const EVENT_OF: Record<HistoryVerb, string> = { create: 'creazione', update: 'modifica', delete: 'eliminazione' };

/**
 * The CTE that writes the history row of a write, in the same statement as the write itself: `written` is
 * the CTE holding the written row (RETURNING *), `before` the one holding it as it was (update). Only a
 * change of a kept field leaves a row, unless the write is a named event (archiviazione...).
 */
export function historyCte(
  plan: HistoryPlan,
  verb: HistoryVerb,
  aliases: { written: string; before?: string },
  params: unknown[],
  event?: string,
): string {
  const actor = currentActor();
  const p = (v: unknown) => `$${params.push(v)}`;
  const n = 'n';
  const o = aliases.before ? 'o' : null;
  const newJson = verb === 'delete' ? `'{}'::jsonb` : `to_jsonb(${n})`;
  const oldJson = verb === 'delete' ? `to_jsonb(${n})` : o ? `to_jsonb(${o})` : `'{}'::jsonb`;
  const from = o
    ? `${aliases.written} ${n} JOIN ${aliases.before} ${o} ON ${o}.id = ${n}.id`
    : `${aliases.written} ${n}`;
  const parentId = plan.parent ? `${n}.${quote(plan.parent.field)}::integer` : 'NULL';
  const kind = event ?? EVENT_OF[verb];
  return `INSERT INTO "storico" (${HISTORY_COLUMNS})
    SELECT ${p(plan.resource)}, ${n}.id, ${p(kind)}, d.campi, ${verb === 'delete' ? `'{}'::jsonb` : labelsSql(plan, o, n)},
      ${p(actor.userId)}::integer, ${p(actor.name)}::text, ${p(actor.requestId)}::text,
      ${p(plan.parent?.resource ?? null)}::text, ${parentId}
    FROM ${from}, LATERAL (SELECT storico_diff(${oldJson}, ${newJson}, ${p(plan.keep)}::text[]) AS campi) d
    WHERE ${verb === 'update' && !event ? `d.campi <> '{}'::jsonb` : 'true'}`;
}

/** A workflow's own event on a record (an offer sent, the customer's answer...), in the caller's transaction. */
export interface HistoryEvent {
  resource: string;
  id: number;
  event: string;
  /** Changed fields as [old, new], when the event's write does not leave its own row. */
  fields?: Record<string, [unknown, unknown]>;
  note?: string;
  parent?: { resource: string; id: number };
  /** Who, when not the signed-in user of the request (the customer on the public page). */
  actor?: string;
}

/** Writes one event of a workflow into the history, with the request's user unless the event names its own. */
export async function writeHistory(db: Queryable, e: HistoryEvent): Promise<void> {
  const actor = currentActor();
  const campi = { ...e.fields, ...(e.note ? { __nota: [null, e.note] } : {}) };
  await db.query(
    `INSERT INTO "storico" (${HISTORY_COLUMNS}) VALUES ($1, $2, $3, $4::jsonb, '{}'::jsonb, $5, $6, $7, $8, $9)`,
    [
      e.resource,
      e.id,
      e.event,
      JSON.stringify(campi),
      e.actor ? null : actor.userId,
      e.actor ?? actor.name,
      actor.requestId,
      e.parent?.resource ?? null,
      e.parent?.id ?? null,
    ],
  );
}

export interface StoredHistoryRow {
  id: number;
  risorsa: string;
  recordId: number;
  at: Date | string;
  evento: string;
  campi: Record<string, [unknown, unknown]>;
  etichette: Record<string, [unknown, unknown]>;
  utenteId: number | null;
  utente: string | null;
  richiesta: string | null;
}

/**
 * A page of a record's history, newest first, with the rows of the records that show in it (its offers);
 * `field`: only the rows that change it.
 */
export async function readHistory(
  db: Queryable,
  q: { resource: string; id: number; before?: number; field?: string; limit: number },
): Promise<StoredHistoryRow[]> {
  const params: unknown[] = [q.resource, q.id, q.limit];
  const before = q.before ? ` AND id < $${params.push(q.before)}` : '';
  const field = q.field ? ` AND campi ? $${params.push(q.field)}` : '';
  const { rows } = await db.query<StoredHistoryRow>(
    `SELECT id, risorsa, "recordId", at, evento, campi, etichette, "utenteId", utente, richiesta FROM "storico"
      WHERE ((risorsa = $1 AND "recordId" = $2) OR ("padreRisorsa" = $1 AND "padreId" = $2))${before}${field}
      ORDER BY id DESC LIMIT $3`,
    params,
  );
  return rows;
}

/**
 * A workflow's own SQL write of one record (not the generic repository's), with its history row: the record is
 * read before and after, in the caller's transaction, and only a change of a kept field (or a named event)
 * leaves a row, references named as they read now. A record made or removed by the write reads as empty.
 */
export async function withRowHistory<T>(
  db: Queryable,
  model: EntityModel,
  id: number,
  write: () => Promise<T>,
  event?: string,
): Promise<T> {
  const plan = model.history;
  if (!plan) return write();
  const table = quote(model.table);
  const read = async () =>
    (await db.query<{ row: object }>(`SELECT to_jsonb(t) AS row FROM ${table} t WHERE id = $1`, [id])).rows[0]?.row ??
    null;
  const before = await read();
  const result = await write();
  const after = await read();
  const params: unknown[] = [JSON.stringify(before ?? {}), JSON.stringify(after ?? before ?? {})];
  const actor = currentActor();
  const p = (v: unknown) => `$${params.push(v)}`;
  const kind = event ?? (!before ? 'creazione' : !after ? 'eliminazione' : 'modifica');
  const parentId = plan.parent ? `n.${quote(plan.parent.field)}::integer` : 'NULL';
  await db.query(
    `INSERT INTO "storico" (${HISTORY_COLUMNS})
      SELECT ${p(plan.resource)}, ${p(id)}::integer, ${p(kind)}, d.campi, ${labelsSql(plan, 'o', 'n')},
        ${p(actor.userId)}::integer, ${p(actor.name)}::text, ${p(actor.requestId)}::text,
        ${p(plan.parent?.resource ?? null)}::text, ${parentId}
      FROM jsonb_populate_record(NULL::${table}, $1::jsonb) o, jsonb_populate_record(NULL::${table}, $2::jsonb) n,
        LATERAL (SELECT storico_diff($1::jsonb, ${after ? '$2::jsonb' : `'{}'::jsonb`}, ${p(plan.keep)}::text[]) AS campi) d
      WHERE d.campi <> '{}'::jsonb OR ${p(event ?? null)}::text IS NOT NULL`,
    params,
  );
  return result;
}
