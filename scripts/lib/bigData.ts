// A data set of a real size (npm run seed:big, bench:api's search, bench:picker): customers with Italian
// company names, valid and distinct VAT numbers, addresses, e-mails and phone numbers, and negotiations of
// those customers over three years, each row what the app would have written: customers are checked one by
// one against the schema (the server's own validator) and numbered after the highest code; negotiations are
// made in SQL (a million in one INSERT ... SELECT, as bench:api's million), pointing only to records that
// exist, with the defaults of a new negotiation, and are checked afterwards (references, a sample against
// the schema).
import type { AppContext } from '../../src/server/context.ts';
import { createValidators, strictBodySchema } from '../../src/server/contract/validators.ts';
import { quote } from '../../src/server/crud/entityModel.ts';
import { partitaIvaCheckDigit } from '../../src/domain/partitaIva.ts';

const TRADES = [
  'Edilizia',
  'Società Edile',
  'Costruzioni',
  'Impresa Edile',
  'Scavi',
  'Movimento Terra',
  'Noleggi',
  'Termoidraulica',
  'Impianti Elettrici',
  'Carpenteria Metallica',
  'Autotrasporti',
  'Logistica',
  'Serramenti',
  'Cantieri',
  'Demolizioni',
  'Strade e Asfalti',
  'Coperture',
  'Ponteggi',
  'Restauri',
  'Calcestruzzi',
  'Prefabbricati',
  'Giardini e Verde',
  'Idraulica',
  'Montaggi Industriali',
  'Pavimentazioni',
];
const SURNAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
  'Parisi',
  'Villa',
  'Conte',
  'Ferraro',
  'Ferri',
  'Fabbri',
  'Bianco',
  'Marini',
  'Grasso',
  'Valentini',
  'Messina',
  'Sala',
  'De Angelis',
  'Gatti',
  'Pellegrini',
  'Palumbo',
  'Sanna',
  'Farina',
  'Rizzi',
  'Monti',
  'Cattaneo',
  'Morelli',
  'Amato',
  'Silvestri',
  'Mazza',
  'Testa',
  'Grassi',
  'Pellegrino',
  'Carbone',
  'Giuliani',
  'Benedetti',
  'Barone',
  'Rossetti',
  'Caputo',
  'Montanari',
  'Guerra',
  'Palmieri',
  'Bernardi',
  'Martino',
  'Fiore',
  'De Rosa',
  'Ferretti',
  'Bellini',
  'Basile',
  'Riva',
  'Donati',
  'Piras',
  'Vitali',
  'Battaglia',
  'Sartori',
  'Neri',
  'Costantini',
  'Milani',
  'Pagano',
  'Ruggiero',
  'Sorrentino',
  "D'Amico",
  'Orlando',
  'Damico',
  'Negri',
  'Brambilla',
  'Rota',
  'Pozzi',
  'Zanetti',
  'Bonfanti',
  'Cortesi',
  'Locatelli',
  'Pesenti',
  'Zanchi',
  'Belotti',
  'Mazzoleni',
  'Ghilardi',
  'Carminati',
  'Zambelli',
  'Pedretti',
  'Facchinetti',
  'Nicolò',
  'Cavalli',
  'Pirola',
  'Crippa',
];
const SUFFIXES = ['', '', '', ' & Figli', ' F.lli', ' Nord', ' Lombarda', ' Service', ' Group', ' Italia'];
const FORMS = ['S.r.l.', 'S.r.l.', 'S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'S.r.l.s.'];
const CITIES: [city: string, province: string, postcode: string, prefix: string][] = [
  ['Milano', 'MI', '20121', '02'],
  ['Bergamo', 'BG', '24121', '035'],
  ['Brescia', 'BS', '25121', '030'],
  ['Como', 'CO', '22100', '031'],
  ['Monza', 'MB', '20900', '039'],
  ['Varese', 'VA', '21100', '0332'],
  ['Lecco', 'LC', '23900', '0341'],
  ['Cremona', 'CR', '26100', '0372'],
  ['Lodi', 'LO', '26900', '0371'],
  ['Pavia', 'PV', '27100', '0382'],
  ['Mantova', 'MN', '46100', '0376'],
  ['Sondrio', 'SO', '23100', '0342'],
  ['Treviglio', 'BG', '24047', '0363'],
  ['Seriate', 'BG', '24068', '035'],
  ['Desenzano del Garda', 'BS', '25015', '030'],
  ['Piacenza', 'PC', '29121', '0523'],
  ['Parma', 'PR', '43121', '0521'],
  ['Novara', 'NO', '28100', '0321'],
  ['Verona', 'VR', '37121', '045'],
  ['Cantù', 'CO', '22063', '031'],
];
const STREETS = [
  'Roma',
  'Garibaldi',
  'Mazzini',
  'Dante',
  'Verdi',
  'Marconi',
  'Cavour',
  'Vittorio Veneto',
  'Matteotti',
  "dell'Industria",
  'del Lavoro',
  'Artigiani',
  'Europa',
  'Papa Giovanni XXIII',
  'Kennedy',
];

/** A small deterministic generator (mulberry32): the same data set at every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  return { next, pick, int: (n: number) => Math.floor(next() * n) };
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** A company as a salesperson would type it: trade and family name, or family names, and its legal form. */
function makeCompanyName(r: ReturnType<typeof random>): string {
  const surname = r.pick(SURNAMES);
  switch (r.int(4)) {
    case 0:
      return `${surname} ${r.pick(TRADES)} ${r.pick(FORMS)}`;
    case 1:
      return `${surname} & ${r.pick(SURNAMES)} ${r.pick(FORMS)}`;
    default:
      return `${r.pick(TRADES)} ${surname}${r.pick(SUFFIXES)} ${r.pick(FORMS)}`;
  }
}

/** The i-th VAT number of the data set: distinct, valid, and apart from any typed by hand (they start with 9). */
export const bigVatNumber = (i: number) => {
  const first10 = `9${String(i).padStart(9, '0')}`;
  return first10 + partitaIvaCheckDigit(first10);
};

export interface CustomerPools {
  agentIds: number[];
  sourceIds: number[];
  nationIds: number[];
}

/** Customers `from`..`to` (exclusive) of the data set: what the customer page would save. */
export function bigCustomers(from: number, to: number, firstCode: number, pools: CustomerPools) {
  const out: Record<string, unknown>[] = [];
  for (let i = from; i < to; i++) {
    const r = random(i + 1);
    const companyName = makeCompanyName(r);
    const [city, province, postcode, prefix] = r.pick(CITIES);
    const vat = bigVatNumber(i);
    const domain = `${slug(companyName.split(' ').slice(0, 2).join(''))}.it`;
    out.push({
      code: `C${String(firstCode + (i - from)).padStart(7, '0')}`,
      companyName,
      vatNumber: vat,
      ...(pools.agentIds.length > 0 ? { agentId: r.pick(pools.agentIds) } : {}),
      ...(pools.sourceIds.length > 0 ? { sourceId: r.pick(pools.sourceIds) } : {}),
      ...(pools.nationIds.length > 0 ? { nationId: pools.nationIds[0] } : {}),
      postcode,
      city,
      province,
      address: `Via ${r.pick(STREETS)} ${1 + r.int(180)}`,
      email: `${r.pick(['info', 'amministrazione', 'ufficio.tecnico', 'acquisti'])}@${domain}`,
      phone: `${prefix} ${String(1_000_000 + r.int(8_999_999))}`,
      reseller: r.next() < 0.05,
      date: new Date(Date.UTC(2015, 0, 1) + r.int(11 * 365) * 86_400_000).toISOString().slice(0, 10),
      note: '',
      codiceLingua: 'it',
    });
  }
  return out;
}

const ids = async (ctx: AppContext, table: string, where = '') =>
  (await ctx.db.query<{ id: number }>(`SELECT id FROM ${quote(table)} ${where} ORDER BY id`)).rows.map((r) => r.id);

const count = async (ctx: AppContext, table: string) =>
  (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`)).rows[0]?.n ?? 0;

/**
 * Adds customers until the table holds `total`: each checked against the customer schema as the server checks
 * a request body, numbered after the highest code, in batches of 5,000 rows per INSERT.
 */
export async function fillCustomers(ctx: AppContext, total: number, log: (line: string) => void = () => {}) {
  const existing = await count(ctx, 'customer');
  if (existing >= total) return 0;
  const { model } = ctx.resource('Customer');
  const validators = createValidators(ctx.contract);
  const valid = validators.compile(validators.strict, strictBodySchema(ctx.contract.entitySchema('Customer')));
  const pools: CustomerPools = {
    agentIds: await ids(ctx, 'agent'),
    sourceIds: await ids(ctx, 'source'),
    nationIds: await ids(ctx, 'nation', `WHERE code = 'IT'`),
  };
  const { rows } = await ctx.db.query<{ n: number | null }>(
    `SELECT max(substring(code FROM '^C(\\d+)$')::bigint)::int AS n FROM customer`,
  );
  let code = (rows[0]?.n ?? 0) + 1;
  // Rows of an earlier run keep their place: the next one starts after them.
  const { rows: done } = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM customer WHERE "vatNumber" LIKE '9%' AND length("vatNumber") = 11`,
  );
  let next = done[0]?.n ?? 0;
  const columns = model.columns.filter((c) => !c.readOnly).map((c) => c.name);
  const types = columns.map((c) => `${quote(c)} ${model.byName.get(c)?.sqlType ?? 'text'}`).join(', ');
  let left = total - existing;
  while (left > 0) {
    const n = Math.min(5_000, left);
    const batch = bigCustomers(next, next + n, code, pools);
    for (const row of batch)
      if (!valid(row)) throw new Error(`cliente non valido ${JSON.stringify(row)}: ${JSON.stringify(valid.errors)}`);
    await ctx.db.query(
      `INSERT INTO customer (${columns.map(quote).join(', ')})
       SELECT ${columns.map(quote).join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${types})`,
      [JSON.stringify(batch)],
    );
    next += n;
    code += n;
    left -= n;
    log(`  clienti: ${(total - left).toLocaleString('it-IT')}`);
  }
  await ctx.db.query('VACUUM ANALYZE customer');
  return total - existing;
}

/** Ids of active users with a negotiation role: who a negotiation may be assigned to. */
async function negotiationUsers(ctx: AppContext): Promise<number[]> {
  return (
    await ctx.db.query<{ id: number }>(
      `SELECT id FROM "user" WHERE active = 'true' AND roles ?| $1::text[] ORDER BY id`,
      [['ROLE_USER_CP', 'ROLE_SUPERVISOR_CP', 'ROLE_COMMERCIALE_CP', 'ROLE_MASTER', 'ROLE_NL']],
    )
  ).rows.map((r) => r.id);
}

/**
 * Adds negotiations until the table holds `total`, in one INSERT ... SELECT generate_series: each of a
 * customer of the table (its name, VAT number, e-mail and phone, "già cliente"), assigned to an active user
 * with a negotiation role, pointing to existing sources, branches, statuses, salespeople and CRM groups, with
 * what a new negotiation starts with (the schema's defaults, the server's flags), inserted over three years.
 */
export async function fillNegotiations(ctx: AppContext, total: number) {
  const existing = await count(ctx, 'trattativaCp');
  if (existing >= total) return 0;
  const customers = (
    await ctx.db.query<{ lo: number; hi: number; n: number }>(
      `SELECT min(id)::int AS lo, max(id)::int AS hi, count(*)::int AS n FROM customer`,
    )
  ).rows[0];
  if (!customers?.n) throw new Error('nessun cliente: prima i clienti (--customers)');
  const pools = {
    operatore: await negotiationUsers(ctx),
    fonte: await ids(ctx, 'fonte'),
    filiale: await ids(ctx, 'filiale'),
    stato: await ids(ctx, 'statoTrattativa'),
    commerciale: await ids(ctx, 'commerciale'),
    gruppo: await ids(ctx, 'gruppoCrm'),
    settore: await ids(ctx, 'settore'),
    famiglia: await ids(ctx, 'famigliaMezzo'),
  };
  if (pools.operatore.length === 0) throw new Error('nessun utente attivo con un ruolo delle trattative');
  const { model } = ctx.resource('TrattativaCp');
  const params: unknown[] = [total - existing];
  const pool = (xs: number[], spread: string) => {
    if (xs.length === 0) return 'NULL';
    params.push(xs);
    return `($${params.length}::int[])[1 + (${spread}) % ${xs.length}]`;
  };
  const set: Record<string, string> = {
    ragioneSociale: 'c."companyName"',
    partitaIva: 'c."vatNumber"',
    email: 'c.email',
    telefono: 'c.phone',
    cliente: 'true',
    paeseTrattativa: 'c.city',
    operatoreId: pool(pools.operatore, 'i * 31'),
    fonteId: pool(pools.fonte, 'i * 7'),
    filialeId: pool(pools.filiale, 'i * 13'),
    statoTrattativaId: pool(pools.stato, 'i * 17'),
    commercialeId: pool(pools.commerciale, 'i * 19'),
    gruppoCrmId: pool(pools.gruppo, 'i / 7'),
    sectorId: pool(pools.settore, 'i * 23'),
    famigliaMezzoId: pool(pools.famiglia, 'i * 29'),
    archiviata: `CASE WHEN i % 10 = 0 THEN 'Y' ELSE 'N' END`,
    dataInserimento: `timestamptz '2023-01-01 08:00+01' + make_interval(secs => (i::float8 / $1::float8) * 94608000)`,
    richiamareInData: `CASE WHEN i % 4 = 0 THEN date '2026-01-01' + i % 365 END`,
    documentToken: `translate(encode(substring(decode(md5(random()::text) || md5(random()::text), 'hex') FROM 1 FOR 24), 'base64'), '+/', '-_')`,
    codiceLingua: `'it'`,
    allegati: `'[]'::jsonb`,
    anagraficaInviata: 'false',
    brochureInviata: 'false',
    contattoMagoInviato: 'false',
    linkAccreditamentoInviato: 'false',
    offertaInviata: 'false',
    schedaTecnicaInviata: 'false',
    bozzaOffertaVisualizzata: 'false',
  };
  for (const c of model.columns)
    if (!(c.name in set) && c.default !== undefined)
      set[c.name] =
        c.sqlType === 'jsonb'
          ? `'${JSON.stringify(c.default).replace(/'/g, "''")}'::jsonb`
          : `'${String(c.default).replace(/'/g, "''")}'::${c.sqlType}`;
  const names = Object.keys(set).filter((n) => model.byName.has(n));
  params.push(customers.lo, customers.hi - customers.lo + 1, 0);
  const [lo, span, offset] = [params.length - 2, params.length - 1, params.length].map((k) => `$${k}::int`);
  const insert = `INSERT INTO "trattativaCp" (${names.map(quote).join(', ')})
     SELECT ${names.map((n) => set[n]).join(', ')}
     FROM generate_series(1, $1::int) AS i JOIN customer c ON c.id = ${lo} + ((i + ${offset})::bigint * 7919 % ${span})::int`;
  // Customer ids may have holes (deleted customers): those rows are left out, and made again with other customers.
  for (let round = 0; round < 5; round++) {
    const missing = total - (await count(ctx, 'trattativaCp'));
    if (missing <= 0) break;
    params[0] = missing;
    params[params.length - 1] = round * 104_729;
    await ctx.db.query(insert, params);
  }
  await ctx.db.query('VACUUM ANALYZE "trattativaCp"');
  return (await count(ctx, 'trattativaCp')) - existing;
}

/** After the bulk insert: every reference points to a record, and a sample reads as the schema says. */
export async function checkNegotiations(ctx: AppContext): Promise<string[]> {
  const problems: string[] = [];
  const schema = ctx.contract.entitySchema('TrattativaCp') as {
    'x-resource'?: { references?: Record<string, string> };
  };
  for (const [field, target] of Object.entries(schema['x-resource']?.references ?? {})) {
    const r = ctx.resourceNamed(target);
    const column = ctx.resource('TrattativaCp').model.byName.get(field);
    if (!r || column?.sqlType !== 'integer') continue;
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "trattativaCp" t WHERE t.${quote(field)} IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM ${quote(r.model.table)} x WHERE x.id = t.${quote(field)})`,
    );
    if ((rows[0]?.n ?? 0) > 0) problems.push(`${field}: ${rows[0]?.n} trattative puntano a record inesistenti`);
  }
  const validators = createValidators(ctx.contract);
  const valid = validators.compile(validators.response, ctx.contract.entitySchema('TrattativaCp'));
  const { repo } = ctx.resource('TrattativaCp');
  const { rows: sample } = await ctx.db.query<{ id: number }>(
    `SELECT id FROM "trattativaCp" TABLESAMPLE SYSTEM (1) LIMIT 500`,
  );
  for (const { id } of sample) {
    const record = await repo.get(id);
    if (!valid(record)) problems.push(`trattativa ${id}: ${JSON.stringify(valid.errors?.[0])}`);
  }
  return problems;
}
