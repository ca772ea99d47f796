import type { ApiOperation, JsonSchema } from '../../domain/apiOperations.ts';
import type { AnyHandler } from '../http/handler.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import type { CrudContext } from './resource.ts';

/** What every row of a sparse list carries besides the fields asked for and those its schema requires. */
export const ALWAYS = ['id', 'version'] as const;

/** The fields a list call names (`fields=a,b,c`), or none: every field. */
export function requestedFields(query: Record<string, unknown>): string[] | undefined {
  const value = query.fields;
  if (typeof value !== 'string' || value === '') return undefined;
  return [...new Set(value.split(','))];
}

/** Whether a list takes `fields` (openapi.yaml, the Fields parameter). */
export const takesFields = (op: ApiOperation): boolean =>
  op.parameters.some((p) => p.in === 'query' && p.name === 'fields');

type Props = Record<string, JsonSchema>;

/** The properties of the rows an answer carries (`data`, or `data.data` for GET /api/offers), and the required ones. */
function rowProperties(
  ctx: CrudContext,
  answer: JsonSchema | null | undefined,
): { names: Set<string>; required: string[]; nested: boolean } | null {
  let data = (answer?.properties as Props | undefined)?.data;
  const nested = data?.type === 'object';
  if (nested) data = (data?.properties as Props | undefined)?.data;
  if (data?.type !== 'array' || !data.items) return null;
  const rows = ctx.contract.resolve(data.items);
  return {
    names: new Set(Object.keys(rows.properties ?? {})),
    required: (rows.required ?? []) as string[],
    nested,
  };
}

/**
 * A list that takes `fields` (openapi.yaml, every paged list) answers each row with only those fields plus id,
 * version and the fields its schema requires (a sparse answer still matches the contract as written), whichever
 * handler reads it: the generic one reads only those columns (listQuery.ts), a workflow's reads its rows as it
 * needs and they are cut here, before the labels of their references are read (referenceLabels.ts) and before
 * they are written. A field the rows do not have is a 400 naming it, before any work.
 */
export function withSparseRows<C extends CrudContext>(
  ctx: C,
  op: ApiOperation,
  handler: AnyHandler<C> | undefined,
): AnyHandler<C> | undefined {
  const rows = takesFields(op) ? rowProperties(ctx, op.responses['200']) : null;
  if (!handler || !rows) return handler;
  return async (req, c) => {
    const fields = requestedFields(req.query);
    if (!fields) return handler(req, c);
    const unknown = fields.filter((f) => !rows.names.has(f));
    if (unknown.length > 0)
      throw new HttpError(
        400,
        MESSAGES.invalid,
        unknown.map((f) => ({ field: 'fields', message: `campo non previsto: ${f}` })),
      );
    const keep = new Set<string>([...ALWAYS, ...rows.required, ...fields]);
    // The generic list's rows already hold only these: copied again only when a workflow's row has more.
    const cut = (row: Record<string, unknown>) => {
      const keys = Object.keys(row);
      for (let i = 0; i < keys.length; i++)
        if (!keep.has(keys[i] as string)) return Object.fromEntries(Object.entries(row).filter(([f]) => keep.has(f)));
      return row;
    };
    // The handler is asked for every field the answer keeps: the generic list reads just those columns.
    const asked = { ...req, query: { ...req.query, fields: [...keep].join(',') } };
    const whole = (await handler(asked, c)) as { data?: unknown } | undefined;
    const page = (rows.nested ? whole?.data : whole) as { data?: unknown } | undefined;
    if (!page || !Array.isArray(page.data)) return whole;
    const sparse = { ...page, data: (page.data as Record<string, unknown>[]).map(cut) };
    return rows.nested ? { ...whole, data: sparse } : sparse;
  };
}
