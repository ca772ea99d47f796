import { AsyncLocalStorage } from 'node:async_hooks';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { Db, Queryable, Transaction } from '../db/Db.ts';
import type { EntityModel } from './entityModel.ts';

/**
 * What the database keeps of a resource's changes (x-resource.history): the fields its trigger compares (never a
 * server stamp, a skipped token, nor a server-only column, which are not columns at all), the references whose
 * names it stores as they read at that moment, and the record whose history shows this one's too.
 */
export interface HistoryPlan {
  resource: string;
  keep: string[];
  /** The references whose names are kept: field → { t: table, d: display column }. */
  refs: Record<string, { t: string; d: string }>;
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
/** The value of app.storico, which the trigger reads (migrations/0008_storico_scritto_dai_trigger.sql). */
const actorSetting = (a: HistoryActor) => JSON.stringify({ u: a.userId, n: a.name, r: a.requestId });

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
      refs: Object.fromEntries(refs),
      parent: parent && model.byName.has(parent.field) ? parent : null,
    };
  }
}

/** The arguments of a table's history trigger (TG_ARGV of storico_registra, migrations/0008). */
export const historyTriggerArgs = (plan: HistoryPlan): string[] => [
  plan.resource,
  plan.parent?.field ?? '',
  plan.parent?.resource ?? '',
  JSON.stringify(plan.refs),
  ...plan.keep,
];

/**
 * What a single write statement of a resource with history adds to its RETURNING list: the request's user, and
 * the workflow's event the write is (archiviazione...) for the record `id`, set for the rest of its transaction
 * before the trigger, which runs at the end of the statement, reads them. A RETURNING item rather than a query
 * of its own: the write stays one round trip outside a transaction. Nothing for a resource without history.
 */
export function historyReturning(
  plan: HistoryPlan | undefined,
  params: unknown[],
  event?: { id: unknown; name: string },
): string {
  if (!plan) return '';
  const actor = `, ${historyActorItem(params)}`;
  if (!event) return actor;
  const named = JSON.stringify({ r: plan.resource, id: event.id, e: event.name });
  return `${actor}, set_config('app.storico_evento', $${params.push(named)}, true) AS "__storicoEvento"`;
}

/** The RETURNING item that names the request's user to the history rows of a workflow's own single write. */
export const historyActorItem = (params: unknown[]): string =>
  `set_config('app.storico', $${params.push(actorSetting(currentActor()))}, true) AS "__storico"`;

/**
 * The database as the server uses it: a transaction opened while a request runs names the request's user to the
 * history first, so every row its writes leave names them, whatever SQL writes.
 */
export function withHistoryTransactions(db: Db): Db {
  return {
    ...db,
    transaction: (fn) =>
      db.transaction(async (tx) => {
        const actor = actorScope.getStore();
        if (actor) await tx.query(`SELECT set_config('app.storico', $1, true)`, [actorSetting(actor)]);
        return fn(tx);
      }),
  };
}

/**
 * A workflow's own write that is an event of the record (a conclusion, the customer's answer, an addendum with
 * its text): the row the trigger writes for that record is named so, with the note, and written even when no
 * kept field changed. In the caller's transaction.
 */
export async function asHistoryEvent<T>(
  tx: Transaction,
  e: { resource: string; id: number; event: string; note?: string },
  write: () => Promise<T>,
): Promise<T> {
  const named = JSON.stringify({ r: e.resource, id: e.id, e: e.event, ...(e.note ? { nota: e.note } : {}) });
  await tx.query(`SELECT set_config('app.storico_evento', $1, true)`, [named]);
  const result = await write();
  // Used by the record's row, which clears it; a write that left none must not name a later one.
  await tx.query(`SELECT set_config('app.storico_evento', '', true)`);
  return result;
}

/**
 * Writes one event of a workflow into the history (an offer sent, with its note) that no write of a record leaves
 * by itself, with the request's user; in the caller's transaction.
 */
export async function writeHistory(
  db: Queryable,
  e: { resource: string; id: number; event: string; note: string },
): Promise<void> {
  const actor = currentActor();
  await db.query(
    `INSERT INTO "storico" (risorsa, "recordId", evento, campi, "utenteId", utente, richiesta)
      VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
    [e.resource, e.id, e.event, JSON.stringify({ __nota: [null, e.note] }), actor.userId, actor.name, actor.requestId],
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
