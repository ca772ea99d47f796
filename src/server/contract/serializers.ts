import { isDeepStrictEqual } from 'node:util';
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifyBaseLogger } from 'fastify';
import { MULTIPLE_OF_PRECISION } from '../../domain/createAjv.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import { componentsKey, type Contract, type JsonSchema } from './contract.ts';
import { absoluteRefs, DOC_ID, type Validators } from './validators.ts';

export type Serialize = (data: unknown) => string;

/**
 * Whether answers are checked before they leave: `API_CHECK_RESPONSES=1` (tests and the browser suite set it,
 * and anyone chasing a server bug). Otherwise the compiled writer alone.
 */
export const checkResponsesFromEnv = (env: NodeJS.ProcessEnv): boolean => env.API_CHECK_RESPONSES === '1';

const jsonType = (v: unknown) => (v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v);

/** A oneOf/anyOf of constants only (an enum with a title per value): what it writes is just that type. */
function constantsType(alternatives: unknown): string[] | null {
  if (!Array.isArray(alternatives) || alternatives.length === 0) return null;
  if (
    !alternatives.every(
      (a) =>
        a &&
        typeof a === 'object' &&
        'const' in a &&
        Object.keys(a).every((k) => k === 'const' || k === 'title' || k === 'description'),
    )
  )
    return null;
  return [...new Set(alternatives.map((a: { const: unknown }) => jsonType(a.const)))];
}

/**
 * The schema a writer is compiled from. Without defaults: the writer would fill a missing property with its
 * default, and an answer says what is stored. Without the oneOf of constants of an enum (Sì/No...): the writer
 * would pick the alternative by running a validator on every value, when writing a string is all it takes
 * (check mode validates the answer whole). Under `properties` the keys are names, not keywords.
 */
export function writerSchema(node: unknown, names = false): unknown {
  if (Array.isArray(node)) return node.map((n) => writerSchema(n));
  if (!node || typeof node !== 'object') return node;
  const schema = node as Record<string, unknown>;
  const constants = names ? null : (constantsType(schema.oneOf) ?? constantsType(schema.anyOf));
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => names || (k !== 'default' && !(constants && (k === 'oneOf' || k === 'anyOf'))))
      .concat(
        constants && schema.type === undefined ? [['type', constants.length === 1 ? constants[0] : constants]] : [],
      )
      .map(([k, v]) => [k, writerSchema(v, !names && (k === 'properties' || k === 'patternProperties'))]),
  );
}

/** The first place two parsed JSON values differ, as a JSON pointer. */
function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}/${k}`);
      if (d !== null) return d;
    }
  }
  return at || '/';
}

/**
 * Each answer is written by the serializer compiled from its response schema (fast-json-stringify): faster than
 * JSON.stringify, and it writes only what the contract declares. Such a writer silently drops a property the
 * schema does not know and coerces a value to the declared type, so in check mode (tests, the browser suite,
 * debugging) the answer is also validated against the schema, and what the writer wrote must be exactly what
 * JSON.stringify would have: a field the contract forgot is a logged 500 in a test, never a field that quietly
 * vanishes from a screen.
 */
export function createSerializerCompiler(
  contract: Contract,
  validators: Validators,
  options: { check: boolean; log: () => FastifyBaseLogger },
) {
  // Compiled at a route's first answer, as its validators are (validators.ts, `lazy`).
  return ({ schema, url, httpStatus }: { schema: unknown; url: string; httpStatus?: string }): Serialize => {
    let write: Serialize | undefined;
    if (!options.check) return (data) => (write ??= compiledWriter(contract, schema))(data);
    const validate = validators.lazy(validators.response, schema as JsonSchema);
    return (data) => {
      const fail = (details: Record<string, unknown>, why: string) => {
        options.log().error({ url, httpStatus, ...details }, why);
        throw new HttpError(500, MESSAGES.generic);
      };
      if (!validate(data)) fail({ errors: validate.errors }, 'response does not match openapi.yaml');
      const written = (write ??= compiledWriter(contract, schema))(data);
      const plain = JSON.stringify(data);
      const at = firstDifference(JSON.parse(written), plain === undefined ? undefined : JSON.parse(plain));
      if (at !== null)
        fail({ at }, 'the compiled answer differs from the handler’s: a field openapi.yaml does not declare');
      return written;
    };
  };
}

/** Writers compiled in this process, by contract and schema: every app built from one contract shares them. */
const writersByContract = new Map<string, { external: Record<string, Schema>; writers: Map<string, Serialize> }>();

/** The writer of an answer's schema, compiled at its first use in this process. */
export function compiledWriter(contract: Contract, schema: unknown): Serialize {
  const components = componentsKey(contract);
  let compiled = writersByContract.get(components);
  if (!compiled) {
    const external = {
      [DOC_ID]: { components: writerSchema(absoluteRefs(contract.document.components)) } as unknown as Schema,
    };
    writersByContract.set(components, (compiled = { external, writers: new Map() }));
  }
  const key = JSON.stringify(schema);
  let write = compiled.writers.get(key);
  if (!write) {
    // The writer picks a oneOf's branch with its own ajv: it reads multipleOf as ours does, or a price of 32.9
    // (not a multiple of 0.01 in floating point) matches no branch and the answer is a 500.
    write = fastJson(writerSchema(absoluteRefs(schema)) as Schema, {
      schema: compiled.external,
      ajv: { multipleOfPrecision: MULTIPLE_OF_PRECISION },
    });
    compiled.writers.set(key, write);
  }
  return write;
}
