import { GENERIC_OPERATION, type ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { ApiOperation } from '../../domain/apiOperations.ts';
import type { AnyHandler, AnyRequest } from '../http/handler.ts';
import { projectRow } from '../security/lookupProjection.ts';
import type { Row } from './crudRepository.ts';
import type { EntityModel } from './entityModel.ts';
import { KEYSET, type FilterValue, type Keyset, type ListOptions } from './listQuery.ts';
import { searchWords } from './search.ts';
import type { CrudContext, Resource, WriteRule } from './resource.ts';
import { serverSetValues } from './serverSet.ts';
import { requestedFields } from './sparseRows.ts';

const LIST_PARAMS = new Set(['filters', 'sortBy', 'descending', 'sortDesc', 'page', 'rowsPerPage', 'q', 'ids']);

/**
 * List options from a request: `filters[...]`, plus the list's own query parameters that name a column, the
 * search `q` and the records `ids`.
 */
export function listOptions(
  query: Record<string, unknown>,
  defaultSort: ResourceDefinition['sort'],
  model: EntityModel,
  fixed: Record<string, FilterValue> = {},
): ListOptions {
  const filters: Record<string, FilterValue> = { ...((query.filters ?? {}) as Record<string, FilterValue>) };
  for (const [k, v] of Object.entries(query))
    if (!LIST_PARAMS.has(k) && model.byName.has(k)) filters[k] = v as FilterValue;
  if (Array.isArray(query.ids)) filters.id = query.ids as number[];
  const after = (query as { [KEYSET]?: Keyset })[KEYSET];
  const words = searchWords(query.q);
  return {
    ...(after ? { after } : {}),
    ...(words.length > 0 ? { search: { words } } : {}),
    filters: { ...filters, ...fixed },
    sortBy: typeof query.sortBy === 'string' && query.sortBy !== '' ? query.sortBy : undefined,
    descending: query.descending === 1 || query.sortDesc === true,
    page: typeof query.page === 'number' ? query.page : undefined,
    rowsPerPage: typeof query.rowsPerPage === 'number' ? query.rowsPerPage : undefined,
    defaultSort,
  };
}

export const idOf = (params: { id?: unknown }) => Number(params.id);

/** The generic list, get, create, update or delete of a stored resource; create and update apply its write rule. */
export function genericHandlerFor<C extends CrudContext>(
  resource: Resource,
  verb: string,
  rule?: WriteRule<C>,
): AnyHandler<C> | undefined {
  const { definition, model } = resource;
  // The repository of the context the call runs in: an import batch's reads and writes go through its transaction.
  const repoIn = (ctx: C) => (ctx.resources.get(model.typeName) ?? resource).repo;
  switch (verb) {
    case 'list':
      return async (req, ctx) => {
        const visible = ctx.readableFields(model.typeName, req.user?.roles ?? null);
        // Only the columns asked for are read (sparseRows.ts has checked them and cuts what else comes).
        const fields = requestedFields(req.query);
        const options = { ...listOptions(req.query, definition.sort, model), ...(fields ? { fields } : {}) };
        const repo = repoIn(ctx);
        if (!visible) return repo.list(options);
        // A reader who sees only the picker's fields finds records by those alone (never by a phone number).
        const search = options.search && { ...options.search, only: model.search.filter((f) => visible.includes(f)) };
        const page = await repo.list({ ...options, ...(search ? { search } : {}), visibleFields: visible });
        return { ...page, data: page.data.map(projectRow(visible)) };
      };
    case 'get':
      return async (req, ctx) => {
        const visible = ctx.readableFields(model.typeName, req.user?.roles ?? null);
        const data = await repoIn(ctx).get(idOf(req.params));
        return { data: visible ? projectRow(visible)(data) : data };
      };
    case 'create':
      return async (req, ctx) => {
        const body = req.body as Row;
        await rule?.before?.(ctx, body, null);
        const data = await repoIn(ctx).create(body, serverSetValues(model, 'create', req.user));
        await rule?.after?.(ctx, data);
        return { data };
      };
    case 'update':
      return async (req, ctx) => {
        const body = req.body as Row;
        await rule?.before?.(ctx, body, idOf(req.params));
        const data = await repoIn(ctx).update(
          idOf(req.params),
          body,
          serverSetValues(model, 'update', req.user),
          typeof body.version === 'number' ? body.version : undefined,
        );
        await rule?.after?.(ctx, data);
        return { data };
      };
    case 'delete':
      return async (req, ctx) => {
        await repoIn(ctx).remove(idOf(req.params));
      };
    default:
      return undefined;
  }
}

/** The generic handler of list<Type>, get<Type>, ... when <Type> is a stored resource. */
export function genericHandler<C extends CrudContext>(
  op: ApiOperation,
  ctx: C,
  ruleOf: (typeName: string) => WriteRule<C> | undefined,
): AnyHandler<C> | undefined {
  // Multipart calls (acceptance with photos, uploads) are workflows of their own.
  if (op.body && op.body.contentType !== 'application/json') return undefined;
  const m = GENERIC_OPERATION.exec(op.operationId);
  const resource = m?.[2] ? ctx.resources.get(m[2]) : undefined;
  return resource && m?.[1] ? genericHandlerFor(resource, m[1], ruleOf(m[2] ?? '')) : undefined;
}

/** The generic create of a resource, with its write rule; the new record. */
export async function createRecord<C extends CrudContext>(
  resource: Resource,
  req: AnyRequest,
  ctx: C,
  rule?: WriteRule<C>,
): Promise<Row> {
  const result = (await genericHandlerFor(resource, 'create', rule)?.(req, ctx)) as { data: Row };
  return result.data;
}
