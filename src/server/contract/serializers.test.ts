import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { loadContract } from './contract.ts';
import { createSerializerCompiler } from './serializers.ts';
import { createValidators } from './validators.ts';

// Answers are written by serializers compiled from openapi.yaml; in check mode they are also validated, and what
// the writer wrote must be what JSON.stringify would have written.

const contract = loadContract();
const validators = createValidators(contract);
const logged: unknown[] = [];
const log = { error: (details: unknown) => logged.push(details) } as unknown as FastifyBaseLogger;
const schema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['nome'],
      properties: {
        nome: { type: 'string' },
        attivo: { $ref: '#/components/schemas/SiNo', default: 'Y' },
        quando: { type: ['string', 'null'], format: 'date-time' },
      },
    },
  },
};
const writer = (check: boolean) =>
  createSerializerCompiler(contract, validators, { check, log: () => log })({ schema, url: '/x', httpStatus: '200' });

describe('compiled answers', () => {
  it('write what JSON.stringify writes', () => {
    const data = { data: { nome: 'Gru', attivo: 'N', quando: '2026-11-26T10:00:00.000Z' } };
    for (const check of [false, true]) expect(writer(check)(data)).toBe(JSON.stringify(data));
  });

  it('never fill a missing field with its default: an answer says what is stored', () => {
    expect(JSON.parse(writer(false)({ data: { nome: 'Gru' } }))).toEqual({ data: { nome: 'Gru' } });
    expect(writer(true)({ data: { nome: 'Gru' } })).toBe('{"data":{"nome":"Gru"}}');
  });

  it('without the check, drop a field the contract does not declare: the check makes that a 500', () => {
    const answer = { data: { nome: 'Gru', colore: 'rosso' } };
    expect(JSON.parse(writer(false)(answer))).toEqual({ data: { nome: 'Gru' } });
    logged.length = 0;
    expect(() => writer(true)(answer)).toThrow(expect.objectContaining({ statusCode: 500 }));
    expect(logged).toEqual([expect.objectContaining({ url: '/x', at: '/data/colore' })]);
  });

  it('in check mode, refuse an answer the contract does not allow', () => {
    logged.length = 0;
    expect(() => writer(true)({ data: { nome: 'Gru', attivo: 'forse' } })).toThrow(
      expect.objectContaining({ statusCode: 500 }),
    );
    expect(() => writer(true)({ data: {} })).toThrow(expect.objectContaining({ statusCode: 500 }));
    expect(logged).toHaveLength(2);
  });

  it("write a price in euros inside a oneOf (an offer's totals or null) whatever its floating-point error", () => {
    const prices = {
      type: 'object',
      properties: { prezzi: { oneOf: [{ $ref: '#/components/schemas/PrezziOfferta' }, { type: 'null' }] } },
    };
    const write = createSerializerCompiler(contract, validators, { check: false, log: () => log })({
      schema: prices,
      url: '/x',
    });
    // 0.1 + 0.2 and 32.9 are not multiples of 0.01 in floating point: without ajv's precision no branch matches.
    const totals = { prezzoNoleggio: 32.9, prezzoAssicurazione: 0.1 + 0.2, prezzoOneri: 19.99, prezzoTrasporto: 0 };
    const answer = { prezzi: { ...totals, prezzoVarie: 0, prezzoTotale: 1147.13, prezzoTotaleScontato: 1090.27 } };
    expect(write(answer)).toBe(JSON.stringify(answer));
  });
});
