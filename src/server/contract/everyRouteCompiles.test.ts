import { describe, expect, it } from 'vitest';
import { routeSchema } from '../registerOperations.ts';
import type { JsonSchema } from './contract.ts';
import { loadContract } from './contract.ts';
import { compiledWriter } from './serializers.ts';
import { createValidators } from './validators.ts';

// A route compiles its validators and its answers' writers at its first call (validators.ts, `lazy`), so a server
// starts without compiling the whole contract: here every one is compiled, so that a schema ajv or
// fast-json-stringify cannot compile fails CI, not a route's first request.
describe('every route of the contract', () => {
  it('compiles the validators of its request and the writers of its answers', () => {
    const contract = loadContract();
    const validators = createValidators(contract);
    let compiled = 0;
    for (const op of contract.operations) {
      const { params, querystring, body, response } = routeSchema(op) as {
        params?: JsonSchema;
        querystring: JsonSchema;
        body?: JsonSchema;
        response: Record<string, JsonSchema>;
      };
      const compile = (what: string, fn: () => unknown) => {
        expect(fn, `${op.operationId} ${what}`).not.toThrow();
        expect(typeof fn(), `${op.operationId} ${what}`).toBe('function');
        compiled++;
      };
      if (params) compile('params', () => validators.compile(validators.coercing, params));
      compile('querystring', () => validators.compile(validators.coercing, querystring));
      if (body) compile('body', () => validators.compile(validators.strict, body));
      for (const [status, schema] of Object.entries(response)) {
        compile(`${status} check`, () => validators.compile(validators.response, schema));
        compile(`${status} writer`, () => compiledWriter(contract, schema));
      }
    }
    // Every operation has at least its query string and one answer.
    expect(compiled).toBeGreaterThan(2 * contract.operations.length);
  });
});
