// npm run bench:api — 100,000 rows in one collection (the call log), then list requests with
// filter + sort + page + count over loopback, for our server and for a bare Fastify route running
// the same SQL on the same database, then abuse and size figures and the login guard's (BENCH_ONLY_LOGIN=1: those
// alone); then, on PostgreSQL, a million negotiations and the pickers' search over 100,000 customers
// (BENCH_MILLION / BENCH_SEARCH: `only` or `0`); and the Excel export's memory, 100,000 customers on each
// database and 1,000,000 on PostgreSQL (BENCH_EXPORT: `only` or `0`). The list is measured with whole rows and
// with `fields=` (what the web list asks), bytes per page and ours/bare (BENCH_ONLY_API=1: that alone, on each
// database). Prints requests/s, latency and the server's CPU per answer; asserts nothing.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import Fastify from 'fastify';
import { resourceIndex } from '../generated/resourceIndex.ts';
import { buildApp } from '../src/server/app.ts';
import type { Db } from '../src/server/db/Db.ts';
import { createDb } from '../src/server/db/createDb.ts';
import type { EntityModel } from '../src/server/crud/entityModel.ts';
import { listQuery } from '../src/server/crud/listQuery.ts';
import { ALWAYS } from '../src/server/crud/sparseRows.ts';
import { COUNT_EXACT_UP_TO } from '../src/server/crud/listCounts.ts';
import { postgresAvailable, startPostgres } from './lib/postgresServer.ts';
import { DAYS, seedCallLog } from './lib/seedCallLog.ts';
import { benchLoad, loadPaths } from './lib/benchLoad.ts';
import { benchMillion } from './lib/benchMillion.ts';
import { machine } from './lib/machine.ts';
import { benchLogin } from './lib/benchLogin.ts';
import { benchSearch } from './lib/benchSearch.ts';
import { benchImport } from './lib/benchImport.ts';
import { benchExport } from './lib/benchExport.ts';
import { benchHistory } from './lib/benchHistory.ts';
import { hashPassword } from '../src/server/auth/passwords.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
/** Rounds of the list against the bare route, each list in turn; each row of the table is its median round. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The negotiation run on PostgreSQL: on by default, `0` to leave it out, `only` for it alone. */
const MILLION = process.env.BENCH_MILLION ?? '1';
const MILLION_ROWS = Number(process.env.BENCH_MILLION_ROWS ?? 1_000_000);
/** `BENCH_ONLY_LOGIN=1`: the login guard's figures alone. */
const ONLY_LOGIN = process.env.BENCH_ONLY_LOGIN === '1';
/** The pickers' search on PostgreSQL: on by default, `0` to leave it out, `only` for it alone. */
const SEARCH = process.env.BENCH_SEARCH ?? '1';
const SEARCH_CUSTOMERS = Number(process.env.BENCH_SEARCH_CUSTOMERS ?? 100_000);
/** The import of an Excel file of customers on PostgreSQL: on by default, `0` to leave it out, `only` for it alone. */
const IMPORT = process.env.BENCH_IMPORT ?? '1';
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** The export's memory: on by default, `0` to leave it out, `only` for it alone. */
const EXPORT = process.env.BENCH_EXPORT ?? '1';
/** Writes per second with every record's history and without: on by default, `0` to leave it out, `only` for it alone. */
const HISTORY = process.env.BENCH_HISTORY ?? '1';
/** Rounds of the history's bench, each with and without it in turn. */
const HISTORY_ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 3);
/** The customers exported on each database, and the larger export on PostgreSQL alone (`0`: leave that one out). */
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const EXPORT_BIG_ROWS = Number(process.env.BENCH_EXPORT_BIG_ROWS ?? 1_000_000);

/** `BENCH_ONLY_API=1`: the list against the bare route alone (no abuse, login, million, search, import, export). */
const ONLY_API = process.env.BENCH_ONLY_API === '1';

// Days, pages and statuses vary so that no two consecutive requests are alike. With `fields`, our list asks for
// those fields (what the web list asks), and the bare route reads the same columns.
function requestPaths(prefix: string, ours: boolean, fields?: string): string[] {
  const paths: string[] = [];
  for (let i = 0; i < 60; i++) {
    const day = new Date(Date.UTC(2025, 0, 1 + ((i * 37) % DAYS))).toISOString().slice(0, 10);
    const status = ['Risposta', 'Persa', 'Occupato'][i % 3];
    const page = 1 + (i % 2);
    paths.push(
      ours
        ? `${prefix}/api/report-calls?callDate=${day}&filters[status]=${status}&sortBy=callDateTime&descending=1&page=${page}&rowsPerPage=50${fields ? `&fields=${fields}` : ''}`
        : `${prefix}/bare?day=${day}&status=${status}&page=${page}${fields ? `&fields=${fields}` : ''}`,
    );
  }
  return paths;
}

/** One list the bench loads: whose, where, the requests in turn and their headers. */
type LoadedList = { server: string; base: string; paths: string[]; headers: Record<string, string> };

/** The SQL of one page of the bench's list (its total alongside), as the bare route runs it: $1 status, $2 day, $3 offset. */
type BareSql = { whole: string; fields: string };

/**
 * The SQL our repository writes for the bench's list (listQuery.ts, the call log filtered by day and status,
 * newest first, pages of 50 with the total counted up to 10,001 in the same query), built once here, whole rows
 * and with the web list's fields: the bare route runs that text with its own parameters. A check at start
 * (`sameAnswers`) compares both servers' pages.
 */
function repositorySql(model: EntityModel, fields: string[]): BareSql {
  const options = (withFields?: string[]) =>
    listQuery(
      model,
      {
        // In the order the generic list builds them: `filters[…]` first, then the fields named as parameters.
        filters: { status: 'Risposta', callDate: '2025-01-01' },
        sortBy: 'callDateTime',
        descending: true,
        page: 2,
        rowsPerPage: 50,
        ...(withFields ? { fields: withFields } : {}),
      },
      30,
    );
  const sql = (q: ReturnType<typeof listQuery>) => {
    // The bare route passes status, day and offset; the page's size is the same for every request.
    if (JSON.stringify(q.params) !== JSON.stringify(['%Risposta%', '2025-01-01', 50, 50]))
      throw new Error(`listQuery's parameters changed: ${JSON.stringify(q.params)}`);
    const text = q.sqlWithBoundedCount(COUNT_EXACT_UP_TO + 1);
    if (!text.endsWith(' LIMIT $3 OFFSET $4')) throw new Error(`listQuery's page changed: ${text}`);
    return `${text.slice(0, -' LIMIT $3 OFFSET $4'.length)} LIMIT 50 OFFSET $3`;
  };
  return { whole: sql(options()), fields: sql(options(fields)) };
}

/**
 * The same SQL, its rows serialised with JSON.stringify, with nothing else: the floor our server is measured
 * against. `windowCount`: the SQL this bench used until 28 November 2026 (`count(*) OVER()`, every match counted
 * in the page's scan), cheaper than ours on a small list but unbounded on a large one: printed for reference.
 */
async function bareServer(db: Db, sql: BareSql) {
  const app = Fastify();
  app.get('/bare', async (req) => {
    const q = req.query as { day: string; status: string; page: string; fields?: string; windowCount?: string };
    const params = [`%${q.status}%`, q.day, (Number(q.page) - 1) * 50];
    const text = q.windowCount
      ? `SELECT *, count(*) OVER()::int AS "__total" FROM "reportCall" WHERE "callDate" = $2::date AND status ILIKE $1 ORDER BY "callDateTime" DESC NULLS LAST, id DESC LIMIT 50 OFFSET $3`
      : q.fields
        ? sql.fields
        : sql.whole;
    const { rows } = await db.query<Record<string, unknown>>(text, params);
    return { data: rows.map(({ __total: _t, ...r }) => r), totalRows: rows[0]?.__total ?? 0 };
  });
  return app;
}

/**
 * Both servers answer a sample of the requests with the same rows and total, and the bare route's rows hold every
 * field ours do (with whole rows it writes what `SELECT *` reads, stored columns ours leave out included): else
 * the comparison means nothing.
 */
async function sameAnswers(ours: string[], bare: string[], headers: Record<string, string>) {
  for (let i = 0; i < 6; i++) {
    const read = async (url: string, h: Record<string, string>) =>
      (await (await fetch(url, { headers: h })).json()) as { data: { id: number }[]; totalRows: number };
    const a = await read(ours[i] ?? '', headers);
    const b = await read(bare[i] ?? '', {});
    const ids = (p: typeof a) => `${p.totalRows}: ${p.data.map((r) => r.id).join(',')}`;
    const missing = Object.keys(a.data[0] ?? {}).filter((k) => !(k in (b.data[0] ?? {})));
    if (ids(a) !== ids(b) || missing.length > 0)
      throw new Error(
        `the bare route answers ${bare[i]} otherwise than ours:\n${ids(b)}\n${ids(a)}\n${missing.join(',')}`,
      );
  }
}

async function benchBackend(name: string, databaseUrl?: string) {
  if (ONLY_LOGIN) return benchLoginOn(name, databaseUrl);
  if (process.env.BENCH_ONLY_LOAD === '1') return benchLoadOn(name, databaseUrl);
  const db = await createDb({ databaseUrl });
  const { app, ctx } = await buildApp({ db, jwtSecret: 'bench-secret-'.repeat(4), log: { level: 'silent' } });
  await seedCallLog(db, ROWS);
  await ctx.resource('User').repo.create(
    {
      username: 'bench',
      email: 'bench@esempio.it',
      name: 'Bench',
      surname: 'Prova',
      roles: ['ROLE_SUPER_ADMIN'],
      active: 'true',
    },
    { passwordHash: await hashPassword('Bench-2025') },
  );
  const ours = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = (await (
    await fetch(`${ours}/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'Bench-2025' }),
    })
  ).json()) as { token: string };
  // What the web's list of the call log asks for (generated listFields: its columns and what its rows need).
  const fields = (await resourceIndex.reportCall.load()).listFields.join(',');
  // What our list reads for them: those, id, version and the fields the rows' schema requires (sparseRows.ts).
  const required = (ctx.contract.entitySchema('ReportCall').required ?? []) as string[];
  const read = [...new Set([...ALWAYS, ...required, ...fields.split(',')])];
  const bare = await bareServer(db, repositorySql(ctx.resource('ReportCall').model, read));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const auth = { authorization: `Bearer ${token}` };
  await sameAnswers(requestPaths(ours, true), requestPaths(bareUrl, false), auth);
  await sameAnswers(requestPaths(ours, true, fields), requestPaths(bareUrl, false, fields), auth);
  const sample = (await (await fetch(requestPaths(ours, true)[0] ?? '', { headers: auth })).json()) as {
    data: unknown[];
    totalRows: number;
  };
  const bytesPerPage = async (url: string, headers: Record<string, string>) =>
    (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
  // Besides req/s, the CPU this process spent per answer (ours and the bare route run here, the load generator
  // and PostgreSQL elsewhere): on a machine shared with others' work it moves far less than req/s does.
  const measure = async (list: LoadedList) => {
    const before = process.cpuUsage();
    const load = await loadPaths(list.base, list.paths, list.headers, SECONDS, CONNECTIONS);
    const { user, system } = process.cpuUsage(before);
    const answered = load['req/s'] * SECONDS;
    return { ...load, 'CPU ms/req': +((user + system) / 1000 / (answered || 1)).toFixed(2) };
  };
  const lists: LoadedList[] = [
    { server: 'CRM server, whole rows', base: ours, paths: requestPaths('', true), headers: auth },
    { server: 'bare Fastify, same SQL (SELECT *)', base: bareUrl, paths: requestPaths('', false), headers: {} },
    {
      server: `CRM server, fields= the web list's (${fields.split(',').length})`,
      base: ours,
      paths: requestPaths('', true, fields),
      headers: auth,
    },
    {
      server: 'bare Fastify, same SQL (those columns)',
      base: bareUrl,
      paths: requestPaths('', false, fields),
      headers: {},
    },
    {
      server: 'bare Fastify, count(*) OVER() (not our SQL)',
      base: bareUrl,
      paths: requestPaths('', false).map((p) => `${p}&windowCount=1`),
      headers: {},
    },
  ];
  // Each list unmeasured first: the JIT, the pool's connections, PostgreSQL's caches and PGlite's WebAssembly
  // would otherwise weigh on whichever runs first (ours, with whole rows: 0.52 of the bare route cold, 0.9 warm,
  // in one run of 2026-11-28). Then rounds, each list in turn: a drift of the machine's load weighs on all alike,
  // and each row shows its median round.
  for (const list of lists) await loadPaths(list.base, list.paths, list.headers, WARM_UP_SECONDS, CONNECTIONS);
  const rounds: Awaited<ReturnType<typeof measure>>[][] = lists.map(() => []);
  for (let r = 0; r < ROUNDS; r++) for (const [i, list] of lists.entries()) rounds[i]?.push(await measure(list));
  const rows = await Promise.all(
    lists.map(async (list, i) => {
      const byRate = [...(rounds[i] ?? [])].sort((a, b) => a['req/s'] - b['req/s']);
      const median = byRate[Math.floor(byRate.length / 2)];
      if (!median) throw new Error('BENCH_ROUNDS must be 1 or more');
      return {
        server: list.server,
        'bytes/page': await bytesPerPage(`${list.base}${list.paths[0] ?? ''}`, list.headers),
        ...median,
      };
    }),
  );
  await app.close();
  await bare.close();
  await db.close();
  console.log(
    `\n${name}: ${ROWS.toLocaleString('it-IT')} rows; one page = ${sample.data.length} rows of ${sample.totalRows}; ${CONNECTIONS} connections, ${SECONDS} s each, median of ${ROUNDS} rounds`,
  );
  console.table(rows);
  const ratio = (a?: { 'req/s': number }, b?: { 'req/s': number }) =>
    ((a?.['req/s'] ?? 0) / (b?.['req/s'] || 1)).toFixed(2);
  console.log(
    `ours / bare (req/s, same SQL): whole rows ${ratio(rows[0], rows[1])}, with fields= ${ratio(rows[2], rows[3])}; with fields= / whole rows, ours: ${ratio(rows[2], rows[0])}; ours / the window count's SQL, whole rows: ${ratio(rows[0], rows[4])}`,
  );
  const perRound = (a: number, b: number) =>
    (rounds[a] ?? []).map((m, r) => (m['req/s'] / (rounds[b]?.[r]?.['req/s'] || 1)).toFixed(2)).join(', ');
  console.log(`ours / bare round by round: whole rows ${perRound(0, 1)}; with fields= ${perRound(2, 3)}`);
  const cpu = (a?: { 'CPU ms/req': number }, b?: { 'CPU ms/req': number }) =>
    ((b?.['CPU ms/req'] ?? 0) / (a?.['CPU ms/req'] || 1)).toFixed(2);
  console.log(
    `bare / ours (CPU per answer in this process, same SQL; 1.00 = as cheap as the bare route): whole rows ${cpu(rows[0], rows[1])}, with fields= ${cpu(rows[2], rows[3])}`,
  );
  if (ONLY_API) return;
  await benchLoadOn(name, databaseUrl);
  await benchLoginOn(name, databaseUrl);
}

/** The login guard: the lock-out attack, then another user's login during floods of guesses. */
async function benchLoginOn(name: string, databaseUrl?: string) {
  const db = await createDb({ databaseUrl });
  const { app, ctx } = await buildApp({ db, jwtSecret: 'bench-secret-'.repeat(4), log: { level: 'silent' } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const figures = await benchLogin(ctx, port);
    console.log(
      `\n${name}: the login guard. 12 wrong passwords for a username from two addresses, then the right one from a third`,
    );
    console.table(figures.attack);
    console.log(`100 parallel wrong passwords for one username from one address, another user signing in meanwhile`);
    console.table([figures.flood]);
  } finally {
    await app.close();
    await db.close();
  }
}

/** Abuse and size on a fresh database: parallel logins, unpaged list, export, sorted list at ROWS customers. */
async function benchLoadOn(name: string, databaseUrl?: string) {
  const db = await createDb({ databaseUrl });
  const { app, ctx } = await buildApp({ db, jwtSecret: 'bench-secret-'.repeat(4), log: { level: 'silent' } });
  try {
    const figures = await benchLoad(app, ctx, { rows: ROWS, seconds: SECONDS, connections: CONNECTIONS });
    console.log(
      `\n${name}, ${ROWS.toLocaleString('it-IT')} customers: 100 parallel wrong logins for one user, another user working meanwhile`,
    );
    console.table([figures.flood]);
    console.log('Unpaged list (page=0&rowsPerPage=0), export to Excel, sorted customer list (pages of 10)');
    console.table([
      { call: 'unpaged list', ...figures.unpaged },
      { call: 'export', ...figures.export },
    ]);
    console.table([{ call: `sorted list, ${CONNECTIONS} connections, ${SECONDS} s`, ...figures.sorted }]);
  } finally {
    await app.close();
    await db.close();
  }
}

/** 1,000,000 negotiations on PostgreSQL: list pages + counts and an export of 100,000 of them. */
async function benchMillionOn(name: string, databaseUrl: string) {
  const db = await createDb({ databaseUrl });
  const { app, ctx } = await buildApp({ db, jwtSecret: 'bench-secret-'.repeat(4), log: { level: 'silent' } });
  try {
    const figures = await benchMillion(app, ctx, { rows: MILLION_ROWS, seconds: SECONDS, connections: CONNECTIONS });
    console.log(
      `\n${name}, ${MILLION_ROWS.toLocaleString('it-IT')} negotiations (seeded in ${figures.seedSeconds} s): page of 50 + count, ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    console.table(figures.runs);
    console.log(`Excel export of one branch's negotiations (a tenth of them)`);
    console.table([figures.export]);
  } finally {
    await app.close();
    await db.close();
  }
}

/** 100,000 customers on PostgreSQL: what a picker asks as the user types three letters. */
async function benchSearchOn(name: string, databaseUrl: string) {
  const db = await createDb({ databaseUrl });
  const { app, ctx } = await buildApp({ db, jwtSecret: 'bench-secret-'.repeat(4), log: { level: 'silent' } });
  try {
    const figures = await benchSearch(app, ctx, {
      customers: SEARCH_CUSTOMERS,
      seconds: SECONDS,
      connections: CONNECTIONS,
    });
    console.log(
      `\n${name}, ${SEARCH_CUSTOMERS.toLocaleString('it-IT')} customers (made in ${figures.seedSeconds} s): ${figures.searches} searches of 3 letters (${figures.distinct} different), a page of 8; matches per search: median ${figures.medianMatches}, ${figures.capped} past the 1,000 a search reads`,
    );
    console.table(figures.rows);
    console.table(figures.loaded);
  } finally {
    await app.close();
    await db.close();
  }
}

/** An Excel file of IMPORT_ROWS customers imported through the API, then again (nothing changes). */
async function benchImportOn(name: string, databaseUrl: string) {
  const db = await createDb({ databaseUrl });
  const { app, ctx } = await buildApp({
    db,
    jwtSecret: 'bench-secret-'.repeat(4),
    log: { level: 'silent' },
    maxUploadBytes: 100 * 1024 * 1024,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const figures = await benchImport(app, ctx, { rows: IMPORT_ROWS });
    console.log(
      `\n${name}, import of an Excel file of ${IMPORT_ROWS.toLocaleString('it-IT')} customers (${figures.fileMB} MB, written in ${figures.fileSeconds} s): upload, preview, import in batches of 500; then the same file again. Memory: this process (server and client), sampled every 100 ms`,
    );
    console.table(figures.phases);
    console.log(`Customers stored afterwards: ${figures.customers.toLocaleString('it-IT')}`);
  } finally {
    await app.close();
    await db.close();
  }
}

/** The whole list exported to Excel, streamed to a client in another process: the server's memory rise. */
async function benchExportOn(name: string, sizes: number[], databaseUrl?: string) {
  const db = await createDb({ databaseUrl });
  const { app, ctx } = await buildApp({ db, jwtSecret: 'bench-secret-'.repeat(4), log: { level: 'silent' } });
  try {
    const figures = await benchExport(app, ctx, sizes);
    console.log(`\n${name}: Excel export of every customer, the server's resident memory sampled every 20 ms`);
    console.table(figures);
  } finally {
    await app.close();
    await db.close();
  }
}

async function benchPostgres(name: string, databaseUrl: string) {
  if (HISTORY !== '0' && !ONLY_LOGIN) await benchHistoryOn(name, databaseUrl);
  if (IMPORT === 'only') return benchImportOn(name, databaseUrl);
  const exportSizes = [EXPORT_ROWS, EXPORT_BIG_ROWS].filter((rows) => rows > 0);
  if (EXPORT === 'only') return benchExportOn(name, exportSizes, databaseUrl);
  if (SEARCH === 'only') return benchSearchOn(name, databaseUrl);
  if (MILLION !== 'only') await benchBackend(name, databaseUrl);
  if (ONLY_API) return;
  if (MILLION !== '0' && !ONLY_LOGIN) await benchMillionOn(name, databaseUrl);
  if (SEARCH !== '0' && !ONLY_LOGIN) await benchSearchOn(name, databaseUrl);
  if (IMPORT !== '0' && !ONLY_LOGIN && MILLION !== 'only' && SEARCH !== 'only') await benchImportOn(name, databaseUrl);
  if (EXPORT !== '0' && !ONLY_LOGIN) await benchExportOn(name, exportSizes, databaseUrl);
}

/** The cost of every record's history: writes per second of one update call with it and without it, in turns. */
async function benchHistoryOn(name: string, databaseUrl?: string) {
  const load = os.loadavg()[0]?.toFixed(1);
  const { rounds, withHistory, without, ratio, cpuWith, cpuWithout, dbCpuWith, dbCpuWithout } = await benchHistory({
    databaseUrl,
    seconds: SECONDS,
    connections: CONNECTIONS,
    rounds: HISTORY_ROUNDS,
  });
  const db = (cpu: number) => (databaseUrl ? ` + PostgreSQL ${cpu.toFixed(0)}` : '');
  console.log(
    `\n${name}: customer updates (PUT), ${CONNECTIONS} at a time, ${HISTORY_ROUNDS} rounds of ${SECONDS} s each way, in turns (load average ${load} before, ${os.loadavg()[0]?.toFixed(1)} after)`,
  );
  for (const [i, r] of rounds.entries())
    console.log(
      `  round ${i + 1}: with ${r.with.toFixed(0)}, without ${r.without.toFixed(0)}: ${(r.ratio * 100).toFixed(1)}%; CPU per write ${r.cpuWith.toFixed(0)}${db(r.dbCpuWith)} µs with, ${r.cpuWithout.toFixed(0)}${db(r.dbCpuWithout)} µs without`,
    );
  console.log(
    `writes/s with history ${withHistory.toFixed(0)}, without ${without.toFixed(0)}: ${(ratio * 100).toFixed(1)}% (target 90% or more)`,
  );
  // The machine's work per write, whatever else it runs meanwhile: on a machine the bench has to itself, the
  // writes per second follow it (the bench keeps every core busy).
  const total = (cpuWithout + dbCpuWithout) / (cpuWith + dbCpuWith || 1);
  console.log(
    `CPU per write (${databaseUrl ? 'the server, plus the PostgreSQL processes of a local cluster' : 'the server and PGlite, one process'}): ${(cpuWith + dbCpuWith).toFixed(0)} µs with history, ${(cpuWithout + dbCpuWithout).toFixed(0)} µs without: as many writes with history per CPU second as ${(total * 100).toFixed(1)}% of those without (target 90% or more)`,
  );
}

/** Runs a part on PostgreSQL: DATABASE_URL's, or a throw-away local cluster, or says it is skipped. */
async function onPostgres(part: (name: string, url: string) => Promise<void>) {
  if (process.env.DATABASE_URL) return part('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL);
  if (!postgresAvailable())
    return console.log('\nPostgreSQL: not available (set DATABASE_URL or install PostgreSQL 15), skipped.');
  const pg = startPostgres();
  try {
    await part('PostgreSQL 15 (local, 127.0.0.1)', pg.url);
  } finally {
    pg.stop();
  }
}

console.log(machine());
if (HISTORY === 'only') {
  await benchHistoryOn('PGlite (in memory)');
  await onPostgres(benchHistoryOn);
  process.exit(0);
}
if (HISTORY !== '0' && !ONLY_LOGIN) await benchHistoryOn('PGlite (in memory)');
if (EXPORT === 'only') {
  if (EXPORT_ROWS > 0) await benchExportOn('PGlite (in memory)', [EXPORT_ROWS]);
} else if (MILLION !== 'only' && SEARCH !== 'only' && IMPORT !== 'only') {
  await benchBackend('PGlite (in memory)');
  if (EXPORT !== '0' && !ONLY_LOGIN && !ONLY_API) await benchExportOn('PGlite (in memory)', [EXPORT_ROWS]);
}
await onPostgres(benchPostgres);
