import { AsyncLocalStorage } from 'node:async_hooks';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { Db, Queryable } from '../db/Db.ts';
import type { EntityModel } from './entityModel.ts';

/**
 * What the database keeps of a resource's changes (x-resource.history): the fields its trigger compares (never a
 * server stamp, a skipped token, nor a server-only column, which are not columns at all), the references whose
 * names it stores as they read at that moment, and the record whose history shows this one's too.
 */
export interface HistoryPlan {
  resource: string;
  keep: string[];
  /** The references whose names are kept: field → { t: table, d: display column, k: the column a code is in }. */
  refs: Record<string, { t: string; d: string; k?: string }>;
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
    const codes = definition.history.fields.flatMap(({ name, codeOf }) => {
      const t = codeOf && byName.get(codeOf.resource);
      if (!codeOf || !t || !keep.includes(name) || !t.model.byName.has(codeOf.key)) return [];
      return [[name, { t: t.model.table, d: t.definition.displayField, k: codeOf.key }] as const];
    });
    const parent = definition.history.parent;
    model.history = {
      resource: definition.name,
      keep,
      refs: Object.fromEntries([...refs, ...codes]),
      parent: parent && model.byName.has(parent.field) ? parent : null,
    };
  }
}

/** A text as a PL/pgSQL string literal. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** A name as a quoted identifier. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The body of a table's history trigger function (made at start by crud/migrate.ts, historyTriggers): the kept
 * fields compared one by one on the record's own columns, written out for this table, so that a write pays
 * neither a whole row turned into JSON twice nor a loop over field names (migrations/0011's generic function,
 * which it replaces: a third of the trigger's time on PostgreSQL). The row it writes is the same: only the
 * changed fields as [old, new] (every field with a value for a creation or a deletion), the changed
 * references' names as they read now, who writes (the transaction's app.storico), and a workflow's event named
 * for this record (app.storico_evento), then cleared.
 */
export function historyTriggerSource(plan: HistoryPlan): string {
  const field = (prefix: 'OLD' | 'NEW', name: string) => `${prefix}.${ident(name)}`;
  const value = (prefix: 'OLD' | 'NEW' | null, name: string) =>
    prefix ? `to_jsonb(${field(prefix, name)})` : `'null'::jsonb`;
  /** The lines that add one field to the row, when `test` holds, with the values before and after. */
  const kept = (name: string, test: string, before: 'OLD' | null, after: 'NEW' | null) => {
    const pair = `jsonb_build_array(${value(before, name)}, ${value(after, name)})`;
    const ref = plan.refs[name];
    // A code's name is looked up here, by its column (storico_label reads references by id).
    const named = (prefix: 'OLD' | 'NEW' | null) =>
      !ref
        ? ''
        : !ref.k
          ? `storico_label(${literal(JSON.stringify(ref))}::jsonb, ${value(prefix, name)})`
          : prefix
            ? `COALESCE((SELECT to_jsonb(${ident(ref.d)}::text) FROM ${ident(ref.t)} WHERE ${ident(ref.k)}::text = ` +
              `${field(prefix, name)}::text LIMIT 1), 'null'::jsonb)`
            : `'null'::jsonb`;
    const label = ref
      ? ` v_etichette := v_etichette || jsonb_build_object(${literal(name)}, jsonb_build_array(` +
        `${named(before)}, ${named(after)}));`
      : '';
    return `      IF ${test} THEN v_campi := v_campi || jsonb_build_object(${literal(name)}, ${pair});${label} END IF;`;
  };
  const parent = (row: 'OLD' | 'NEW') => (plan.parent ? `${field(row, plan.parent.field)}::integer` : 'NULL');
  return [
    '',
    '  DECLARE',
    "    v_campi jsonb := '{}'::jsonb;",
    "    v_etichette jsonb := '{}'::jsonb;",
    "    v_ev jsonb := NULLIF(current_setting('app.storico_evento', true), '')::jsonb;",
    '    v_chi jsonb;',
    '    v_id integer;',
    '    v_padre integer;',
    '    v_evento text;',
    '  BEGIN',
    "    IF TG_OP = 'UPDATE' THEN",
    '      v_id := NEW.id; v_padre := ' + parent('NEW') + "; v_evento := 'modifica';",
    ...plan.keep.map((k) => kept(k, `${field('OLD', k)} IS DISTINCT FROM ${field('NEW', k)}`, 'OLD', 'NEW')),
    "    ELSIF TG_OP = 'INSERT' THEN",
    '      v_id := NEW.id; v_padre := ' + parent('NEW') + "; v_evento := 'creazione';",
    ...plan.keep.map((k) => kept(k, `${field('NEW', k)} IS NOT NULL`, null, 'NEW')),
    '    ELSE',
    '      v_id := OLD.id; v_padre := ' + parent('OLD') + "; v_evento := 'eliminazione';",
    ...plan.keep.map((k) => kept(k, `${field('OLD', k)} IS NOT NULL`, 'OLD', null)),
    '    END IF;',
    `    IF v_ev ->> 'r' = ${literal(plan.resource)} AND (v_ev ->> 'id')::integer = v_id THEN`,
    "      v_evento := v_ev ->> 'e';",
    "      IF v_ev ? 'nota' THEN v_campi := v_campi || jsonb_build_object('__nota', jsonb_build_array(NULL, v_ev -> 'nota')); END IF;",
    "      PERFORM set_config('app.storico_evento', '', true);",
    "    ELSIF TG_OP = 'UPDATE' AND v_campi = '{}'::jsonb THEN",
    '      RETURN NULL;',
    '    END IF;',
    "    v_chi := NULLIF(current_setting('app.storico', true), '')::jsonb;",
    '    INSERT INTO "storico" (risorsa, "recordId", evento, campi, etichette, "utenteId", utente, richiesta, "padreRisorsa", "padreId")',
    `      VALUES (${literal(plan.resource)}, v_id, v_evento, v_campi, v_etichette, (v_chi ->> 'u')::integer, v_chi ->> 'n', v_chi ->> 'r', ${plan.parent ? literal(plan.parent.resource) : 'NULL'}, v_padre);`,
    '    RETURN NULL;',
    '  END ',
  ].join('\n');
}

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
  return `${actor}, ${historyEventItem(params, { resource: plan.resource, id: event.id, event: event.name })}`;
}

/** The RETURNING item that names the request's user to the history rows of a workflow's own single write. */
export const historyActorItem = (params: unknown[]): string =>
  `set_config('app.storico', $${params.push(actorSetting(currentActor()))}, true) AS "__storico"`;

/**
 * The RETURNING item that makes a workflow's own write of record `id` an event of its history (a conclusion, the
 * customer's answer, an addendum with its text): the row the trigger writes for that record is named so, with the
 * note, and written even when no kept field changed. Set only if the write finds the record; the trigger clears it.
 */
export const historyEventItem = (
  params: unknown[],
  e: { resource: string; id: unknown; event: string; note?: string },
): string => {
  const named = JSON.stringify({ r: e.resource, id: e.id, e: e.event, ...(e.note ? { nota: e.note } : {}) });
  return `set_config('app.storico_evento', $${params.push(named)}, true) AS "__storicoEvento"`;
};

/**
 * The database as the server uses it: a transaction opened while a request runs names the request's user to the
 * history with its BEGIN (no round trip of its own), so every row its writes leave names them, whatever SQL writes.
 */
export function withHistoryTransactions(db: Db): Db {
  return {
    ...db,
    transaction: (fn, options) => {
      const actor = actorScope.getStore();
      if (!actor) return db.transaction(fn, options);
      return db.transaction(fn, { settings: { ...options?.settings, 'app.storico': actorSetting(actor) } });
    },
  };
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
