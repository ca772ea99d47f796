import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/helpers/testApp.ts';
import type { ApiOperation, JsonSchema, Parameter } from './contract/contract.ts';
import { createValidators, strictBodySchema } from './contract/validators.ts';

// Every operation of openapi.yaml, sent bad variants generated from its own contract: wrong types,
// NUL characters, strings past their maxLength, unknown fields, nulls where none is allowed. None may
// fail with a 5xx, no write may succeed, and the database must be exactly as it was.

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  // A little data, so that ids in paths point at real records.
  await t.ctx.resource('Customer').repo.create({ companyName: 'Edilizia Brambilla S.r.l.', vatNumber: '00743110157' });
  await t.ctx.resource('Agent').repo.create({ name: 'Luca Verdi', code: 'AG01' });
  await t.ctx.resource('TrattativaCp').repo.create({ ragioneSociale: 'Impresa Rota S.p.A.' });
});
afterAll(() => t.close());

const FORMAT_SAMPLES: Record<string, string> = {
  date: '2025-09-24',
  'date-time': '2025-09-24T10:30:00.000Z',
  email: 'ufficio@esempio.it',
  'partita-iva': '00743110157',
  'codice-fiscale': 'RSSMRA85T10A562S',
  time: '10:30',
};

/** A valid value of a schema, from its examples, default, const or enum, else from its type. */
function sample(raw: unknown, depth = 0): unknown {
  const s = t.ctx.contract.resolve<JsonSchema>(raw);
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('example' in s) return s.example;
  if ('default' in s) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const k of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(s[k])) return sample((s[k] as unknown[])[0], depth + 1);
  if (Array.isArray(s.allOf))
    return Object.assign({}, ...(s.allOf as unknown[]).map((x) => sample(x, depth + 1) as object));
  const type = Array.isArray(s.type) ? (s.type as string[]).find((x) => x !== 'null') : (s.type as string | undefined);
  switch (type) {
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [sample(s.items, depth + 1)];
    case 'object':
    case undefined: {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      if (depth > 3 || Object.keys(props).length === 0) return {};
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sample(v, depth + 1)]));
    }
    default:
      return FORMAT_SAMPLES[String(s.format)] ?? 'testo';
  }
}

/** Values a field of this schema must refuse. */
function badValues(raw: unknown): unknown[] {
  const s = t.ctx.contract.resolve<JsonSchema>(raw);
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  const out: unknown[] = [];
  if (types.includes('string') || s.format || s.pattern) {
    out.push(12345, 'a\u0000b');
    if (typeof s.maxLength === 'number') out.push('x'.repeat(s.maxLength + 1));
  }
  if (types.includes('integer') || types.includes('number')) out.push('abc', 1e308 * 10 === Infinity ? 'Infinity' : 0);
  if (types.includes('boolean')) out.push('forse');
  if (types.includes('array')) out.push('non-un-elenco');
  if (types.includes('object')) out.push('non-un-oggetto');
  if (Array.isArray(s.enum)) out.push('valore-sconosciuto');
  if (types.length > 0 && !types.includes('null')) out.push(null);
  return out;
}

const PATH_SAMPLES: Record<string, string> = {
  resource: 'agent',
  filename: 'nessuno.pdf',
  vat: '00743110157',
  status: 'true',
};
const pathSample = (p: Parameter) =>
  PATH_SAMPLES[p.name] ??
  (t.ctx.contract.resolve<JsonSchema>(p.schema).type === 'string' ? String(sample(p.schema)) : '1');

interface Variant {
  label: string;
  method: string;
  url: string;
  payload?: unknown;
  contentType?: string;
}

function urlOf(op: ApiOperation, path: Record<string, string>, query: Record<string, string>) {
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(path[name] ?? '1'));
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return qs ? `${url}?${qs}` : url;
}

function variants(op: ApiOperation): Variant[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = Object.fromEntries(pathParams.map((p) => [p.name, pathSample(p)]));
  const query = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String([sample(p.schema)].flat()[0])]),
  );
  const json = op.body?.contentType === 'application/json';
  const body = json ? sample(op.body?.schema) : undefined;
  const base = { method: op.method, ...(json ? { payload: body } : {}) };
  const out: Variant[] = [];
  for (const p of pathParams)
    for (const bad of ['abc', 'a\u0000b', 'x'.repeat(3000), '-1'])
      out.push({
        ...base,
        label: `path ${p.name}=${JSON.stringify(bad).slice(0, 20)}`,
        url: urlOf(op, { ...path, [p.name]: bad }, query),
      });
  for (const p of queryParams)
    for (const bad of badValues(p.schema).filter((v) => v !== null))
      out.push({
        ...base,
        label: `query ${p.name}=${JSON.stringify(bad).slice(0, 20)}`,
        url: urlOf(op, path, { ...query, [p.name]: String(bad) }),
      });
  out.push({
    ...base,
    label: 'unknown query parameter',
    url: urlOf(op, path, { ...query, parametroSconosciuto: '1' }),
  });
  if (json && body && typeof body === 'object' && !Array.isArray(body)) {
    const props = (t.ctx.contract.resolve<JsonSchema>(op.body?.schema).properties ?? {}) as Record<string, unknown>;
    const url = urlOf(op, path, query);
    for (const [name, schema] of Object.entries(props))
      for (const bad of badValues(schema))
        out.push({
          method: op.method,
          url,
          label: `body ${name}=${JSON.stringify(bad).slice(0, 20)}`,
          payload: { ...body, [name]: bad },
        });
    out.push({ method: op.method, url, label: 'unknown body field', payload: { ...body, campoSconosciuto: 1 } });
    out.push({ method: op.method, url, label: 'body not an object', payload: [body] });
  }
  if (op.body && !json)
    out.push({
      method: op.method,
      url: urlOf(op, path, query),
      label: 'malformed multipart',
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF tronc',
      contentType: 'multipart/form-data; boundary=x',
    });
  return out;
}

/** Every table's row count and a checksum of its rows. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await t.ctx.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const q = `"${name.replace(/"/g, '""')}"`;
    const { rows } = await t.ctx.db.query<{ n: number; sum: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS sum FROM ${q} AS r`,
    );
    out[name] = `${rows[0]?.n}:${rows[0]?.sum}`;
  }
  return out;
}

describe('contract-generated bad input, for every operation', () => {
  it('starts each body from a valid one, so that each variant is refused for its own fault', () => {
    const validators = createValidators(t.ctx.contract);
    const bodies = t.ctx.contract.operations.filter((op) => op.body?.contentType === 'application/json');
    const invalid = bodies.filter(
      (op) => !validators.compile(validators.strict, strictBodySchema(op.body?.schema ?? {}))(sample(op.body?.schema)),
    );
    // The user forms have rules across fields (password and confirmation) that examples alone do not meet.
    expect(invalid.map((op) => op.operationId)).toEqual(['createUser', 'updateUser']);
  });

  it('never gets a 5xx, never writes, and leaves the database as it was', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    let sent = 0;
    for (const op of t.ctx.contract.operations) {
      // An event stream stays open when accepted; its refusals are covered by the hub tests.
      if (op.operationId === 'subscribeHub') continue;
      for (const v of variants(op)) {
        const res = await t.app.inject({
          method: v.method as 'GET',
          url: v.url,
          headers: { ...admin, ...(v.contentType ? { 'content-type': v.contentType } : {}) },
          ...(v.payload !== undefined ? { payload: v.payload as string } : {}),
        });
        sent++;
        const serverError = res.statusCode >= 500 && res.statusCode !== 501;
        const wrote = v.method !== 'GET' && res.statusCode < 300;
        if (serverError || wrote)
          failures.push(`${op.operationId} ${v.label}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1500);
    expect(await snapshot()).toEqual(before);
  });
});
