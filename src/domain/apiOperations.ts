import type { operations } from '../../generated/api.ts';

/** An operationId of openapi.yaml: a typo does not compile. */
export type OperationId = keyof operations;

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
  /** Of the search `q`: the rows of one page of a search at most. */
  'x-search-max-rows'?: number;
}

/** One operation of openapi.yaml, as the server registers it and the generator indexes it. */
export interface ApiOperation {
  operationId: OperationId;
  /** Upper case: GET, POST… */
  method: string;
  /** As written in openapi.yaml, e.g. /api/agents/{id}. */
  path: string;
  /** As Fastify wants it, e.g. /api/agents/:id. */
  url: string;
  tag: string;
  /** The operation's Italian summary (what a message names it by). */
  summary: string;
  isPublic: boolean;
  parameters: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
  /** JSON response schemas by status code; null for binary or empty responses. */
  responses: Record<string, JsonSchema | null>;
}

/**
 * Follows internal $refs (#/components/...) of a document; siblings of a $ref win over the target's
 * keys. A $ref to nothing is left as it is (the generator reports it with its file and pointer).
 */
export function refResolver(document: JsonSchema) {
  return function resolve<T = JsonSchema>(node: unknown): T {
    let current = node as JsonSchema;
    while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
      const { $ref, ...siblings } = current;
      const target = $ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (o, k) => (o as JsonSchema | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')],
          document,
        ) as JsonSchema | undefined;
      if (!target || typeof target !== 'object') break;
      current = { ...target, ...siblings };
    }
    return current as T;
  };
}

/**
 * Every operation of an OpenAPI document, in document order: the one reader of the contract's
 * operations (the server registers routes from it, the generator finds each resource's calls).
 * Only internal $refs are followed, so it reads the bundled openapi.json and openapi.yaml alike.
 */
export function readOperations(document: JsonSchema): ApiOperation[] {
  const resolve = refResolver(document);
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, JsonSchema>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (typeof op.operationId !== 'string') continue;
      const requestBody = op.requestBody
        ? resolve<{ content: Record<string, { schema: JsonSchema }> }>(op.requestBody)
        : null;
      const bodyType = requestBody ? Object.keys(requestBody.content)[0] : undefined;
      const responses: Record<string, JsonSchema | null> = {};
      for (const [status, r] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
        const res = resolve<{ content?: Record<string, { schema?: JsonSchema }> }>(r);
        responses[status] = res.content?.['application/json']?.schema ?? null;
      }
      operations.push({
        operationId: op.operationId as OperationId,
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        tag: String((op.tags as string[] | undefined)?.[0] ?? ''),
        summary: typeof op.summary === 'string' ? op.summary : '',
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        parameters: ((op.parameters ?? []) as unknown[]).map((p) => resolve<Parameter>(p)),
        body:
          requestBody && bodyType
            ? { contentType: bodyType, schema: requestBody.content[bodyType]?.schema ?? {} }
            : null,
        responses,
      });
    }
  }
  return operations;
}
