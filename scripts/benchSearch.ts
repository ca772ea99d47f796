// npm run bench:search — the search box (GET /api/search, issue 31) over a real size: PostgreSQL (DATABASE_URL, or a
// local PostgreSQL 15 started for the run) filled with the big data set (BENCH_CUSTOMERS customers, default 100,000;
// BENCH_NEGOTIATIONS negotiations, default 100,000), then texts a person types, each asked through the app (route,
// guard, handler, serializer) as an administrator (sees everything) and as a CP user (the negotiations' visibility
// rule in the query). Prints p50/p95 by kind of text and the plans of the three tiers; asserts nothing.
import os from 'node:os';
import { buildApp } from '../src/server/app.ts';
import { seed } from '../src/server/seed/seed.ts';
import { kindsFor } from '../src/domain/search/searchQuery.ts';
import { searchRepository } from '../src/server/domains/search/searchRepository.ts';
import { fillCustomers, fillNegotiations } from './lib/bigData.ts';
import { postgresAvailable, startPostgres } from './lib/postgresServer.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const NEGOTIATIONS = Number(process.env.BENCH_NEGOTIATIONS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);

const local = process.env.DATABASE_URL ? null : postgresAvailable() ? startPostgres() : null;
const databaseUrl = process.env.DATABASE_URL ?? local?.url;
if (!databaseUrl) throw new Error('PostgreSQL: impostare DATABASE_URL o installare PostgreSQL 15');
const { app, ctx } = await buildApp({ databaseUrl, log: { level: 'warn' } });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

try {
  await seed(ctx, { adminPassword: 'Banco-ricerca-2026', demoData: true });
  let started = performance.now();
  await fillCustomers(ctx, CUSTOMERS);
  console.log(`${CUSTOMERS.toLocaleString('it-IT')} clienti (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  started = performance.now();
  await fillNegotiations(ctx, NEGOTIATIONS);
  console.log(
    `${NEGOTIATIONS.toLocaleString('it-IT')} trattative (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  await ctx.db.query('ANALYZE "ricerca"');
  const { rows: size } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "ricerca"`);
  console.log(`indice di ricerca: ${(size[0]?.n ?? 0).toLocaleString('it-IT')} voci`);

  const sample = async <T>(sql: string) =>
    (await ctx.db.query<T & Record<string, unknown>>(`${sql} ORDER BY md5(id::text) LIMIT ${SAMPLES}`)).rows;
  const names = await sample<{ companyName: string }>(`SELECT id, "companyName" FROM customer`);
  const vats = await sample<{ vatNumber: string }>(
    `SELECT id, "vatNumber" FROM customer WHERE "vatNumber" IS NOT NULL`,
  );
  const phones = await sample<{ phone: string }>(`SELECT id, phone FROM customer WHERE phone IS NOT NULL`);
  const words = names.map((n) => n.companyName.split(/\s+/).filter((w) => /^\p{L}{5}/u.test(w)));
  const texts: Record<string, string[]> = {
    '3 lettere': words.map((w) => (w[0] ?? 'edi').slice(0, 3).toLowerCase()),
    'due parole': words.map((w) =>
      w
        .slice(0, 2)
        .map((x) => x.slice(0, 4))
        .join(' '),
    ),
    'partita IVA': vats.map((v) => v.vatNumber),
    telefono: phones.map((p) => p.phone.replace(/\D/g, '').replace(/^(\d{3})/, '$1 ')),
    // One letter dropped from the middle of a word: only the similar names find it.
    'errore di battitura': words.map((w) => {
      const word = (w[0] ?? 'edilizia').toLowerCase();
      return word.slice(0, 3) + word.slice(4);
    }),
  };

  const admin = await app.inject({
    method: 'POST',
    url: '/login_check',
    payload: { username: 'admin', password: 'Banco-ricerca-2026' },
  });
  const headers = { authorization: `Bearer ${String(admin.json().token)}` };
  const rowsOf: Record<string, string | number>[] = [];
  for (const [kind, list] of Object.entries(texts)) {
    const times: number[] = [];
    let found = 0;
    for (const q of ['edil', ...list]) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers });
      if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
      times.push(performance.now() - t0);
      found += res.json().data.results.length > 0 ? 1 : 0;
    }
    const sorted = times.slice(1).sort((a, b) => a - b);
    rowsOf.push({
      testo: kind,
      ricerche: sorted.length,
      'con risultati': found - 1,
      'p50 ms': Math.round(percentile(sorted, 0.5) * 10) / 10,
      'p95 ms': Math.round(percentile(sorted, 0.95) * 10) / 10,
      'peggiore ms': Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
    });
  }
  console.table(rowsOf);

  // The plans at this size, for a CP user's visibility.
  const scope = {
    kinds: kindsFor(['ROLE_USER_CP']),
    negotiations: (first: number) => ({
      sql: `(r."operatoreId" = $${first} OR r."gruppoCrmId" = ANY($${first + 1}::int[]))`,
      params: [1, [1]],
    }),
    branches: [],
  };
  for (const [tier, value] of [
    ['byCode', [String(vats[0]?.vatNumber ?? '')]],
    ['byWordPrefix', 'edi:*'],
    ['similarWords', 'ediliza'],
  ] as const) {
    // As the search runs them: its two tiers with sequential scans off, the words' lookup as PostgreSQL chooses.
    const plan = await searchRepository.plan(ctx.db, tier, scope, value, {
      forceIndex: tier !== 'similarWords',
      analyze: true,
    });
    console.log(`\n${tier}:\n${plan}`);
  }
  console.log(`${os.cpus().length} cores · ${os.cpus()[0]?.model ?? ''} · load ${os.loadavg()[0]?.toFixed(1)}`);
} finally {
  await app.close();
  local?.stop();
}
