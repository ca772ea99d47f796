import { isDeepStrictEqual } from 'node:util';
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import type { Contract, JsonSchema } from './contract.ts';
import { absoluteRefs, DOC_ID, type Validators } from './validators.ts';

export type Serialize = (data: unknown) => string;

/**
 * Whether answers are checked before they leave: `API_CHECK_RESPONSES=1` (tests and the browser suite set it,
 * and anyone chasing a server bug). Otherwise the compiled writer alone.
 */
export const checkResponsesFromEnv = (env: NodeJS.ProcessEnv): boolean => env.API_CHECK_RESPONSES === '1';

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
  const external: Record<string, Schema> = {
    [DOC_ID]: { components: absoluteRefs(contract.document.components) } as unknown as Schema,
  };
  return ({ schema, url, httpStatus }: { schema: unknown; url: string; httpStatus?: string }): Serialize => {
    const write = fastJson(absoluteRefs(schema) as Schema, { schema: external }) as Serialize;
    if (!options.check) return write;
    const validate = validators.compile(validators.response, schema as JsonSchema);
    return (data) => {
      const fail = (details: Record<string, unknown>, why: string) => {
        options.log().error({ url, httpStatus, ...details }, why);
        throw new HttpError(500, MESSAGES.generic);
      };
      if (!validate(data)) fail({ errors: validate.errors }, 'response does not match openapi.yaml');
      const written = write(data);
      const plain = JSON.stringify(data);
      const at = firstDifference(JSON.parse(written), plain === undefined ? undefined : JSON.parse(plain));
      if (at !== null) fail({ at }, 'the compiled answer differs from the handler’s: a field openapi.yaml does not declare');
      return written;
    };
  };
}
