import { isAllowed, type Access } from '../../domain/accessRules.ts';
import type { ApiOperation, JsonSchema } from '../../domain/apiOperations.ts';
import type { AnyHandler } from '../http/handler.ts';
import { quote } from './entityModel.ts';
import type { CrudContext, Resource } from './resource.ts';

export type ReferenceLabels = Record<string, { id: number; label: string }[]>;

interface Target {
  field: string;
  name: string;
  resource: Resource;
  access: Access;
}

/** The entity type of the rows an answer carries (`data` or its items), by the schema it refers to. */
function rowType(ctx: CrudContext, answer: JsonSchema): { typeName: string; list: boolean } | null {
  const data = (answer.properties as Record<string, JsonSchema> | undefined)?.data;
  const list = data?.type === 'array';
  const ref = (list ? (data.items as JsonSchema | undefined)?.$ref : data?.$ref) as string | undefined;
  if (!ref) return null;
  const schemas = ctx.contract.document.components.schemas;
  const typeName = [...ctx.resources.keys()].find(
    (t) => ref === `#/components/schemas/${t}` || schemas[t]?.$ref === ref,
  );
  return typeName ? { typeName, list } : null;
}

/**
 * The fields whose records an answer names: for a list, those its columns and filters show; for a record,
 * every one (its form). Each with the access rule of the target's list: a label is what that list would show.
 */
function targetsOf(ctx: CrudContext & { access(op: ApiOperation): Access }, typeName: string, list: boolean) {
  const resource = ctx.resources.get(typeName);
  const declared = (ctx.contract.entitySchema(typeName)['x-resource'] as { references?: Record<string, string> })
    ?.references;
  if (!resource || !declared) return [];
  const shown = new Set([
    ...resource.definition.columns.map((c) => c.accessorKey),
    ...resource.definition.filters.map((f) => f.field),
  ]);
  const targets: Target[] = [];
  for (const [field, name] of Object.entries(declared)) {
    const target = ctx.resourceNamed(name);
    const listOp = ctx.contract.operations.find((o) => o.operationId === target?.definition.api.list?.operationId);
    if (!target || !listOp || (list && !shown.has(field))) continue;
    targets.push({ field, name, resource: target, access: ctx.access(listOp) });
  }
  return targets;
}

/** Every id a row points to through this field (a foreign key, or a list of them). */
const idsIn = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is number => Number.isInteger(v) && (v as number) > 0);

/**
 * An operation whose answer declares `references` (openapi.yaml, ReferenceLabels) gets, after its handler,
 * the id and name of each record its rows point to, read in one query for every referenced resource, and
 * only of the resources the caller may list (the names a picker of theirs would show). Whichever handler
 * answers (the generic one or a workflow's), no screen has to read a whole table to name a row's references.
 */
export function withReferenceLabels<C extends CrudContext & { access(op: ApiOperation): Access }>(
  ctx: C,
  op: ApiOperation,
  handler: AnyHandler<C> | undefined,
): AnyHandler<C> | undefined {
  const outer = op.responses['200'] ?? op.responses['201'];
  // A list whose page sits one level down (SPEC.md section 7: GET /api/offers answers data.data) names its
  // records beside the rows, inside data.
  const inner = (outer?.properties as Record<string, JsonSchema> | undefined)?.data;
  const nested = inner?.type === 'object';
  const answer = nested ? inner : outer;
  const declares = !!(answer?.properties as Record<string, unknown> | undefined)?.references;
  const rows = declares && answer ? rowType(ctx, answer) : null;
  if (!handler || !rows) return handler;
  const targets = targetsOf(ctx, rows.typeName, rows.list);
  return async (req, c) => {
    const whole = (await handler(req, c)) as { data?: unknown } | undefined;
    const result = nested ? (whole?.data as { data?: unknown } | undefined) : whole;
    if (!result || typeof result !== 'object' || !result.data) return whole;
    const records = (rows.list ? result.data : [result.data]) as Record<string, unknown>[];
    const roles = req.user?.roles ?? null;
    const byResource = new Map<string, { resource: Resource; ids: Set<number> }>();
    for (const t of targets) {
      if (!isAllowed(t.access, roles)) continue;
      const entry = byResource.get(t.name) ?? { resource: t.resource, ids: new Set<number>() };
      for (const r of records) for (const id of idsIn(r[t.field])) entry.ids.add(id);
      byResource.set(t.name, entry);
    }
    const references: ReferenceLabels = {};
    const wanted = [...byResource].filter(([, e]) => e.ids.size > 0);
    if (wanted.length > 0) {
      const params: unknown[] = [];
      const sql = wanted
        .map(([, { resource, ids }], i) => {
          params.push([...ids]);
          const { table } = resource.model;
          const display = resource.definition.displayField;
          return `SELECT ${i} AS "r", id, ${quote(display)}::text AS "label" FROM ${quote(table)} WHERE id = ANY($${params.length}::int[])`;
        })
        .join(' UNION ALL ');
      const { rows: found } = await ctx.db.query<{ r: number; id: number; label: string | null }>(sql, params);
      for (const [name] of wanted) references[name] = [];
      for (const f of found) references[wanted[f.r]?.[0] ?? '']?.push({ id: f.id, label: f.label ?? String(f.id) });
    }
    return nested ? { ...whole, data: { ...result, references } } : { ...result, references };
  };
}
