import type { ApiOperation, Contract, JsonSchema } from './contract.ts';

/** Whether a list takes `fields` (openapi.yaml, the Fields parameter): its rows may carry only those. */
export const takesFields = (op: ApiOperation): boolean =>
  op.parameters.some((p) => p.in === 'query' && p.name === 'fields');

type Props = Record<string, JsonSchema>;

/** The answer with the schema of its rows (`data`, or `data.data` for GET /api/offers) changed by `change`. */
function withRows(answer: JsonSchema, change: (rows: JsonSchema) => JsonSchema): JsonSchema {
  const data = (answer.properties as Props | undefined)?.data;
  if (!data) return answer;
  if (data.type === 'object')
    return { ...answer, properties: { ...(answer.properties as Props), data: withRows(data, change) } };
  if (data.type !== 'array' || !data.items) return answer;
  return {
    ...answer,
    properties: { ...(answer.properties as Props), data: { ...data, items: change(data.items as JsonSchema) } },
  };
}

/**
 * The 2xx answer schemas of an operation, for its route's serializer and check. A list that takes `fields`
 * answers rows holding only the fields asked for (plus id and version): its rows are the entity's schema
 * without `required`, the same properties and types, so the compiled writer writes every one present.
 */
export function answerSchemas(op: ApiOperation, contract: Contract): Record<string, JsonSchema> {
  const sparse = takesFields(op);
  return Object.fromEntries(
    Object.entries(op.responses)
      .filter((e): e is [string, JsonSchema] => e[0].startsWith('2') && !!e[1])
      .map(([status, schema]) => [
        status,
        sparse && status === '200'
          ? withRows(schema, (rows) => {
              const { required: _all, ...open } = contract.resolve(rows);
              return open;
            })
          : schema,
      ]),
  );
}
