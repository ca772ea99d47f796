import { GENERIC_OPERATION, type ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { ApiOperation } from '../../domain/apiOperations.ts';
import type { AnyHandler, AnyRequest } from '../http/handler.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import { projectRow } from '../security/lookupProjection.ts';
import type { Row } from './crudRepository.ts';
import type { EntityModel } from './entityModel.ts';
import { KEYSET, type FilterValue, type Keyset, type ListOptions } from './listQuery.ts';
import type { CrudContext, Resource, WriteRule } from './resource.ts';
import { serverSetValues } from './serverSet.ts';

const LIST_PARAMS = new Set(['filters', 'sortBy', 'descending', 'sortDesc', 'page', 'rowsPerPage']);

/** List options from a request: `filters[...]`, plus the list's own query parameters that name a column. */
export function listOptions(
  query: Record<string, unknown>,
  defaultSort: ResourceDefinition['sort'],
  model: EntityModel,
  fixed: Record<string, FilterValue> = {},
): ListOptions {
  const filters: Record<string, FilterValue> = { ...((query.filters ?? {}) as Record<string, FilterValue>) };
  for (const [k, v] of Object.entries(query))
    if (!LIST_PARAMS.has(k) && model.byName.has(k)) filters[k] = v as FilterValue;
  const after = (query as { [KEYSET]?: Keyset })[KEYSET];
  return {
    ...(after ? { after } : {}),
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
  const { definition, model, repo } = resource;
  switch (verb) {
    case 'list':
      return async (req, ctx) => {
        const visible = ctx.readableFields(model.typeName, req.user?.roles ?? null);
        const options = listOptions(req.query, definition.sort, model);
        if (!visible) return repo.list(options);
        const page = await repo.list({ ...options, visibleFields: visible });
        return { ...page, data: page.data.map(projectRow(visible)) };
      };
    case 'get':
      return async (req, ctx) => {
        const visible = ctx.readableFields(model.typeName, req.user?.roles ?? null);
        const data = await repo.get(idOf(req.params));
        return { data: visible ? projectRow(visible)(data) : data };
      };
    case 'create':
      return async (req, ctx) => {
        const body = req.body as Row;
        await rule?.before?.(ctx, body, null);
        const data = await repo.create(body, serverSetValues(model, 'create', req.user));
        await rule?.after?.(ctx, data);
        return { data };
      };
    case 'update':
      return async (req, ctx) => {
        const body = req.body as Row;
        await rule?.before?.(ctx, body, idOf(req.params));
        const data = await repo.update(
          idOf(req.params),
          body,
          serverSetValues(model, 'update', req.user),
          typeof body.version === 'number' ? body.version : undefined,
        );
        await rule?.after?.(ctx, data);
        return { data };
      };
    case 'delete':
      return async (req) => {
        await repo.remove(idOf(req.params));
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

/** `PUT …/{id}` with `{ field, value }`: one writable field of a record changes (a switch or a cell edited in place). */
export async function updateOneField<T extends object>(
  resource: Resource<T>,
  id: number,
  body: { field: string; value?: unknown },
) {
  const column = resource.model.byName.get(body.field);
  if (!column || column.readOnly)
    throw new HttpError(400, MESSAGES.invalid, [{ field: 'field', message: `campo non modificabile: ${body.field}` }]);
  return { data: await resource.repo.update(id, { [body.field]: body.value }) };
}
