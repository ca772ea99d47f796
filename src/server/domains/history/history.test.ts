import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRead, fullOffer, seedOfferConfig } from '../../../../tests/helpers/offerSetup.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { partitaIvaCheckDigit } from '../../../domain/partitaIva.ts';

type Headers = { authorization: string };
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedOfferConfig>>;
let crm: Headers;
let seller: Headers;
let otherSeller: Headers;
let supervisor: Headers;
let admin: Headers;
let inventory: Headers;

beforeAll(async () => {
  t = await testApp();
  ids = await seedOfferConfig(t);
  crm = await t.as(['ROLE_USER_CRM'], 'ivo.crm');
  seller = await t.as(['ROLE_COMMERCIALE_CP'], 'marco.conti');
  otherSeller = await t.as(['ROLE_COMMERCIALE_CP'], 'altro.venditore');
  supervisor = await t.as(['ROLE_SUPERVISOR_CP'], 'giulia.ferri');
  admin = await t.as(['ROLE_ADMIN'], 'anna.admin');
  inventory = await t.as(['ROLE_USER_INVENTARIO_MEZZI'], 'solo.inventario');
  await t.ctx.db.query(`UPDATE "user" SET name = 'Marco', surname = 'Conti' WHERE username = 'marco.conti'`);
});
afterAll(() => t.close());

const call = (headers: Headers, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const historyOf = async (headers: Headers, resource: string, id: number, query = '') => {
  const res = await call(headers, 'GET', `/api/history/${resource}/${id}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: { event: string; user: string | null; resource: string; requestId: string | null; changes: Change[] }[];
    next: number | null;
  }>();
};
type Change = { field: string; from: unknown; to: unknown; fromLabel?: unknown; toLabel?: unknown };
const storedRows = async () =>
  Number((await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "storico"`)).rows[0]?.n);

let vatSeed = 1000000;
/** A valid VAT number no other customer of the test has. */
const newVat = () => {
  const first10 = String(vatSeed++).padStart(10, '0');
  return `${first10}${partitaIvaCheckDigit(first10)}`;
};

async function customer(body: object = {}) {
  const res = await call(crm, 'POST', '/api/customers', {
    companyName: 'Edilizia Brambilla S.r.l.',
    vatNumber: newVat(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, unknown> & { id: number };
}

describe('a record’s history, written by the server with the change', () => {
  it("a customer's VAT change is one entry with only that field, old → new, by who and in which request", async () => {
    const [oldVat, newVatNumber] = [newVat(), newVat()];
    const c = await customer({ vatNumber: oldVat });
    const res = await call(crm, 'PUT', `/api/customers/${c.id}`, { ...c, vatNumber: newVatNumber });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = await historyOf(crm, 'customer', c.id);
    expect(data.map((e) => e.event)).toEqual(['modifica', 'creazione']);
    expect(data[0]).toMatchObject({
      user: 'Prova Test',
      changes: [{ field: 'vatNumber', from: oldVat, to: newVatNumber }],
    });
    expect(data[0]?.requestId).toBeTruthy();
    // The creation holds what was typed; never a server stamp (who, when, version).
    const created = data[1]?.changes.map((ch) => ch.field) ?? [];
    expect(created).toEqual(expect.arrayContaining(['companyName', 'vatNumber']));
    expect(created).not.toContain('updated');
    expect(created).not.toContain('version');
  });

  it('a save that changes nothing leaves no entry', async () => {
    const c = await customer();
    const before = await storedRows();
    expect((await call(crm, 'PUT', `/api/customers/${c.id}`, c)).statusCode).toBe(200);
    expect(await storedRows()).toBe(before);
  });

  it('a reference keeps the name it had then, after the referenced record is renamed', async () => {
    const agent = Number((await t.ctx.resource('Agent').repo.create({ name: 'Luca Verdi', code: 'AG01' })).id);
    const c = await customer();
    expect((await call(crm, 'PUT', `/api/customers/${c.id}`, { ...c, agentId: agent })).statusCode).toBe(200);
    await t.ctx.resource('Agent').repo.update(agent, { name: 'Luca Verdi Junior' });
    const [entry] = (await historyOf(crm, 'customer', c.id)).data;
    expect(entry?.changes).toEqual([
      { field: 'agentId', from: null, to: agent, fromLabel: null, toLabel: 'Luca Verdi' },
    ]);
    // The agent's own history has the rename.
    const renamed = (await historyOf(admin, 'agent', agent)).data[0];
    expect(renamed?.changes).toEqual([{ field: 'name', from: 'Luca Verdi', to: 'Luca Verdi Junior' }]);
    expect(renamed?.user).toBeNull();
  });

  it("a negotiation's state change and its offer's discount each give an entry with old → new", async () => {
    const stato = Number((await t.ctx.resource('StatoTrattativa').repo.create({ description: 'Vinta' })).id);
    const created = await call(seller, 'POST', '/api/trattative_cp', {
      ragioneSociale: 'Edilizia Brambilla S.r.l.',
      partitaIva: '00743110157',
      email: 'paolo@ediliziabrambilla.it',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const read = (await call(seller, 'GET', `/api/trattative_cp/${id}`)).json().data;
    const put = await call(seller, 'PUT', `/api/trattative_cp/${id}`, { ...read, statoTrattativaId: stato });
    expect(put.statusCode, put.body).toBe(200);
    const offer = async (sconto: number) =>
      call(
        seller,
        'PUT',
        `/api/trattative_cp/${id}/offerta`,
        await asRead(t, id, { ...fullOffer(ids), scontoPercentuale: sconto }),
      );
    expect((await offer(2)).statusCode).toBe(200);
    expect((await offer(4)).statusCode).toBe(200);
    const { data } = await historyOf(seller, 'trattativaCp', id);
    const changeOf = (field: string) => data.flatMap((e) => e.changes).find((c) => c.field === field);
    expect(data[0]?.changes).toContainEqual({ field: 'scontoPercentuale', from: 2, to: 4 });
    // The negotiation holds its insurance's code: the entry keeps the insurance's name beside it.
    const insured = await call(
      seller,
      'PUT',
      `/api/trattative_cp/${id}/offerta`,
      await asRead(t, id, { ...fullOffer(ids), scontoPercentuale: 4, assicurazioneTipo: 'FULL' }),
    );
    expect(insured.statusCode, insured.body).toBe(200);
    const after = (await historyOf(seller, 'trattativaCp', id)).data;
    expect(after[0]?.changes).toContainEqual({
      field: 'assicurazioneTipo',
      from: 'BASE',
      to: 'FULL',
      fromLabel: 'Base',
      toLabel: 'Full',
    });
    expect(changeOf('statoTrattativaId')).toEqual({
      field: 'statoTrattativaId',
      from: null,
      to: stato,
      fromLabel: null,
      toLabel: 'Vinta',
    });
    // "solo lo stato": only the entries that change it.
    const only = await historyOf(seller, 'trattativaCp', id, '?field=statoTrattativaId');
    expect(only.data).toHaveLength(1);
    // The document token is never kept.
    expect(data.flatMap((e) => e.changes).some((c) => c.field === 'documentToken')).toBe(false);
  });

  it('an archive is an event of its own', async () => {
    const created = await call(seller, 'POST', '/api/trattative_cp', { ragioneSociale: 'Rota Costruzioni' });
    const id = created.json().data.id as number;
    const res = await call(seller, 'PUT', `/api/trattative_cp/${id}/archiviata`, { archiviata: 'Y' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await historyOf(seller, 'trattativaCp', id)).data;
    expect(entry).toMatchObject({ event: 'archiviazione', changes: [{ field: 'archiviata', from: 'N', to: 'Y' }] });
  });

  it('a deletion is an event of its own, kept after the record is gone', async () => {
    const c = await customer({ companyName: 'Da eliminare S.r.l.' });
    expect((await call(crm, 'DELETE', `/api/customers/${c.id}`)).statusCode).toBe(204);
    const rows = await t.ctx.db.query<{ evento: string; campi: Record<string, unknown> }>(
      `SELECT evento, campi FROM "storico" WHERE risorsa = 'customer' AND "recordId" = $1 ORDER BY id`,
      [c.id],
    );
    expect(rows.rows.map((r) => r.evento)).toEqual(['creazione', 'eliminazione']);
    expect(rows.rows[1]?.campi.companyName).toEqual(['Da eliminare S.r.l.', null]);
  });

  it('never keeps a secret: a password change leaves no hash nor token in the history', async () => {
    const u = await call(admin, 'POST', '/api/users', {
      username: 'nuovo.utente',
      email: 'nuovo@prova.it',
      name: 'Nuovo',
      surname: 'Utente',
      password: 'Segreta123!',
      confirmPassword: 'Segreta123!',
      roles: ['ROLE_USER_CRM'],
    });
    expect(u.statusCode, u.body).toBe(201);
    const rows = await t.ctx.db.query<{ campi: unknown }>(
      `SELECT campi FROM "storico" WHERE risorsa = 'user' AND "recordId" = $1`,
      [u.json().data.id],
    );
    const text = JSON.stringify(rows.rows);
    expect(text).toContain('nuovo.utente');
    expect(text).not.toMatch(/password|Segreta|tokenVersion|\$argon|\$2[aby]\$/i);
  });
});

describe('who may read a history', () => {
  it('whoever may not read the record gets 403 or 404, as on the record itself', async () => {
    const created = await call(seller, 'POST', '/api/trattative_cp', { ragioneSociale: 'Solo di Marco' });
    const id = created.json().data.id as number;
    const record = await call(otherSeller, 'GET', `/api/trattative_cp/${id}`);
    const history = await call(otherSeller, 'GET', `/api/history/trattativaCp/${id}`);
    expect(record.statusCode).toBe(404);
    expect(history.statusCode).toBe(404);
    expect((await call(inventory, 'GET', `/api/history/trattativaCp/${id}`)).statusCode).toBe(403);
    // A customer is a lookup every user may pick: its history shows them only what its picker shows.
    const c = await customer();
    await call(crm, 'PUT', `/api/customers/${c.id}`, { ...c, vatNumber: newVat(), companyName: 'Nuovo nome' });
    const seen = (await historyOf(inventory, 'customer', c.id)).data.flatMap((e) => e.changes.map((ch) => ch.field));
    const projection = t.ctx.readableFields('Customer', ['ROLE_USER_INVENTARIO_MEZZI']) ?? [];
    expect(projection.length).toBeGreaterThan(0);
    expect(seen).toContain('companyName');
    expect(seen.every((f) => projection.includes(f))).toBe(true);
    expect(seen).not.toContain('email');
    expect((await t.app.inject({ method: 'GET', url: `/api/history/trattativaCp/${id}` })).statusCode).toBe(401);
    expect((await historyOf(supervisor, 'trattativaCp', id)).data).toHaveLength(1);
  });

  it('a resource without history, or an unknown one, is a 404; a page is bounded', async () => {
    expect((await call(admin, 'GET', `/api/history/email/1`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/history/nonEsiste/1`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/history/customer/1?rowsPerPage=1000`)).statusCode).toBe(400);
    const c = await customer();
    for (const name of ['Uno', 'Due', 'Tre']) await t.ctx.resource('Customer').repo.update(c.id, { companyName: name });
    const first = await historyOf(crm, 'customer', c.id, '?rowsPerPage=2');
    expect(first.data).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const rest = await historyOf(crm, 'customer', c.id, `?rowsPerPage=2&before=${first.next}`);
    expect(rest.data.map((e) => e.event)).toEqual(['modifica', 'creazione']);
    expect(rest.next).toBeNull();
  });
});

describe('the history is append-only', () => {
  it('no statement can change or delete a history row, nor empty the table', async () => {
    const c = await customer();
    const before = await t.ctx.db.query(`SELECT * FROM "storico" WHERE "recordId" = $1 AND risorsa = 'customer'`, [
      c.id,
    ]);
    await expect(t.ctx.db.query(`UPDATE "storico" SET utente = 'Qualcun altro'`)).rejects.toThrow(/storico/);
    await expect(t.ctx.db.query(`DELETE FROM "storico"`)).rejects.toThrow(/storico/);
    await expect(t.ctx.db.query(`TRUNCATE "storico"`)).rejects.toThrow(/storico/);
    const after = await t.ctx.db.query(`SELECT * FROM "storico" WHERE "recordId" = $1 AND risorsa = 'customer'`, [
      c.id,
    ]);
    expect(after.rows).toEqual(before.rows);
  });

  it('no operation of the contract writes the history: its one call reads', () => {
    const paths = t.ctx.contract.operations.filter((o) => o.url.includes('history'));
    expect(paths.map((o) => `${o.method} ${o.operationId}`)).toEqual(['GET readRecordHistory']);
  });
});
