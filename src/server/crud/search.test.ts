import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import { partitaIvaCheckDigit } from '../../domain/partitaIva.ts';

const piva = (prefix10: string) => prefix10 + partitaIvaCheckDigit(prefix10);
// Past the matches a search reads (x-search-max-matches, 1,000).
const MANY = 1_200;

let t: TestApp;
let admin: { authorization: string };
let crm: { authorization: string };
let contactCentre: { authorization: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  crm = await t.as(['ROLE_USER_CRM']);
  // Outside the customers' roles: a reader of their names only (the lookup projection).
  contactCentre = await t.as(['ROLE_CONTACT_CENTER']);
  const customers = t.ctx.resource('Customer').repo;
  for (const [key, c] of Object.entries({
    garda: { code: 'C000001', companyName: 'Società Edile Garda S.r.l.', phone: '030 1234567' },
    brambilla: { code: 'C000002', companyName: 'Edilizia Brambilla S.r.l.', phone: '02 7654321' },
    rota: { code: 'C000003', companyName: 'Impresa Rota', phone: '035 111222' },
    percent: { code: 'C000004', companyName: 'Sconti 50% Noleggi', phone: '' },
    special: { code: 'C000005', companyName: 'Cliente Ricerca Speciale', phone: '' },
  }))
    ids[key] = Number((await customers.create({ ...c, vatNumber: piva(`0000000${c.code.slice(-3)}`) })).id);
  const vat = Array.from({ length: MANY }, (_, i) => piva(String(5_000_000 + i).padStart(10, '0')));
  await t.ctx.db.query(
    `INSERT INTO customer (code, "companyName", "vatNumber", "codiceLingua")
     SELECT 'R' || lpad(i::text, 6, '0'), 'Cliente Ricerca ' || lpad(i::text, 5, '0'), ($2::text[])[i], 'it'
     FROM generate_series(1, $1::int) AS i`,
    [MANY, vat],
  );
});
afterAll(() => t.close());

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });
const names = async (url: string, headers = admin) =>
  (await get(url, headers)).json<{ data: { companyName: string }[] }>().data.map((r) => r.companyName);

describe('q: a search of the declared fields, bounded by the server', () => {
  it('states its bounds in the contract, beside the parameter', () => {
    const q = t.ctx.contract.document.components.parameters.Q as unknown as Record<string, unknown>;
    expect(q['x-search-max-rows']).toBe(100);
    expect(q['x-search-max-matches']).toBe(1000);
  });

  it('finds each word as contained text in any search field, without regard to case or accents', async () => {
    expect(await names('/api/customers?q=EDIL&page=1&rowsPerPage=8')).toEqual([
      'Edilizia Brambilla S.r.l.',
      'Società Edile Garda S.r.l.',
    ]);
    // Accents folded both ways; every word must match, each in a field of its own or the same one.
    expect(await names('/api/customers?q=societa%20garda&page=1&rowsPerPage=8')).toEqual([
      'Società Edile Garda S.r.l.',
    ]);
    expect(await names('/api/customers?q=Soci%C3%A9t%C3%A0&page=1&rowsPerPage=8')).toEqual([
      'Società Edile Garda S.r.l.',
    ]);
    expect(await names('/api/customers?q=garda%20C000001&page=1&rowsPerPage=8')).toEqual([
      'Società Edile Garda S.r.l.',
    ]);
    expect(await names('/api/customers?q=garda%20rota&page=1&rowsPerPage=8')).toEqual([]);
    // The phone number and the VAT number are search fields of customers (x-resource.search).
    expect(await names('/api/customers?q=1234567&page=1&rowsPerPage=8')).toEqual(['Società Edile Garda S.r.l.']);
    expect(await names(`/api/customers?q=${piva('0000000003')}&page=1&rowsPerPage=8`)).toEqual(['Impresa Rota']);
  });

  it('finds a phone number by its digits, however it was stored or typed: as shown, run together, with +39', async () => {
    for (const q of [
      '0301234567',
      '030.123.4567',
      '030.1234',
      '+390301234567',
      '0039-030-1234567',
      '00390301234567',
      '+39 030 1234567',
      '0039 030 123',
    ])
      expect(await names(`/api/customers?q=${encodeURIComponent(q)}&page=1&rowsPerPage=8`), q).toEqual([
        'Società Edile Garda S.r.l.',
      ]);
    // Not a reader of the phone (the contact centre sees the name only), nor a number of no customer.
    expect(await names('/api/customers?q=030.123.4567&page=1&rowsPerPage=8', contactCentre)).toEqual([]);
    expect(await names('/api/customers?q=030.999&page=1&rowsPerPage=8')).toEqual([]);
  });

  it('reads % and _ as the characters typed, not as wildcards', async () => {
    expect(await names('/api/customers?q=50%25&page=1&rowsPerPage=8')).toEqual(['Sconti 50% Noleggi']);
    expect(await names('/api/customers?q=_&page=1&rowsPerPage=8')).toEqual([]);
  });

  it('answers a page in the list order, the first one when no page is named', async () => {
    const first = (await get('/api/customers?q=ricerca')).json();
    // The customers' page size (10), sorted by name.
    expect(first.data.map((r: { companyName: string }) => r.companyName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Cliente Ricerca ${String(i + 1).padStart(5, '0')}`),
    );
    const third = (await get('/api/customers?q=ricerca&page=3&rowsPerPage=8')).json();
    expect(third.data[0].companyName).toBe('Cliente Ricerca 00017');
  });

  it('reads at most 1,000 matches: beyond, totalRows is that bound and totalRowsCapped says so', async () => {
    const capped = (await get('/api/customers?q=ricerca&page=1&rowsPerPage=8')).json();
    expect(capped).toMatchObject({ totalRows: 1000, totalRowsCapped: true });
    expect(capped.data).toHaveLength(8);
    // Pages go through those 1,000 and stop there.
    expect((await get('/api/customers?q=ricerca&page=10&rowsPerPage=100')).json().data).toHaveLength(100);
    expect((await get('/api/customers?q=ricerca&page=11&rowsPerPage=100')).json().data).toHaveLength(0);
    const exact = (await get('/api/customers?q=ricerca%20speciale&page=1&rowsPerPage=8')).json();
    expect(exact).toMatchObject({ totalRows: 1, data: [{ companyName: 'Cliente Ricerca Speciale' }] });
    expect(exact.totalRowsCapped).toBeUndefined();
  });

  it('keeps filters, the sort and the ids beside the search', async () => {
    expect(await names('/api/customers?q=s.r.l&sortBy=companyName&descending=1&page=1&rowsPerPage=8')).toEqual([
      'Società Edile Garda S.r.l.',
      'Edilizia Brambilla S.r.l.',
    ]);
    expect(await names(`/api/customers?q=srl&ids=${ids.brambilla}&page=1&rowsPerPage=8`)).toEqual([]);
    expect(await names(`/api/customers?q=s.r.l&ids=${ids.brambilla}&page=1&rowsPerPage=8`)).toEqual([
      'Edilizia Brambilla S.r.l.',
    ]);
    expect(await names(`/api/customers?ids=${ids.rota}&ids=${ids.garda}&page=1&rowsPerPage=8`)).toEqual([
      'Impresa Rota',
      'Società Edile Garda S.r.l.',
    ]);
  });

  it('refuses with 400, naming the parameter, a search it would not bound or cannot read', async () => {
    const cases: [string, string, RegExp][] = [
      [`q=${'a'.repeat(101)}&page=1`, 'q', /«Ricerca» può avere al massimo 100 caratteri/],
      ['q=a b c d e f g h i&page=1', 'q', /La ricerca può avere al massimo 8 parole/],
      ['q=edil&page=1&rowsPerPage=101', 'rowsPerPage', /al massimo 100 righe/],
      ['q=edil&page=0&rowsPerPage=0', 'rowsPerPage', /al massimo 100 righe/],
      [`${Array.from({ length: 101 }, (_, i) => `ids=${i + 1}`).join('&')}&page=1`, 'ids', /«Record scelti».*100/],
      ['ids=abc&page=1', 'ids', /«Record scelti»/],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/customers?${query.replace(/ /g, '%20')}`);
      expect(res.statusCode, query).toBe(400);
      const violation = (res.json().violations as { field: string; message: string }[]).find(
        (v) => v.field.replace(/^querystring\./, '').split(/[.[/]/)[0] === field,
      );
      expect(violation?.message, query).toMatch(message);
    }
  });

  it('lets a reader outside the resource find records by what they may see only (the name, never the phone)', async () => {
    expect(await names('/api/customers?q=garda&page=1&rowsPerPage=8', contactCentre)).toEqual([
      'Società Edile Garda S.r.l.',
    ]);
    expect(await names('/api/customers?q=1234567&page=1&rowsPerPage=8', contactCentre)).toEqual([]);
    expect(await names('/api/customers?q=1234567&page=1&rowsPerPage=8', crm)).toEqual(['Società Edile Garda S.r.l.']);
    const row = (await get('/api/customers?q=garda&page=1&rowsPerPage=8', contactCentre)).json().data[0];
    expect(Object.keys(row).sort()).toEqual(['codiceLingua', 'companyName', 'id', 'vatNumber']);
  });

  it('searches the ERP customers by name, VAT number or code', async () => {
    await t.ctx.resource('ClienteErp').repo.create({
      code: '245',
      companyName: 'Costruzioni Edili Lombarde S.r.l.',
      vatNumber: piva('0245871016'),
      phone: '039.230.1177',
    });
    const res = (await get('/api/clienti?q=costruzioni%20lomb&page=1&rowsPerPage=8', crm)).json();
    expect(res).toMatchObject({ totalRows: 1, data: [{ code: '245', phone: '039.230.1177' }] });
  });

  it('is served by a trigram index of the folded search text', async () => {
    const { rows } = await t.ctx.db.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'customer' AND indexdef LIKE '%gin_trgm_ops%'`,
    );
    expect(rows.map((r) => r.indexname)).toContain('customer__search_trgm');
  });
});

describe('references: the names of the records rows point to, in the same answer', () => {
  let planningId = 0;
  let agentId = 0;
  let meetingIds: number[] = [];
  beforeAll(async () => {
    agentId = Number((await t.ctx.resource('Agent').repo.create({ name: 'Luca Verdi' })).id);
    const meetings = t.ctx.resource('Meeting').repo;
    meetingIds = [
      Number((await meetings.create({ description: 'Sopralluogo' })).id),
      Number((await meetings.create({ description: 'Preventivo' })).id),
    ];
    planningId = Number(
      (
        await t.ctx.resource('Planning').repo.create({
          date: '2026-03-02',
          startTime: '09:00',
          endTime: '10:00',
          subject: 'Visita',
          customerId: ids.garda,
          agentId,
          meetingPlanIds: meetingIds,
        })
      ).id,
    );
  });

  it('gives a list the names of its reference columns, no more', async () => {
    const page = (await get('/api/plannings?page=1&rowsPerPage=10', crm)).json();
    expect(page.references).toEqual({
      customer: [{ id: ids.garda, label: 'Società Edile Garda S.r.l.' }],
      agent: [{ id: agentId, label: 'Luca Verdi' }],
    });
  });

  it('gives a record the names of every field of its form, lists of references too', async () => {
    const res = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/plannings/${planningId}`,
        headers: crm,
        payload: {
          date: '2026-03-02',
          startTime: '09:00',
          endTime: '10:30',
          subject: 'Visita',
          customerId: ids.garda,
          agentId,
          meetingPlanIds: meetingIds,
        },
      })
    ).json();
    expect(res.references.customer).toEqual([{ id: ids.garda, label: 'Società Edile Garda S.r.l.' }]);
    expect(res.references.meeting).toEqual(
      expect.arrayContaining([
        { id: meetingIds[0], label: 'Sopralluogo' },
        { id: meetingIds[1], label: 'Preventivo' },
      ]),
    );
  });

  it('names only the records of resources the caller may list', async () => {
    const negotiation = await t.ctx.resource('TrattativaCp').repo.create({ ragioneSociale: 'Prova', operatoreId: 1 });
    const url = `/api/trattative_cp/${String(negotiation.id)}`;
    const asAdmin = (await get(url)).json();
    expect(Object.keys(asAdmin.references)).toContain('user');
    // Users are listed by admins only: a salesperson's answer names no user.
    const asCp = await get(url, await t.as(['ROLE_SUPERVISOR_CP']));
    expect(asCp.statusCode).toBe(200);
    expect(asCp.json().references.user).toBeUndefined();
  });
});
