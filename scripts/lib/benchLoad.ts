// The load figures of npm run bench:api that concern abuse and size: a flood of parallel logins,
// an unpaged list, an export and a sorted list, each over 100,000 customers. Only HTTP is used, so
// the same code measures any version of the server.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Result } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/server/context.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import type { Db } from '../../src/server/db/Db.ts';
import { partitaIvaCheckDigit } from '../../src/domain/partitaIva.ts';

const run = promisify(execFile);
const PASSWORD = 'Banco-di-prova-2025';
const COMPANIES = [
  'Edilizia Brambilla',
  'Impresa Rota',
  'Allestimenti Garda',
  'Termoidraulica Sala',
  'Costruzioni Ferrari',
];

/**
 * `rows` customers with distinct names and valid, distinct VAT numbers, then analysed (PGlite has no autovacuum).
 * The numbers are unnested, not subscripted: `$2[i]` reads the whole array for each row (hours for a million).
 */
export async function seedCustomers(db: Db, rows: number) {
  const vat = Array.from({ length: rows }, (_, i) => {
    const first10 = String(i + 1).padStart(10, '0');
    return first10 + partitaIvaCheckDigit(first10);
  });
  await db.query(`DELETE FROM "customer"`);
  await db.query(
    `INSERT INTO "customer" (code, "companyName", "vatNumber", city, province, address, email, phone, reseller, "codiceLingua")
    SELECT 'C' || lpad(i::text, 7, '0'), (ARRAY['${COMPANIES.join("','")}'])[1 + i % 5] || ' ' || (i::bigint * 7919 % $1::int),
      vat, (ARRAY['Milano','Bergamo','Brescia','Como'])[1 + i % 4], 'MI', 'Via Roma ' || i,
      'cliente' || i || '@esempio.it', '02' || lpad(i::text, 8, '0'), i % 2 = 0, 'it'
    FROM (SELECT vat, n::int AS i FROM unnest($2::text[]) WITH ORDINALITY AS v(vat, n)) AS numbered`,
    [rows, vat],
  );
  await db.query('VACUUM ANALYZE "customer"');
}

async function createUser(ctx: AppContext, username: string, roles: string[], hash: string) {
  await ctx
    .resource('User')
    .repo.create(
      { username, email: `${username}@esempio.it`, name: 'Banco', surname: 'Prova', roles, active: 'true' },
      { passwordHash: hash },
    );
}

async function login(base: string, username: string, password: string) {
  const res = await fetch(`${base}/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string } };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** 100 wrong-password logins at once while another user keeps working: refusals and that user's latency. */
async function loginFlood(base: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  let flooding = true;
  const otherUser = (async () => {
    while (flooding) {
      const started = performance.now();
      await (await fetch(`${base}/api/agents?page=1&rowsPerPage=10`, { headers })).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  const flood = Promise.all(
    Array.from({ length: 100 }, (_, i) => login(base, 'bersaglio', `sbagliata-${i}`).then((r) => r.status)),
  );
  // Another user signs in while the guesses are being answered.
  const colleague = login(base, 'collega', PASSWORD).then((r) => ({
    status: r.status,
    ms: performance.now() - started,
  }));
  const [statuses, other] = await Promise.all([flood, colleague]);
  const floodMs = performance.now() - started;
  flooding = false;
  await otherUser;
  const count = (s: number) => statuses.filter((x) => x === s).length;
  return {
    'flood s': (floodMs / 1000).toFixed(1),
    '401': count(401),
    '429': count(429),
    other: statuses.length - count(401) - count(429),
    'other user p50 ms': Math.round(percentile(latencies, 50)),
    'other user max ms': Math.round(Math.max(0, ...latencies)),
    'other login': other.status,
    'other login ms': Math.round(other.ms),
  };
}

export async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, ms: Math.round(performance.now() - started), bytes };
}

/** Peak resident memory of this process while fn runs, sampled every 20 ms. */
export async function peakRss<T>(fn: () => Promise<T>): Promise<{ result: T; baseMb: number; peakMb: number }> {
  const baseMb = process.memoryUsage.rss() / 2 ** 20;
  let peakMb = baseMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, process.memoryUsage.rss() / 2 ** 20)), 20);
  try {
    const result = await fn();
    peakMb = Math.max(peakMb, process.memoryUsage.rss() / 2 ** 20);
    return { result, baseMb, peakMb };
  } finally {
    clearInterval(timer);
  }
}

/**
 * `connections` clients for `seconds`, cycling over `paths`: throughput, latency and failures. The clients
 * run in a process of their own (loadRunner.mjs), not in the event loop of the server they measure.
 */
export async function loadPaths(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
  connections: number,
) {
  const runner = fileURLToPath(new URL('./loadRunner.mjs', import.meta.url));
  const { stdout } = await run(
    process.execPath,
    [runner, JSON.stringify({ base, paths, headers, seconds, connections })],
    {
      maxBuffer: 64 * 2 ** 20,
    },
  );
  const result = JSON.parse(stdout) as Result;
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx + result.errors,
  };
}

const sortedList = (base: string, headers: Record<string, string>, seconds: number, connections: number) =>
  loadPaths(
    base,
    Array.from(
      { length: 40 },
      (_, k) => `/api/customers?sortBy=companyName&descending=${k % 2}&page=${1 + (k % 20)}&rowsPerPage=10`,
    ),
    headers,
    seconds,
    connections,
  );

/** The four load figures on one running server whose database holds `rows` customers. */
export async function benchLoad(
  app: FastifyInstance,
  ctx: AppContext,
  options: { rows: number; seconds: number; connections: number },
) {
  await seedCustomers(ctx.db, options.rows);
  const hash = await hashPassword(PASSWORD);
  await createUser(ctx, 'banco.admin', ['ROLE_SUPER_ADMIN'], hash);
  await createUser(ctx, 'bersaglio', ['ROLE_USER_CRM'], hash);
  await createUser(ctx, 'collega', ['ROLE_USER_CRM'], hash);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { body } = await login(base, 'banco.admin', PASSWORD);
  const headers = { authorization: `Bearer ${body.token ?? ''}` };
  const flood = await loginFlood(base, headers);
  const exported = await peakRss(() => timed(`${base}/api/export/customer`, headers));
  const unpaged = await timed(`${base}/api/customers?page=0&rowsPerPage=0`, headers);
  const sorted = await sortedList(base, headers, options.seconds, options.connections);
  return {
    flood,
    unpaged: { status: unpaged.status, ms: unpaged.ms, MB: (unpaged.bytes / 2 ** 20).toFixed(1) },
    export: {
      status: exported.result.status,
      s: (exported.result.ms / 1000).toFixed(1),
      MB: (exported.result.bytes / 2 ** 20).toFixed(1),
      'RSS before MB': Math.round(exported.baseMb),
      'RSS peak MB': Math.round(exported.peakMb),
    },
    sorted,
  };
}
