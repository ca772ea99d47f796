import { pageOfAnswer } from '../../domain/listAnswer.ts';
import type { ApiCall, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { toApiError } from './apiError.ts';
import type { components } from '../../../generated/api.ts';
import { api } from './client.ts';
import { answeredBy } from './httpMiddleware.ts';
import { listQuery, type ListState } from './listQuery.ts';
import { referenceLabels, type ReferenceLabels } from './referenceLabels.ts';

type Init = {
  middleware?: ReturnType<typeof answeredBy>[];
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  parseAs?: 'json' | 'blob';
  baseUrl?: string;
  bodySerializer?: (body: unknown) => unknown;
  signal?: AbortSignal;
};
type Result = { data?: unknown; error?: unknown; response: Response };
// Generic screens call paths known only at run time (from the resource definitions, themselves
// generated from openapi.yaml); this is the one place where the typed client is used untyped.
const loose = api as unknown as Record<
  'GET' | 'POST' | 'PUT' | 'DELETE',
  (path: string, init?: Init) => Promise<Result>
>;

async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, init?: Init): Promise<T> {
  const { data, error, response } = await loose[method](path, init);
  if (!response.ok) throw toApiError(response.status, error);
  // Whatever answer names the records its rows point to, those names are the freshest there are.
  referenceLabels.remember((data as { references?: ReferenceLabels } | undefined)?.references);
  return data as T;
}

export type Row = Record<string, unknown> & { id?: number };

export type ImportJob = components['schemas']['ImportJob'];

/** A page of a list: its rows, their total and the names of the records they point to. */
export interface ListPage {
  data: Row[];
  totalRows: number;
  /** A search matched more rows than the server reads (totalRows is then that bound). */
  totalRowsCapped?: boolean;
  references?: ReferenceLabels;
}

/** What a picker asks of a list: a search, or chosen ids, or the newest; always one bounded page. */
export interface PickQuery {
  q?: string;
  ids?: number[];
  page: number;
  rowsPerPage: number;
  sortBy?: string;
  descending?: 0 | 1;
}

/** A list's page, wherever its answer holds it (`data`, or `data.data` for GET /api/offers). */
async function listPage(path: string, query: Record<string, unknown>, signal?: AbortSignal): Promise<ListPage> {
  const answer = await request<ListPage | { data: ListPage }>('GET', path, {
    params: { query },
    ...(signal ? { signal } : {}),
  });
  const page = pageOfAnswer<ListPage>(answer);
  referenceLabels.remember(page.references);
  return page;
}

/**
 * The record without the fields only their own operation writes (x-written-by: a send's flag, the customer's
 * answer): a form read before that operation ran would send them back stale, and the save would be refused.
 */
function ownFields(def: ResourceDefinition, body: Row): Row {
  const theirs = new Set(def.writtenBy);
  return Object.fromEntries(Object.entries(body).filter(([k]) => !theirs.has(k)));
}

export const resourceApi = {
  /**
   * A page of the list; with `q`, of those rows that match the search (a picker's "Cerca altro…"). Its rows carry
   * only what a list shows and its workflow reads (`listFields`), plus id and version: a record is read whole by
   * id when it is opened (`current`).
   */
  list(def: ResourceDefinition, state: ListState, q?: string, signal?: AbortSignal) {
    const op = def.api.list;
    if (!op) throw new Error(`${def.name} has no list`);
    const fields = def.listFields.length > 0 ? { fields: def.listFields.join(',') } : {};
    return listPage(op.path, { ...listQuery(def.filters, state), ...fields, ...(q ? { q } : {}) }, signal);
  },
  /** One bounded page of a searchable list (its path), for a picker; a newer search cancels it through `signal`. */
  pick(path: string, query: PickQuery, signal?: AbortSignal) {
    return listPage(path, { ...query }, signal);
  },
  /**
   * Every record of a list call, in the given order when there is one: only for tables bounded by nature
   * (statuses, brochures, the price tables, a single settings record), never for one a picker searches.
   */
  listAll(path: string, sort: ResourceDefinition['sort'] = null) {
    const order = sort ? { sortBy: sort.field, descending: sort.descending ? 1 : 0 } : {};
    return listPage(path, { ...order, page: 0, rowsPerPage: 0 });
  },
  /** The record as it is now on the server. */
  async current(def: ResourceDefinition, id: number): Promise<Row | undefined> {
    if (def.api.get) return (await request<{ data: Row }>('GET', def.api.get.path, { params: { path: { id } } })).data;
    // Without a call of its own, the list's row of that id: one row, never the whole table.
    const one = await listPage(def.api.list?.path ?? '', { filters: { id }, page: 1, rowsPerPage: 1 });
    return one.data.find((r) => r.id === id);
  },
  /**
   * One record for a page of its own: a record that does not exist is the page's to show
   * (ApiError 404, no notification).
   */
  async find(def: ResourceDefinition, id: number): Promise<Row> {
    if (!def.api.get) throw new Error(`${def.name} has no get`);
    return (
      await request<{ data: Row }>('GET', def.api.get.path, {
        params: { path: { id } },
        middleware: [answeredBy([404])],
      })
    ).data;
  },
  /** The whole filtered, sorted list as an .xlsx file, with the name the server gave it. */
  async exportXlsx(def: ResourceDefinition, state: ListState): Promise<{ blob: Blob; filename: string }> {
    const query = listQuery(def.filters, { ...state, rowsPerPage: 0 });
    const { page: _p, rowsPerPage: _r, filters, q, ...topLevel } = query;
    const allFilters = { ...((filters ?? {}) as Record<string, unknown>), ...topLevel };
    delete allFilters.sortBy;
    delete allFilters.descending;
    const { data, error, response } = await loose.GET('/api/export/{resource}', {
      params: {
        path: { resource: def.name },
        query: {
          ...(Object.keys(allFilters).length > 0 ? { filters: allFilters } : {}),
          ...(query.sortBy ? { sortBy: query.sortBy, descending: query.descending } : {}),
          ...(typeof q === 'string' ? { q } : {}),
        },
      },
      parseAs: 'blob',
      // Files come from the server that served the app (a contract proxy in between only speaks JSON).
      baseUrl: window.location.origin,
    });
    if (!response.ok) throw toApiError(response.status, error);
    const filename =
      /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `${def.name}.xlsx`;
    return { blob: data as Blob, filename };
  },
  /** An uploaded file to import into the resource: its columns, first rows and proposed mapping. */
  async uploadImport(def: ResourceDefinition, file: File): Promise<ImportJob> {
    const form = new FormData();
    form.append('file', file);
    return (
      await request<{ data: ImportJob }>('POST', '/api/imports/{resource}', {
        params: { path: { resource: def.name } },
        body: form,
        bodySerializer: (b) => b,
        baseUrl: window.location.origin,
      })
    ).data;
  },
  async importJob(def: ResourceDefinition, id: number): Promise<ImportJob> {
    return (
      await request<{ data: ImportJob }>('GET', '/api/imports/{resource}/{id}', {
        params: { path: { resource: def.name, id } },
      })
    ).data;
  },
  async previewImport(def: ResourceDefinition, id: number, mapping: (string | null)[]): Promise<ImportJob> {
    return (
      await request<{ data: ImportJob }>('POST', '/api/imports/{resource}/{id}/preview', {
        params: { path: { resource: def.name, id } },
        body: { mapping },
      })
    ).data;
  },
  async runImport(def: ResourceDefinition, id: number): Promise<ImportJob> {
    return (
      await request<{ data: ImportJob }>('POST', '/api/imports/{resource}/{id}/run', {
        params: { path: { resource: def.name, id } },
      })
    ).data;
  },
  /** The rows an import refused, with their reasons, as an .xlsx file. */
  async importErrors(def: ResourceDefinition, id: number): Promise<{ blob: Blob; filename: string }> {
    const { data, error, response } = await loose.GET('/api/imports/{resource}/{id}/errors', {
      params: { path: { resource: def.name, id } },
      parseAs: 'blob',
      baseUrl: window.location.origin,
    });
    if (!response.ok) throw toApiError(response.status, error);
    const filename =
      /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `${def.name}_errori.xlsx`;
    return { blob: data as Blob, filename };
  },
  create(def: ResourceDefinition, body: Row) {
    return request<{ data: Row }>('POST', def.api.create?.path ?? '', { body: ownFields(def, body) });
  },
  update(def: ResourceDefinition, id: number, body: Row) {
    return request<{ data: Row }>('PUT', def.api.update?.path ?? '', {
      params: { path: { id } },
      body: ownFields(def, body),
    });
  },
  /** The record's picture, or null when it has none. Files come from the app's own server. */
  async image(def: ResourceDefinition, id: number): Promise<Blob | null> {
    const { data, error, response } = await loose.GET(def.api.downloadImage?.path ?? '', {
      params: { path: { id } },
      parseAs: 'blob',
      baseUrl: window.location.origin,
      // No picture is an answer, not an error to notify.
      middleware: [answeredBy([404])],
    });
    if (response.status === 404) return null;
    if (!response.ok) throw toApiError(response.status, error);
    return data as Blob;
  },
  uploadImage(def: ResourceDefinition, id: number, file: File) {
    const form = new FormData();
    form.append('file', file);
    return request<{ data: Row }>('PUT', def.api.uploadImage?.path ?? '', {
      params: { path: { id } },
      body: form,
      bodySerializer: (b) => b,
      baseUrl: window.location.origin,
    });
  },
  /** A yes/no field switched by its own call (x-resource.toggles). */
  toggle(call: ApiCall, id: number, on: boolean) {
    return request<{ data: Row }>('PUT', call.path, { params: { path: { id, status: String(on) } } });
  },
  /** A row action's call (x-resource.actions), with the record's id. */
  action<T>(call: ApiCall, id: number) {
    return request<T>(call.method.toUpperCase() as 'POST', call.path, { params: { path: { id } } });
  },
  remove(def: ResourceDefinition, id: number) {
    return request<void>('DELETE', def.api.delete?.path ?? '', { params: { path: { id } } });
  },
};
