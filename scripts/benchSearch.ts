// npm run bench:search — the search box (GET /api/search, issue 31) over a real size: PostgreSQL (DATABASE_URL, or a
// local PostgreSQL 15 started for the run) filled with the big data set (BENCH_CUSTOMERS customers, default 100,000;
// BENCH_NEGOTIATIONS negotiations, default 100,000; 1,000,000 as bench:api's million, made the same way), then texts a
// person types, each asked through the app (route, guard, handler, serializer) as an administrator (sees
// everything) and as a CP user (the negotiations' visibility rule in the query: those of their own, one in
// as many as there are negotiation users). Prints p50/p95 by kind of text and user, and the plans PostgreSQL
// chooses; asserts nothing.
import os from 'node:os';
import { buildApp } from '../src/server/app.ts';
import { seed } from '../src/server/seed/seed.ts';
import { kindsFor, parseSearch } from '../src/domain/search/searchQuery.ts';
import { hashPassword } from '../src/server/auth/passwords.ts';
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
  // Before the negotiations, so that some are assigned to them (a second run on the same database finds them).
  const cp = { username: 'banco.ricerca.cp', password: 'Banco-ricerca-2026' };
  const { rows: existing } = await ctx.db.query(`SELECT 1 FROM "user" WHERE username = $1`, [cp.username]);
  if (!existing.length)
    await ctx.resource('User').repo.create(
      {
        username: cp.username,
        email: `${cp.username}@esempio.it`,
        name: 'Banco',
        surname: 'Ricerca',
        roles: ['ROLE_USER_CP'],
        active: 'true',
      },
      { passwordHash: await hashPassword(cp.password) },
    );
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
    // Its first digits, grouped as people write them: the numbers starting so (migrations/0013).
    'inizio del telefono': phones.map((p) =>
      p.phone
        .replace(/\D/g, '')
        .slice(0, 6)
        .replace(/^(\d{3})/, '$1 '),
    ),
    // One letter dropped from the middle of a word: only the similar names find it.
    'errore di battitura': words.map((w) => {
      const word = (w[0] ?? 'edilizia').toLowerCase();
      return word.slice(0, 3) + word.slice(4);
    }),
  };

  const tokenOf = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/login_check', payload: { username, password } });
    return { authorization: `Bearer ${String(res.json().token)}` };
  };
  const users = {
    admin: await tokenOf('admin', 'Banco-ricerca-2026'),
    'utente CP': await tokenOf(cp.username, cp.password),
  };
  const rowsOf: Record<string, string | number>[] = [];
  for (const [user, headers] of Object.entries(users))
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
        utente: user,
        testo: kind,
        ricerche: sorted.length,
        'con risultati': found - 1,
        'p50 ms': Math.round(percentile(sorted, 0.5) * 10) / 10,
        'p95 ms': Math.round(percentile(sorted, 0.95) * 10) / 10,
        'peggiore ms': Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
      });
    }
  console.table(rowsOf);

  // The plans PostgreSQL chooses at this size, for a CP user's visibility: the search's one statement for a word
  // of three letters, and the names typed wrong (their similar words, then those words).
  const { rows: cpRows } = await ctx.db.query<{ id: number; gruppiCrmIds: number[] | null }>(
    `SELECT id, "gruppiCrmIds" FROM "user" WHERE username = $1`,
    [cp.username],
  );
  const scope = {
    kinds: kindsFor(['ROLE_USER_CP']),
    negotiations: (first: number) => ({
      sql: `(r."operatoreId" = $${first} OR r."gruppoCrmId" = ANY($${first + 1}::int[]))`,
      params: [cpRows[0]?.id ?? 0, cpRows[0]?.gruppiCrmIds ?? []],
    }),
    branches: [],
  };
  const three = parseSearch(texts['3 lettere']?.[0] ?? 'edi');
  for (const [tier, value] of [
    ['search', { codes: three.codes, folded: three.folded, prefixQuery: three.prefixQuery }],
    ['similarWords', 'ediliza'],
    ['byWordPrefix', '(edilizia | edile) & ros:*'],
  ] as const) {
    const plan = await searchRepository.plan(ctx.db, tier, scope, value, { forceIndex: false, analyze: true });
    console.log(`\n${tier} ${JSON.stringify(value)}:\n${plan}`);
  }
  console.log(`${os.cpus().length} cores · ${os.cpus()[0]?.model ?? ''} · load ${os.loadavg()[0]?.toFixed(1)}`);
} finally {
  await app.close();
  local?.stop();
}
