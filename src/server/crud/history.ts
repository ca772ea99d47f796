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
  /** The references whose names are kept, as storico_write reads them: field → { t: table, d: display column }. */
  refs: string;
  refFields: string[];
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
      if (!t || !keep.includes(field)) return [];
      return [[field, { t: t.model.table, d: t.definition.displayField }] as const];
    });
    const parent = definition.history.parent;
    model.history = {
      resource: definition.name,
      keep,
      refs: JSON.stringify(Object.fromEntries(refs)),
      refFields: refs.map(([field]) => field),
      parent: parent && model.byName.has(parent.field) ? parent : null,
    };
  }
}

const HISTORY_COLUMNS = `risorsa, "recordId", evento, campi, etichette, "utenteId", utente, richiesta, "padreRisorsa", "padreId"`;

export type HistoryVerb = 'create' | 'update' | 'delete';
const EVENT_OF: Record<HistoryVerb, string> = { create: 'creazione', update: 'modifica', delete: 'eliminazione' };

/**
 * The call of storico_write (migrations/0004_storico.sql) for the record `n` of a write, as it was (`o`, JSON)
 * and is (`n`, JSON): SQL for the select list of the statement that writes, its values pushed onto params.
 */
function writeCall(
  plan: HistoryPlan,
  params: unknown[],
  id: string,
  o: string,
  n: string,
  parentId: string,
  event: string,
  always: boolean,
) {
  const actor = currentActor();
  const p = (v: unknown) => `$${params.push(v)}`;
  return `storico_write(${p(plan.resource)}::text, ${id}, ${p(event)}::text, ${o}, ${n}, ${p(plan.keep)}::text[],
    ${p(plan.refs)}::jsonb, ${p(plan.refFields)}::text[], ${p(actor.userId)}::integer, ${p(actor.name)}::text, ${p(actor.requestId)}::text,
    ${p(plan.parent?.resource ?? null)}::text, ${parentId}, ${p(always)}::boolean)`;
}

/**
 * A write and its history row in one statement (atomic without a transaction of its own, one round trip):
 * `write` is the INSERT, UPDATE (of id $1) or DELETE with RETURNING *; the statement answers the written rows
 * as the write alone would (and a column "__storico" nobody reads). The row as it was comes from the
 * statement's snapshot, which its own write does not change. A plain update that changes no kept field leaves
 * no row; a named event (archiviazione...) always does.
 */
export function withHistory(
  plan: HistoryPlan | undefined,
  table: string,
  write: string,
  verb: HistoryVerb,
  params: unknown[],
  event?: string,
): string {
  if (!plan) return write;
  const parentId = (row: string) => (plan.parent ? `${row}.${quote(plan.parent.field)}::integer` : 'NULL::integer');
  const kind = event ?? EVENT_OF[verb];
  const always = verb !== 'update' || !!event;
  if (verb === 'update') {
    const call = writeCall(plan, params, 'n.id', 'to_jsonb(o)', 'to_jsonb(n)', parentId('n'), kind, always);
    return `WITH "__before" AS (SELECT * FROM ${table} WHERE id = $1), "__written" AS (${write})
      SELECT n.*, ${call} AS "__storico" FROM "__written" n JOIN "__before" o ON o.id = n.id`;
  }
  const [o, n] = verb === 'create' ? [`'{}'::jsonb`, 'to_jsonb(w)'] : ['to_jsonb(w)', `'{}'::jsonb`];
  const call = writeCall(plan, params, 'w.id', o, n, parentId('w'), kind, always);
  return `WITH "__written" AS (${write}) SELECT w.*, ${call} AS "__storico" FROM "__written" w`;
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
    (await db.query<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM ${table} t WHERE id = $1`, [id]))
      .rows[0]?.row ?? null;
  const before = await read();
  const result = await write();
  const after = await read();
  const kind = event ?? (!before ? 'creazione' : !after ? 'eliminazione' : 'modifica');
  const parent = plan.parent ? ((after ?? before)?.[plan.parent.field] ?? null) : null;
  const params: unknown[] = [JSON.stringify(before ?? {}), JSON.stringify(after ?? {}), parent];
  const idParam = `$${params.push(id)}::integer`;
  await db.query(
    `SELECT ${writeCall(plan, params, idParam, '$1::jsonb', '$2::jsonb', '$3::integer', kind, !!event)}`,
    params,
  );
  return result;
}
