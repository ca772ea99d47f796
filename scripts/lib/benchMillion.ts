// The 1,000,000-negotiation run of npm run bench:api (PostgreSQL only): the negotiation list with its
// default filter and order, the same with a text filter, a salesperson's list (rows of their own and
// of their CRM group), page + count with 50 connections, whole rows and with fields= (the web list's); and the
// Excel export of 100,000 of them.
import type { FastifyInstance } from 'fastify';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import type { AppContext } from '../../src/server/context.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { quote } from '../../src/server/crud/entityModel.ts';
import { COUNT_EXACT_UP_TO } from '../../src/server/crud/listCounts.ts';
import { listQuery, type FilterValue } from '../../src/server/crud/listQuery.ts';
import { partitaIvaCheckDigit } from '../../src/domain/partitaIva.ts';
import { loadPaths, peakRss, timed } from './benchLoad.ts';

const PASSWORD = 'Banco-di-prova-2025';
const COMPANIES = ['Edilizia Brambilla', 'Impresa Rota', 'Scavi Garda', 'Noleggi Sala', 'Costruzioni Ferrari'];
const OPERATORS = 200;
const GROUPS = 50;
const BRANCHES = 10;
const VAT_NUMBERS = 1000;
// Valid ones: the response is checked against the contract, which checks the check digit.
const vatNumbers = Array.from({ length: VAT_NUMBERS }, (_, i) => {
  const first10 = String(4_000_000 + i * 7919).padStart(10, '0');
  return first10 + partitaIvaCheckDigit(first10);
});

/**
 * `rows` negotiations in one INSERT ... SELECT generate_series: 200 operators, 50 CRM groups, 10 branches
 * (one tenth of the rows each), one in ten archived, inserted over three years; every column the schema
 * gives a default gets it, as a row created through the API would. Then VACUUM ANALYZE.
 */
export async function seedNegotiations(ctx: AppContext, rows: number, operatorIds: number[]) {
  const { model } = ctx.resource('TrattativaCp');
  const set: Record<string, string> = {
    ragioneSociale: `(ARRAY['${COMPANIES.join("','")}'])[1 + i % 5] || ' ' || (i::bigint * 7919 % 1000003)`,
    partitaIva: `($3::text[])[1 + i % ${VAT_NUMBERS}]`,
    email: `'trattativa' || i || '@esempio.it'`,
    telefono: `'02' || lpad(i::text, 8, '0')`,
    operatoreId: `($2::int[])[1 + i % ${OPERATORS}]`,
    gruppoCrmId: `1 + (i / 7) % ${GROUPS}`,
    filialeId: `1 + i % ${BRANCHES}`,
    fonteId: `1 + i % 3`,
    statoTrattativaId: `1 + i % 4`,
    commercialeId: `1 + i % 2`,
    archiviata: `CASE WHEN i % 10 = 0 THEN 'Y' ELSE 'N' END`,
    dataInserimento: `timestamptz '2023-01-01 08:00+01' + make_interval(mins => (i * 1.5)::int)`,
    richiamareInData: `CASE WHEN i % 4 = 0 THEN date '2026-01-01' + i % 365 END`,
  };
  for (const c of model.columns)
    if (!(c.name in set) && c.default !== undefined && c.sqlType !== 'jsonb')
      set[c.name] = `'${String(c.default).replace(/'/g, "''")}'::${c.sqlType}`;
  const names = Object.keys(set);
  await ctx.db.query(`DELETE FROM "trattativaCp"`);
  await ctx.db.query(
    `INSERT INTO "trattativaCp" (${names.map(quote).join(', ')})
     SELECT ${names.map((n) => set[n]).join(', ')} FROM generate_series(1, $1::int) AS i`,
    [rows, operatorIds, vatNumbers],
  );
  await ctx.db.query('VACUUM ANALYZE "trattativaCp"');
}

async function signIn(base: string, username: string) {
  const res = await fetch(`${base}/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const { token } = (await res.json()) as { token?: string };
  return { authorization: `Bearer ${token ?? ''}` };
}

async function load(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
  connections: number,
) {
  const text = await (await fetch(`${base}${paths[0]}`, { headers })).text();
  const first = JSON.parse(text) as { data?: unknown[]; totalRows?: number };
  return {
    'first page rows': first.data?.length ?? 0,
    'of (count)': first.totalRows ?? 0,
    'bytes/page': Buffer.byteLength(text),
    ...(await loadPaths(base, paths, headers, seconds, connections)),
  };
}

/** The database's share of one request, alone on one connection: median of 5 runs of each statement. */
async function sqlMs(ctx: AppContext, filters: Record<string, FilterValue>) {
  const q = listQuery(ctx.resource('TrattativaCp').model, { filters, page: 1, rowsPerPage: 50 }, 50);
  const median = async (sql: string, params: unknown[]) => {
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await ctx.db.query(sql, params);
      ms.push(performance.now() - started);
    }
    return Number((ms.sort((a, b) => a - b)[2] ?? 0).toFixed(1));
  };
  return {
    'SQL page+bounded count ms': await median(q.sqlWithBoundedCount(COUNT_EXACT_UP_TO + 1), q.params),
    'SQL full count ms': await median(q.countSql, q.filterParams),
  };
}

/** The figures on a running server whose database holds `rows` negotiations. */
export async function benchMillion(
  app: FastifyInstance,
  ctx: AppContext,
  options: { rows: number; seconds: number; connections: number },
) {
  const hash = await hashPassword(PASSWORD);
  const users = ctx.resource('User').repo;
  const user = (username: string, roles: string[], gruppiCrmIds: number[] = []) =>
    users.create(
      {
        username,
        email: `${username}@esempio.it`,
        name: 'Banco',
        surname: 'Prova',
        roles,
        active: 'true',
        gruppiCrmIds,
      },
      { passwordHash: hash },
    );
  await user('milione.admin', ['ROLE_SUPER_ADMIN']);
  const salesperson = await user('milione.commerciale', ['ROLE_COMMERCIALE_CP'], [7]);
  const operatorIds = [Number(salesperson.id), ...Array.from({ length: OPERATORS - 1 }, (_, k) => 100_000 + k)];
  const seedStarted = performance.now();
  await seedNegotiations(ctx, options.rows, operatorIds);
  const seedSeconds = ((performance.now() - seedStarted) / 1000).toFixed(0);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await signIn(base, 'milione.admin');
  const list = '/api/trattative_cp?filters[archiviata]=N&rowsPerPage=50';
  const pages = Array.from({ length: 20 }, (_, k) => `${list}&page=${1 + k}`);
  const fields = (await resourceIndex.trattativaCp.load()).listFields.join(',');
  const sparse = pages.map((p) => `${p}&fields=${fields}`);
  // Common words (a fifth of the rows), a company and number (a handful), and a number alone (a few hundred).
  const texts = ['Rota', 'Garda 4', 'Sala 99', '1234', 'Ferrari 7', 'Brambilla 50'];
  const searches = texts.flatMap((t) =>
    [1, 2].map((p) => `${list}&filters[ragioneSociale]=${encodeURIComponent(t)}&page=${p}`),
  );
  const runs = [
    {
      list: 'default (not archived, by id), admin',
      connections: options.connections,
      ...(await load(base, pages, admin, options.seconds, options.connections)),
      ...(await sqlMs(ctx, { archiviata: 'N' })),
    },
    // What the web list asks: its columns alone (generated listFields).
    {
      list: 'default, fields= the web list’s, admin',
      connections: options.connections,
      ...(await load(base, sparse, admin, options.seconds, options.connections)),
    },
    // The same at the concurrency of a few dozen staff working at once, and of one alone.
    {
      list: 'default (not archived, by id), admin',
      connections: 10,
      ...(await load(base, pages, admin, options.seconds, 10)),
    },
    {
      list: 'default (not archived, by id), admin',
      connections: 1,
      ...(await load(base, pages, admin, options.seconds, 1)),
    },
    {
      list: 'text filter on ragioneSociale, admin',
      connections: options.connections,
      ...(await load(base, searches, admin, options.seconds, options.connections)),
      ...(await sqlMs(ctx, { archiviata: 'N', ragioneSociale: 'Sala 99' })),
    },
    {
      list: 'default, salesperson (own + CRM group)',
      connections: options.connections,
      ...(await load(
        base,
        pages.slice(0, 5),
        await signIn(base, 'milione.commerciale'),
        options.seconds,
        options.connections,
      )),
    },
  ];
  const exported = await peakRss(() => timed(`${base}/api/export/trattativaCp?filters[filialeId]=3`, admin));
  return {
    seedSeconds,
    runs,
    export: {
      status: exported.result.status,
      s: (exported.result.ms / 1000).toFixed(1),
      MB: (exported.result.bytes / 2 ** 20).toFixed(1),
      'RSS before MB': Math.round(exported.baseMb),
      'RSS peak MB': Math.round(exported.peakMb),
    },
  };
}
