// The search run of npm run bench:api (`BENCH_SEARCH=only` alone): 100,000 customers of the big data set
// (scripts/lib/bigData.ts: Italian company names, so that three letters match as they would in a real
// customer base), then what a picker asks as a salesperson types: three letters of a word of a name
// (`q`, a page of 8), one request at a time and with 10 and 50 connections; the same SQL alone; and the
// picker's empty box (the newest 8).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/server/context.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { listQuery } from '../../src/server/crud/listQuery.ts';
import { DEFAULT_SEARCH_LIMITS } from '../../src/server/crud/search.ts';
import { fillCustomers } from './bigData.ts';
import { loadPaths } from './benchLoad.ts';

const PASSWORD = 'Banco-di-prova-2025';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const summary = (ms: number[]) => ({
  requests: ms.length,
  'p50 ms': Number(percentile(ms, 50).toFixed(1)),
  'p95 ms': Number(percentile(ms, 95).toFixed(1)),
  'p99 ms': Number(percentile(ms, 99).toFixed(1)),
  'max ms': Number(Math.max(...ms).toFixed(1)),
});

/** What people type first: the first three letters of a word of the names, as many different ones as there are. */
async function threeLetterSearches(ctx: AppContext, how: number): Promise<string[]> {
  const { rows } = await ctx.db.query<{ companyName: string }>(
    `SELECT "companyName" FROM customer ORDER BY id DESC LIMIT 2000`,
  );
  const words = new Set<string>();
  for (const { companyName } of rows)
    for (const w of companyName.split(/\s+/)) if (/^\p{L}{3}/u.test(w)) words.add(w.slice(0, 3).toLowerCase());
  const all = [...words];
  return Array.from({ length: how }, (_, i) => all[(i * 7) % all.length] ?? 'edi');
}

async function timedSequential(base: string, paths: string[], headers: Record<string, string>) {
  const ms: number[] = [];
  for (const p of paths) {
    const started = performance.now();
    const res = await fetch(`${base}${p}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    ms.push(performance.now() - started);
  }
  return ms;
}

/** The figures on a running server with `customers` customers (the table is filled up to that number). */
export async function benchSearch(
  app: FastifyInstance,
  ctx: AppContext,
  options: { customers: number; seconds: number; connections: number },
) {
  await ctx.resource('User').repo.create(
    {
      username: 'ricerca',
      email: 'ricerca@esempio.it',
      name: 'Banco',
      surname: 'Prova',
      roles: ['ROLE_USER_CRM'],
      active: 'true',
    },
    { passwordHash: await hashPassword(PASSWORD) },
  );
  const seedStarted = performance.now();
  // The customers of the big data set only (an earlier run of the same database may have left others).
  await ctx.db.query(`DELETE FROM customer WHERE "vatNumber" NOT LIKE '9%'`);
  await fillCustomers(ctx, options.customers);
  const seedSeconds = ((performance.now() - seedStarted) / 1000).toFixed(0);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = (await (
    await fetch(`${base}/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ricerca', password: PASSWORD }),
    })
  ).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const texts = await threeLetterSearches(ctx, 300);
  const paths = texts.map((t) => `/api/customers?q=${encodeURIComponent(t)}&page=1&rowsPerPage=8`);
  // Warm up, as a server that has been running would be.
  await timedSequential(base, paths.slice(0, 30), headers);

  const { model } = ctx.resource('Customer');
  const sqlMs: number[] = [];
  const matches: number[] = [];
  for (const t of texts) {
    const q = listQuery(model, {
      filters: {},
      search: { words: [t] },
      page: 1,
      rowsPerPage: 8,
      defaultSort: { field: 'companyName', descending: false },
    });
    const started = performance.now();
    const { rows } = await ctx.db.query<{ __total: number }>(q.searchSql(DEFAULT_SEARCH_LIMITS.maxMatches), q.params);
    sqlMs.push(performance.now() - started);
    matches.push(rows[0]?.__total ?? 0);
  }
  const latest = Array.from({ length: 100 }, () => '/api/customers?page=1&rowsPerPage=8&sortBy=id&descending=1');
  const rows = [
    { call: '3 letters, HTTP, one at a time', ...summary(await timedSequential(base, paths, headers)) },
    { call: '3 letters, SQL alone', ...summary(sqlMs) },
    { call: 'empty box (newest 8), HTTP', ...summary(await timedSequential(base, latest, headers)) },
  ];
  const loaded = [];
  for (const connections of [10, options.connections])
    loaded.push({
      call: `3 letters, ${connections} connections, ${options.seconds} s`,
      ...(await loadPaths(base, paths, headers, options.seconds, connections)),
    });
  const capped = matches.filter((m) => m > DEFAULT_SEARCH_LIMITS.maxMatches).length;
  return {
    seedSeconds,
    searches: texts.length,
    distinct: new Set(texts).size,
    medianMatches: percentile(matches, 50),
    capped,
    rows,
    loaded,
  };
}
