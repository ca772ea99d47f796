import { isAllowed } from '../../../domain/accessRules.ts';
import { defineHandlers, type AppContext, type ServerModule } from '../../context.ts';
import { readHistory, type StoredHistoryRow } from '../../crud/history.ts';
import type { Resource } from '../../crud/resource.ts';
import type { AnyRequest } from '../../http/handler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';

/** The note a workflow's event carries, stored beside its fields under a name no field has. */
const NOTE = '__nota';

/**
 * Whether the caller may read this record, by the record's own rule: its get call's roles, then whatever its
 * handler checks (a negotiation of another salesperson, an activity of another agent: 403 or 404 as there).
 */
async function assertReadable(ctx: AppContext, req: AnyRequest, resource: Resource, id: number): Promise<void> {
  const op = ctx.contract.operations.find((o) => o.operationId === resource.definition.api.get?.operationId);
  const get = op && ctx.handler(op.operationId);
  if (!op || !get) throw new HttpError(404, MESSAGES.notFound);
  if (!isAllowed(ctx.access(op), req.user?.roles ?? null)) throw new HttpError(403, MESSAGES.forbidden);
  await get({ ...req, op, params: { id }, query: {}, body: undefined });
}

/** The fields of a resource this reader may see in its history: the history's own, cut to the lookup projection. */
function visibleFields(ctx: AppContext, resource: Resource, roles: readonly string[] | null): Set<string> | null {
  const op = ctx.contract.operations.find((o) => o.operationId === resource.definition.api.get?.operationId);
  if (!op || !isAllowed(ctx.access(op), roles)) return null;
  const all = (resource.definition.history?.fields ?? []).map((f) => f.name);
  const projection = ctx.readableFields(resource.model.typeName, roles);
  return new Set(projection ? all.filter((f) => projection.includes(f)) : all);
}

function entry(row: StoredHistoryRow, visible: ReadonlySet<string>) {
  const changes = Object.entries(row.campi)
    .filter(([field]) => visible.has(field))
    .map(([field, [from, to]]) => {
      const labels = row.etichette[field];
      return { field, from, to, ...(labels ? { fromLabel: labels[0], toLabel: labels[1] } : {}) };
    });
  const note = row.campi[NOTE]?.[1];
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    event: row.evento,
    resource: row.risorsa,
    recordId: row.recordId,
    user: row.utente,
    userId: row.utenteId,
    requestId: row.richiesta,
    note: typeof note === 'string' ? note : null,
    changes,
  };
}

/** Every record's "Storico": read with the record's own visibility, the fields its reader may see. */
export const historyModule: ServerModule = {
  handlers: defineHandlers({
    readRecordHistory: async (req, ctx) => {
      const { resource: name, id } = req.params;
      const resource = ctx.resourceNamed(name);
      if (!resource?.definition.history) throw new HttpError(404, MESSAGES.historyNoHistory);
      await assertReadable(ctx, req, resource, id);
      const limit = req.query.rowsPerPage ?? 50;
      const rows = await readHistory(ctx.db, {
        resource: name,
        id,
        limit: limit + 1,
        ...(req.query.before ? { before: req.query.before } : {}),
        ...(req.query.field ? { field: req.query.field } : {}),
      });
      const roles = req.user?.roles ?? null;
      const fieldsOf = new Map<string, Set<string> | null>();
      const visibleOf = (resourceName: string) => {
        if (!fieldsOf.has(resourceName)) {
          const r = ctx.resourceNamed(resourceName);
          fieldsOf.set(resourceName, r ? visibleFields(ctx, r, roles) : null);
        }
        return fieldsOf.get(resourceName) ?? null;
      };
      const page = rows.slice(0, limit);
      const data = page.flatMap((row) => {
        // A record shown in this one's history (an offer) whose resource the reader may not read is left out.
        const visible = visibleOf(row.risorsa);
        return visible ? [entry(row, visible)] : [];
      });
      return { data, next: rows.length > limit ? Number(page.at(-1)?.id) : null };
    },
  }),
};
