import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  readOperations,
  refResolver,
  type ApiOperation,
  type JsonSchema,
  type Parameter,
} from '../../domain/apiOperations.ts';

export type { ApiOperation, JsonSchema, Parameter };

export interface Contract {
  document: JsonSchema & { components: { schemas: Record<string, JsonSchema>; parameters: Record<string, Parameter> } };
  operations: ApiOperation[];
  /** The component schema of an entity type (Agent, TrattativaCp...), its $ref followed. */
  entitySchema(typeName: string): JsonSchema;
  /** Follows one internal $ref. */
  resolve<T = JsonSchema>(node: unknown): T;
}

const FILE = fileURLToPath(new URL('../../../generated/openapi.json', import.meta.url));

/** The bundled contract (generated/openapi.json) and its operations, read by the one reader of src/domain. */
export function loadContract(): Contract {
  const document = JSON.parse(fs.readFileSync(FILE, 'utf8')) as Contract['document'];
  const resolve = refResolver(document);
  return {
    document,
    operations: readOperations(document),
    entitySchema: (typeName) => resolve(document.components.schemas[typeName]),
    resolve,
  };
}

const keys = new WeakMap<Contract, string>();

/**
 * What is compiled from a contract (validators, answer writers) is shared by every app of the process built from
 * the same components, found by this key: the components' text, worked out once per contract object.
 */
export function componentsKey(contract: Contract): string {
  let key = keys.get(contract);
  if (key === undefined) keys.set(contract, (key = JSON.stringify(contract.document.components)));
  return key;
}
