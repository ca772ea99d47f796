import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleNameValues } from '../../generated/enums.ts';
import { createAjv } from '../../src/domain/createAjv.ts';
import { bundledContract, type Bundled, type Operation } from '../helpers/bundledContract.ts';
import { startProcess } from '../helpers/startProcess.ts';

// `npm run mock` is prism mock with request validation and fatal errors; this starts the same.
const PORT = 4100 + Math.floor(Math.random() * 800);
const BASE = `http://127.0.0.1:${PORT}`;
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VybmFtZSI6ImFkbWluIn0.c2ln';

const ajv = createAjv({ strict: false });
for (const k of ['x-resource', 'example', 'discriminator', 'xml', 'externalDocs']) ajv.addKeyword(k);

// Fields that only travel towards the server: Prism's static sampler fills them with "string".
const writeOnly = new Set(
  fs
    .readdirSync('schemas')
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      Object.entries(
        (
          JSON.parse(fs.readFileSync(path.join('schemas', f), 'utf8')) as {
            properties?: Record<string, { writeOnly?: boolean }>;
          }
        ).properties ?? {},
      ),
    )
    .filter(([, p]) => p.writeOnly)
    .map(([n]) => n),
);
function placeholders(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return /^string/.test(value) && !writeOnly.has(key) ? [key] : [];
  if (Array.isArray(value)) return value.flatMap((v) => placeholders(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => placeholders(v, k));
  return [];
}

function urlFor(p: string, op: Operation): string {
  let url = p;
  const query = new URLSearchParams();
  for (const param of op.parameters ?? []) {
    if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(String(param.example)));
    if (param.in === 'query' && param.required) query.set(param.name, String(param.example));
    if (param.in === 'query' && param.name === 'rowsPerPage') {
      query.set('page', '1');
      query.set('rowsPerPage', '10');
    }
  }
  const qs = query.toString();
  return `${BASE}${url}${qs ? `?${qs}` : ''}`;
}

let contract: Bundled;
let prism: Awaited<ReturnType<typeof startProcess>>;
beforeAll(async () => {
  contract = await bundledContract();
  prism = await startProcess(
    'node_modules/.bin/prism',
    ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', String(PORT), '--errors'],
    /Prism is listening/,
    { timeoutMs: 90_000 },
  );
}, 120_000);
afterAll(async () => prism?.stop());

describe('the Prism mock answers every GET of the contract', () => {
  it('covers every GET operation with a 2xx and a body that matches its schema', async () => {
    const gets = Object.entries(contract.paths).flatMap(([p, item]) => (item.get ? [[p, item.get] as const] : []));
    expect(gets.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const [p, op] of gets) {
      const url = urlFor(p, op);
      const res = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json, */*' } });
      const status = String(res.status);
      if (!status.startsWith('2')) {
        failures.push(`${op.operationId} ${url}: ${status} ${await res.text()}`);
        continue;
      }
      const schema = op.responses[status]?.content?.['application/json']?.schema;
      if (!schema) continue; // binary downloads
      const body: unknown = await res.json();
      const validate = ajv.compile(schema);
      if (!validate(body)) failures.push(`${op.operationId}: ${ajv.errorsText(validate.errors)}`);
      const fake = placeholders(body);
      if (fake.length > 0) failures.push(`${op.operationId}: placeholder values in ${fake.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers GET /api/offers in data.data, its total beside the rows, as SPEC.md section 7 says', async () => {
    const res = await fetch(`${BASE}/api/offers?page=1&rowsPerPage=10`, {
      headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { data: unknown; totalRows: unknown } };
    expect(Object.keys(body)).toEqual(['data']);
    expect(Array.isArray(body.data.data)).toBe(true);
    expect(typeof body.data.totalRows).toBe('number');
  });

  it('serves a list that names its fields, as the web list asks (npm run dev:mock), and refuses a malformed one', async () => {
    const headers = { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' };
    const ok = await fetch(`${BASE}/api/trattative_cp?page=1&rowsPerPage=10&fields=ragioneSociale,statoTrattativaId`, {
      headers,
    });
    expect(ok.status).toBe(200);
    expect(Array.isArray(((await ok.json()) as { data: unknown }).data)).toBe(true);
    const bad = await fetch(`${BASE}/api/trattative_cp?page=1&rowsPerPage=10&fields=ragione;sociale`, { headers });
    expect(bad.status).toBe(400);
  });

  it('signs in a user of each role, the one asked for with Prefer (npm run dev:mock), its name in its token', async () => {
    const signIn = async (prefer?: string) => {
      const res = await fetch(`${BASE}/login_check`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(prefer ? { Prefer: prefer } : {}) },
        body: JSON.stringify({ username: 'qualsiasi', password: 'qualsiasi' }),
      });
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string };
      return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        aud: string;
        id: number;
        name: string;
        surname: string;
        roles: string[];
      };
    };
    const users = [];
    for (const role of RoleNameValues) {
      const user = await signIn(`example=${role}`);
      expect(user, role).toMatchObject({ aud: 'staff', roles: [role] });
      expect(user.name && user.surname, role).toBeTruthy();
      users.push(user.id);
    }
    expect(new Set(users).size).toBe(RoleNameValues.length);
    // Without a choice (another client of the mock): the super admin, who may open every screen.
    expect((await signIn()).roles).toEqual(['ROLE_SUPER_ADMIN']);
  });

  it('validates requests: a secured call without a token is refused', async () => {
    const res = await fetch(`${BASE}/api/agents`);
    expect(res.status).toBe(401);
  });
});
