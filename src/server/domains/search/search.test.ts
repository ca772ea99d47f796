import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

type Headers = { authorization: string };
interface Result {
  kind: string;
  id: number;
  title: string;
  detail: string | null;
  openId: number | null;
  match: string;
}

let t: TestApp;
const as: Record<string, Headers> = {};
let customerId = 0;
let negotiationId = 0;

const search = (who: string, q: string) =>
  t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: as[who] });
const results = async (who: string, q: string): Promise<Result[]> => {
  const res = await search(who, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results as Result[];
};
const kinds = async (who: string, q: string) => (await results(who, q)).map((r) => `${r.kind}:${r.title}`);

beforeAll(async () => {
  t = await testApp();
  as.admin = await t.as(['ROLE_ADMIN'], 'adm.search');
  as.crm = await t.as(['ROLE_USER_CRM'], 'crm.search');
  as.anna = await t.as(['ROLE_USER_CP'], 'cp.anna.search');
  as.bruno = await t.as(['ROLE_USER_CP'], 'cp.bruno.search');
  as.supervisor = await t.as(['ROLE_SUPERVISOR_CP'], 'sup.search');
  as.cc = await t.as(['ROLE_CONTACT_CENTER', 'ROLE_USER_CRM'], 'cc.search');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/customers',
    headers: as.crm,
    payload: {
      companyName: 'Edilizia Brambilla S.r.l.',
      vatNumber: '00743110157',
      phone: '0521 123456',
      city: 'Parma',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  customerId = created.json().data.id as number;
  await t.app.inject({
    method: 'POST',
    url: '/api/customers',
    headers: as.crm,
    payload: { companyName: 'Società Cooperativa Àlpina', vatNumber: '02488110160', city: 'Forlì' },
  });
  const negotiation = await t.app.inject({
    method: 'POST',
    url: '/api/trattative_cp',
    headers: as.anna,
    payload: { ragioneSociale: 'Costruzioni Riva S.p.A.', partitaIva: '00743110157', telefono: '+39 333 1234567' },
  });
  expect(negotiation.statusCode, negotiation.body).toBe(201);
  negotiationId = negotiation.json().data.id as number;
  // The offer's number is written by the offers' own calls (x-written-by): stored here as they store it.
  await t.ctx.db.query(
    `INSERT INTO "offer" ("trattativaCpId", versione, "numeroDocumento", "ragioneSociale", "partitaIva") VALUES ($1, 1, 'OFF-2026-000123', 'Costruzioni Riva S.p.A.', '00743110157')`,
    [negotiationId],
  );
  await t.ctx.db.query(
    `INSERT INTO "accettazioneMezzo" ("operatoreNome", "dataAccettazione", matricole) VALUES ('Marco Neri', '2026-11-20', 'SN-4455-AB, PLT12-0042')`,
  );
});
afterAll(() => t.close());

describe('the search box finds', () => {
  it('a customer by part of its name, accents ignored', async () => {
    expect(await kinds('crm', 'brambi')).toEqual(['cliente:Edilizia Brambilla S.r.l.']);
    expect(await kinds('crm', 'societa alp')).toEqual(['cliente:Società Cooperativa Àlpina']);
    expect(await kinds('crm', 'FORLI')).toEqual(['cliente:Società Cooperativa Àlpina']);
  });

  it('a customer by VAT number, with or without IT, before the word matches', async () => {
    for (const q of ['00743110157', 'IT 00743110157']) {
      const [first] = await results('admin', q);
      expect(first).toMatchObject({ kind: 'cliente', id: customerId, match: 'codice' });
    }
  });

  it('a customer by phone number in any Italian format', async () => {
    for (const q of ['0521 123456', '0521.123.456', '+39 0521 123456', '0039 0521-123456', '(0521) 12 34 56']) {
      const res = await search('crm', q);
      expect(res.json().data.results[0], q).toMatchObject({ kind: 'cliente', id: customerId, match: 'codice' });
      expect(res.json().data.caller).toMatchObject({ phone: '+390521123456' });
    }
  });

  it('a customer and a negotiation by the start of their phone number, however grouped', async () => {
    for (const q of ['0521 12', '0521.1234', '+39 0521 1', '052112'])
      expect(await kinds('admin', q), q).toEqual(['cliente:Edilizia Brambilla S.r.l.']);
    for (const q of ['333 123', '+39 333.12', '0039 3331'])
      expect(await kinds('anna', q), q).toEqual(['trattativa:Costruzioni Riva S.p.A.']);
    // Not the middle of a number, nor the country code alone.
    expect(await kinds('admin', '123456')).toEqual([]);
    // A whole number found is what was meant: not the longer numbers starting with it.
    const { rows } = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO "customer" ("companyName", "vatNumber", phone) VALUES ('Gru Parmensi', '04440440441', '0521 1234567') RETURNING id`,
    );
    expect((await results('admin', '0521 123456')).map((r) => `${r.title}:${r.match}`)).toEqual([
      'Edilizia Brambilla S.r.l.:codice',
    ]);
    expect((await kinds('admin', '0521 12345')).sort()).toEqual([
      'cliente:Edilizia Brambilla S.r.l.',
      'cliente:Gru Parmensi',
    ]);
    await t.ctx.db.query(`DELETE FROM "customer" WHERE id = $1`, [rows[0]?.id]);
    // A number not whole is nobody's call: its companies' negotiations are not shown as the caller's.
    expect((await search('admin', '0521 123')).json().data.caller).toMatchObject({ negotiations: [] });
  });

  it('a negotiation by company, and an offer by its number, which opens its negotiation', async () => {
    expect(await kinds('anna', 'costruzioni riva')).toEqual([
      'trattativa:Costruzioni Riva S.p.A.',
      'offerta:OFF-2026-000123 · Costruzioni Riva S.p.A.',
    ]);
    for (const q of ['OFF-2026-000123', 'off 2026 000123'])
      expect((await results('anna', q))[0]).toMatchObject({ kind: 'offerta', openId: negotiationId, match: 'codice' });
  });

  it('a checked-in machine by any of its serial numbers', async () => {
    for (const q of ['SN-4455-AB', 'sn4455ab', 'plt12-0042'])
      expect((await results('admin', q))[0]).toMatchObject({ kind: 'mezzoAccettazione', match: 'codice' });
  });

  it('a name typed wrong, after the exact ones', async () => {
    expect(await results('crm', 'Bramblla')).toEqual([
      expect.objectContaining({ kind: 'cliente', id: customerId, match: 'simile' }),
    ]);
  });

  it('users, for administrators only', async () => {
    const [found] = await results('admin', 'cp.anna.search');
    expect(found).toMatchObject({ kind: 'utente', match: 'codice', detail: expect.stringContaining('cp.anna.search') });
    expect(await kinds('crm', 'cp.anna.search')).toEqual([]);
  });
});

describe('only what the user may open', () => {
  it('a user without the negotiation roles finds no negotiation nor offer', async () => {
    expect(await kinds('crm', 'costruzioni')).toEqual([]);
    expect(await kinds('crm', 'OFF-2026-000123')).toEqual([]);
  });

  it("a CP user does not find another user's negotiation; a supervisor does", async () => {
    expect(await kinds('bruno', 'riva')).toEqual([]);
    expect(await kinds('supervisor', 'riva')).toHaveLength(2);
  });

  it('a reassignment moves the negotiation and its offers to the new owner', async () => {
    const brunoId = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: as.bruno })).json().data.id;
    await t.ctx.db.query(`UPDATE "trattativaCp" SET "operatoreId" = $1 WHERE id = $2`, [brunoId, negotiationId]);
    expect(await kinds('bruno', 'riva')).toHaveLength(2);
    expect(await kinds('anna', 'riva')).toEqual([]);
    const annaId = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: as.anna })).json().data.id;
    await t.ctx.db.query(`UPDATE "trattativaCp" SET "operatoreId" = $1 WHERE id = $2`, [annaId, negotiationId]);
  });

  it('a machine is not found by who cannot open the check-ins', async () => {
    expect(await kinds('crm', 'SN-4455-AB')).toEqual([]);
  });
});

describe('the index follows every write in its transaction', () => {
  it('a renamed customer is found by its new name only, a deleted one no more', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: as.crm,
      payload: { companyName: 'Noleggi Zanetti', vatNumber: '12345678903' },
    });
    const row = made.json().data;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${row.id}`,
      headers: as.crm,
      payload: { ...row, companyName: 'Zanardi Gru' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await kinds('crm', 'zanetti')).toEqual([]);
    expect(await kinds('crm', 'zanardi')).toEqual(['cliente:Zanardi Gru']);
    await t.app.inject({ method: 'DELETE', url: `/api/customers/${row.id}`, headers: as.crm });
    expect(await kinds('crm', 'zanardi')).toEqual([]);
  });

  it('rows written by one statement, as a bulk load writes them, each with its entry, changed and removed together', async () => {
    const { rows } = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO "customer" ("companyName", "vatNumber", phone)
       VALUES ('Ponteggi Quarenghi', '01234567897', '035 111222'), ('Gru Quarenghi Nord', '09876543217', NULL)
       RETURNING id`,
    );
    const ids = rows.map((r) => r.id);
    await t.ctx.db.query(
      `INSERT INTO "contact" ("customerId", name, surname) VALUES ($1, 'Lina', 'Quarenghi'), ($2, 'Ugo', 'Quarenghi')`,
      ids,
    );
    expect((await results('crm', 'quarenghi')).map((r) => `${r.kind}:${r.title}`).sort()).toEqual([
      'cliente:Gru Quarenghi Nord',
      'cliente:Ponteggi Quarenghi',
      'contatto:Lina Quarenghi',
      'contatto:Ugo Quarenghi',
    ]);
    expect((await results('crm', '035 111222'))[0]).toMatchObject({ kind: 'cliente', id: ids[0], match: 'codice' });
    expect(await kinds('crm', '035 111')).toEqual(['cliente:Ponteggi Quarenghi']);
    // A new word of the statement is among the words a name typed wrong is compared with.
    expect((await results('crm', 'Quarengi'))[0]).toMatchObject({ match: 'simile' });

    await t.ctx.db.query(
      `UPDATE "customer" SET "companyName" = replace("companyName", 'Quarenghi', 'Bergamasca') WHERE id = ANY($1)`,
      [ids],
    );
    expect((await kinds('crm', 'quarenghi')).sort()).toEqual(['contatto:Lina Quarenghi', 'contatto:Ugo Quarenghi']);
    // A word an update brings is added too (the words of the entries it wrote, migrations/0012).
    expect((await results('crm', 'Bergamaska'))[0]).toMatchObject({ match: 'simile' });
    const contacts = await results('crm', 'bergamasca');
    expect(contacts.map((r) => r.title).sort()).toEqual(['Gru Bergamasca Nord', 'Ponteggi Bergamasca']);
    // The contacts are shown under their customer's new name.
    expect((await results('crm', 'lina quarenghi'))[0]).toMatchObject({ detail: 'Ponteggi Bergamasca' });

    await t.ctx.db.query(`DELETE FROM "contact" WHERE "customerId" = ANY($1)`, [ids]);
    await t.ctx.db.query(`DELETE FROM "customer" WHERE id = ANY($1)`, [ids]);
    expect(await kinds('crm', 'quarenghi')).toEqual([]);
    expect(await kinds('crm', 'bergamasca')).toEqual([]);
  });
});

describe('a call to its customer', () => {
  it('a number shows the open negotiations of its customers and, to the contact centre, its last calls', async () => {
    await t.ctx.db.query(
      `INSERT INTO "pbxCall" ("callId", "linkedId", source, "fromNumber", "toNumber", direction, "startedAt", "endedAt", "durationSeconds", "billSeconds", disposition)
       VALUES ('c1', 'c1', 'asterisk', '+390521123456', '201', 'inbound', '2026-11-26T09:00:00Z', '2026-11-26T09:00:30Z', 30, 0, 'NO ANSWER'),
              ('c2', 'c2', 'asterisk', '201', '+390521123456', 'outbound', '2026-11-26T10:00:00Z', '2026-11-26T10:02:00Z', 120, 110, 'ANSWERED')`,
    );
    const res = await search('admin', '0521 123456');
    expect(res.statusCode, res.body).toBe(200);
    const asAdmin = res.json().data.caller;
    expect(asAdmin).toEqual({
      phone: '+390521123456',
      negotiations: [expect.objectContaining({ id: negotiationId, ragioneSociale: 'Costruzioni Riva S.p.A.' })],
      calls: [
        { startedAt: '2026-11-26T10:00:00.000Z', direction: 'outbound', answered: true, durationSeconds: 120 },
        { startedAt: '2026-11-26T09:00:00.000Z', direction: 'inbound', answered: false, durationSeconds: 30 },
      ],
    });
    // CRM only: the customer, no negotiation (not theirs to see), no calls (not the contact centre's screens).
    expect((await search('crm', '0521 123456')).json().data.caller).toEqual({
      phone: '+390521123456',
      negotiations: [],
      calls: null,
    });
    expect((await search('cc', '0521123456')).json().data.caller.calls).toHaveLength(2);
  });
});

describe('bad input and strangers', () => {
  it('refuses a text too short or too long, in Italian, naming the field', async () => {
    for (const q of ['a', 'x'.repeat(101)]) {
      const res = await search('crm', q);
      expect(res.statusCode).toBe(400);
      expect(res.json().violations).toEqual([
        expect.objectContaining({ field: 'querystring.q', message: expect.stringContaining('«Ricerca»') }),
      ]);
    }
  });

  it('refuses a caller without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=brambilla' })).statusCode).toBe(401);
  });

  it('answers at most 20 results', async () => {
    for (let i = 0; i < 25; i++)
      await t.ctx
        .resource('Customer')
        .repo.create({ companyName: `Gru Veneta ${i}`, vatNumber: `9${String(i).padStart(10, '0')}` });
    expect(await results('crm', 'gru veneta')).toHaveLength(20);
  });
});

describe('an exact code', () => {
  it('is not followed by other codes merely like it', async () => {
    await t.ctx.db.query(
      `INSERT INTO "offer" ("trattativaCpId", versione, "numeroDocumento", "ragioneSociale", "partitaIva") VALUES ($1, 2, 'OFF-2026-000120', 'Costruzioni Riva S.p.A.', '00743110157')`,
      [negotiationId],
    );
    const found = await results('anna', 'OFF-2026-000123');
    expect(found[0]).toMatchObject({ kind: 'offerta', match: 'codice' });
    expect(found.filter((r) => r.match === 'simile')).toEqual([]);
    // Without an exact code, the number typed wrong is still found as similar.
    expect(await results('anna', 'OFF-2026-000129')).toContainEqual(expect.objectContaining({ match: 'simile' }));
  });
});
