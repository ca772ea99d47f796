import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv } from '../../domain/createAjv.ts';
import { componentsKey, type Contract, type JsonSchema } from './contract.ts';

const OAS_KEYWORDS = ['x-resource', 'example', 'discriminator', 'xml', 'externalDocs'];
export const DOC_ID = 'openapi.json';

/** Internal refs (#/components/...) made absolute, so a fragment of the document compiles alone. */
export function absoluteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absoluteRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : absoluteRefs(v),
    ]),
  );
}

export type Validate = ReturnType<Ajv2020['compile']>;

export interface Validators {
  /** Bodies: types as they are, every error reported. */
  strict: Ajv2020;
  /** Responses: stops at the first mismatch, which is all a server bug needs. */
  response: Ajv2020;
  /** Query strings and path parameters arrive as text: coerced to the declared types. */
  coercing: Ajv2020;
  compile(ajv: Ajv2020, schema: JsonSchema): Validate;
  /**
   * The same validator, compiled at its first call: a server starts without compiling the schemas of every
   * route, most of which a test (or a process's first minutes) never calls. `everyRouteCompiles.test.ts`
   * compiles them all, so that a schema that cannot compile still fails CI, not a first request.
   */
  lazy(ajv: Ajv2020, schema: JsonSchema): Validate;
}

/**
 * One set of validators per contract in a process, shared by every app built from it: compiling the contract's
 * schemas was most of what building an app cost, and the server suites build one per test.
 */
const byContract = new Map<string, Validators>();

export function createValidators(contract: Contract): Validators {
  const key = componentsKey(contract);
  let validators = byContract.get(key);
  if (!validators) byContract.set(key, (validators = compileValidators(contract)));
  return validators;
}

function compileValidators(contract: Contract): Validators {
  const make = (coerce: boolean, allErrors = true) => {
    const ajv = createAjv({ coerceTypes: coerce ? 'array' : false, useDefaults: false, allErrors });
    for (const k of OAS_KEYWORDS) ajv.addKeyword(k);
    ajv.addSchema({ components: absoluteRefs(contract.document.components) }, DOC_ID);
    return ajv;
  };
  const strict = make(false);
  const response = make(false, false);
  const coercing = make(true);
  const cache = new Map<string, Validate>();
  const compile = (ajv: Ajv2020, schema: JsonSchema) => {
    const key = `${ajv === strict ? 's' : ajv === response ? 'r' : 'c'}${JSON.stringify(schema)}`;
    let fn = cache.get(key);
    if (!fn) {
      fn = ajv.compile(absoluteRefs(schema) as JsonSchema);
      cache.set(key, fn);
    }
    return fn;
  };
  return {
    strict,
    response,
    coercing,
    compile,
    lazy(ajv, schema) {
      let fn: Validate | undefined;
      const validate = ((data: unknown, context?: Parameters<Validate>[1]) => {
        fn ??= compile(ajv, schema);
        const valid = fn(data, context);
        validate.errors = fn.errors;
        return valid;
      }) as Validate;
      // Fastify hands an ajv validator (one with a schemaEnv) the request as the parent of what it checks, so
      // that coercing a top-level value reaches the request; the compiled one gets it through this one.
      Object.defineProperty(validate, 'schemaEnv', { get: () => (fn ??= compile(ajv, schema)).schemaEnv });
      return validate;
    },
  };
}

/** The querystring schema of an operation, from its declared query parameters. */
export function querySchema(
  params: { name: string; in: string; required?: boolean; schema: JsonSchema }[],
): JsonSchema {
  const query = params.filter((p) => p.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

export function paramsSchema(params: { name: string; in: string; schema: JsonSchema }[]): JsonSchema {
  const path = params.filter((p) => p.in === 'path');
  return {
    type: 'object',
    properties: Object.fromEntries(path.map((p) => [p.name, p.schema])),
    required: path.map((p) => p.name),
  };
}

/**
 * A JSON body schema that refuses fields the schema does not know.
 * Entity schemas stay open (see schemas/README.md); the server is strict.
 */
export function strictBodySchema(schema: JsonSchema): JsonSchema {
  return { allOf: [schema], unevaluatedProperties: false };
}
