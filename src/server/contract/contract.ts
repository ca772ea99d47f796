import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface ApiOperation {
  operationId: string;
  method: string;
  /** As written in openapi.yaml, e.g. /api/agents/{id}. */
  path: string;
  /** As Fastify wants it, e.g. /api/agents/:id. */
  url: string;
  tag: string;
  isPublic: boolean;
  parameters: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
  /** JSON response schemas by status code; null for binary or empty responses. */
  responses: Record<string, JsonSchema | null>;
}

export interface Contract {
  document: JsonSchema & { components: { schemas: Record<string, JsonSchema>; parameters: Record<string, Parameter> } };
  operations: ApiOperation[];
  /** The component schema of an entity type (Agent, TrattativaCp...), its $ref followed. */
  entitySchema(typeName: string): JsonSchema;
  /** Follows one internal $ref. */
  resolve<T = JsonSchema>(node: unknown): T;
}

const FILE = fileURLToPath(new URL('../../../generated/openapi.json', import.meta.url));

export function loadContract(): Contract {
  const document = JSON.parse(fs.readFileSync(FILE, 'utf8')) as Contract['document'];
  const resolve = <T>(node: unknown): T => {
    let current = node as JsonSchema;
    while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
      const { $ref, ...siblings } = current;
      const target = ($ref as string)
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (o, k) => (o as JsonSchema)[k.replace(/~1/g, '/').replace(/~0/g, '~')],
          document,
        ) as JsonSchema;
      current = { ...target, ...siblings };
    }
    return current as T;
  };
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const [method, op] of Object.entries(item)) {
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
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        tag: String((op.tags as string[] | undefined)?.[0] ?? ''),
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
  return {
    document,
    operations,
    entitySchema: (typeName) => resolve(document.components.schemas[typeName]),
    resolve,
  };
}
