import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubEvent } from '../../../../generated/entities.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { romeToday } from '../../../domain/calendar/index.ts';
import { partitaIvaCheckDigit } from '../../../domain/partitaIva.ts';

type Headers = { authorization: string };
let t: TestApp;
const users: Record<string, { headers: Headers; id: number }> = {};
let groupId = 0;

async function user(key: string, roles: string[]) {
  const headers = await t.as(roles, key);
  const id = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).json().data.id as number;
  users[key] = { headers, id };
}

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: users[who]?.headers, ...(payload ? { payload } : {}) });

async function create(who: string, body: Record<string, unknown>): Promise<number> {
  const res = await call(who, 'POST', '/api/trattative_cp', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const idsOf = async (who: string, query = '') =>
  ((await call(who, 'GET', `/api/trattative_cp?archiviata=${query}`)).json().data as { id: number }[]).map((r) => r.id);

beforeAll(async () => {
  t = await testApp();
  groupId = Number((await t.ctx.resource('GruppoCrm').repo.create({ description: 'Area Lombardia' })).id);
  await user('cp.anna', ['ROLE_USER_CP']);
  await user('cp.bruno', ['ROLE_USER_CP']);
  await user('comm.carla', ['ROLE_COMMERCIALE_CP']);
  await user('sup.dario', ['ROLE_SUPERVISOR_CP']);
  await user('adm.elena', ['ROLE_ADMIN']);
  await user('master.fabio', ['ROLE_MASTER']);
  await user('nl.gino', ['ROLE_NL']);
  await user('crm.ivo', ['ROLE_USER_CRM']);
  // Carla (salesperson) belongs to the Lombardy CRM group.
  await t.ctx.db.query(`UPDATE "user" SET "gruppiCrmIds" = $1::jsonb WHERE id = $2`, [
    JSON.stringify([groupId]),
    users['comm.carla']?.id,
  ]);
});
afterAll(() => t.close());

describe('a new negotiation', () => {
  it('starts with the defaults of SPEC.md section 4; a sent flag or an attachment is not the client’s to say', async () => {
    const count = async () =>
      Number((await t.ctx.db.query(`SELECT count(*)::int AS n FROM "trattativaCp"`)).rows[0]?.n);
    const before = await count();
    const forged = await call('cp.anna', 'POST', '/api/trattative_cp', {
      ragioneSociale: 'Edilizia Brambilla S.r.l.',
      offertaInviata: true,
      brochureInviata: true,
      allegati: [{ id: 1, path: '../../etc/passwd', descrizione: 'x', file: 'x' }],
    });
    expect(forged.statusCode).toBe(400);
    expect(
      forged
        .json()
        .violations.map((v: { field: string }) => v.field)
        .sort(),
    ).toEqual(['allegati', 'brochureInviata', 'offertaInviata']);
    expect(await count()).toBe(before);
    const id = await create('cp.anna', {
      ragioneSociale: 'Edilizia Brambilla S.r.l.',
      offertaInviata: false,
      brochureInviata: false,
      allegati: [],
    });
    const data = (await call('cp.anna', 'GET', `/api/trattative_cp/${id}`)).json().data;
    expect(data).toMatchObject({
      allegati: [],
      anagraficaInviata: false,
      brochureInviata: false,
      contattoMagoInviato: false,
      linkAccreditamentoInviato: false,
      offertaInviata: false,
      schedaTecnicaInviata: false,
      bozzaOffertaVisualizzata: false,
      offerta: 'N',
      archiviata: 'N',
      trasportoAbilitato: true,
      trasporto: 100,
      trasportoRitorno: 100,
      durata: null,
      operatoreId: users['cp.anna']?.id,
      codiceLingua: 'it',
    });
    expect(data.dataInserimento).toEqual(expect.any(String));
  });

  it('has its document token from its creation; a new one keeps the version, so the page can save again', async () => {
    const id = await create('cp.anna', { ragioneSociale: 'Gru Service S.r.l.', durata: 10 });
    const before = (await call('cp.anna', 'GET', `/api/trattative_cp/${id}`)).json().data;
    // The server gives it on create: the page asks for nothing more before the offer's link works.
    expect(before.documentToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const token = await call('cp.anna', 'GET', `/api/trattative_cp/create-document-token/${id}`);
    expect(token.json().data.documentToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token.json().data.documentToken).not.toBe(before.documentToken);
    // The duration left empty in the form is no duration; the save leaves out the token, which only its own
    // operations write (as the web client does).
    const { durata: _cleared, documentToken: _token, ...rest } = before;
    const saved = await call('cp.anna', 'PUT', `/api/trattative_cp/${id}`, { ...rest, note: 'Richiamare lunedì' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ durata: null, note: 'Richiamare lunedì', version: before.version + 1 });
    // Someone else's copy, now stale, gets the 409 that says to reload.
    const stale = await call('cp.anna', 'PUT', `/api/trattative_cp/${id}`, { ...rest, note: 'vecchia' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Il record è stato modificato da un altro utente: ricaricare i dati');
  });

  it('refuses unknown references and another operator chosen by a CP user, naming the fields', async () => {
    const bad = await call('cp.anna', 'POST', '/api/trattative_cp', {
      ragioneSociale: 'X',
      fonteId: 999,
      filialeId: 998,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations.map((v: { field: string }) => v.field)).toEqual(['fonteId', 'filialeId']);
    const other = await call('cp.anna', 'POST', '/api/trattative_cp', {
      ragioneSociale: 'X',
      operatoreId: users['cp.bruno']?.id,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().violations[0].field).toBe('operatoreId');
  });
});

describe('who sees which negotiation', () => {
  let anna = 0;
  let group = 0;
  let bruno = 0;
  beforeAll(async () => {
    anna = await create('cp.anna', { ragioneSociale: 'Visibile ad Anna' });
    bruno = await create('cp.bruno', { ragioneSociale: 'Visibile a Bruno' });
    group = await create('adm.elena', { ragioneSociale: 'Del gruppo Lombardia', gruppoCrmId: groupId });
  });

  it('lists for each role what it may see', async () => {
    expect(await idsOf('cp.anna')).toContain(anna);
    expect(await idsOf('cp.anna')).not.toContain(bruno);
    expect(await idsOf('cp.anna')).not.toContain(group);
    expect(await idsOf('cp.bruno')).toEqual(expect.arrayContaining([bruno]));
    expect(await idsOf('cp.bruno')).not.toContain(anna);
    expect(await idsOf('comm.carla')).toEqual([group]);
    for (const who of ['sup.dario', 'adm.elena', 'master.fabio'])
      expect(await idsOf(who)).toEqual(expect.arrayContaining([anna, bruno, group]));
    // The count is of the visible rows too.
    expect((await call('comm.carla', 'GET', '/api/trattative_cp?page=1&rowsPerPage=10')).json().totalRows).toBe(1);
  });

  it('answers 404 for someone else’s negotiation on every call by id, and changes nothing', async () => {
    const stored = (await call('cp.bruno', 'GET', `/api/trattative_cp/${bruno}`)).json().data;
    const refused = [
      await call('cp.anna', 'GET', `/api/trattative_cp/${bruno}`),
      await call('cp.anna', 'PUT', `/api/trattative_cp/${bruno}`, { ...stored, note: 'preso' }),
      await call('cp.anna', 'DELETE', `/api/trattative_cp/${bruno}`),
      await call('cp.anna', 'PUT', `/api/trattative_cp/${bruno}/archiviata`, { archiviata: 'Y' }),
      await call('cp.anna', 'GET', `/api/trattative_cp/create-document-token/${bruno}`),
      await call('cp.anna', 'PUT', `/api/trattative-cp/${bruno}/save-offer-status-lost`, {
        motivoPersaId: 1,
        statoOffertaId: 1,
      }),
      await call('cp.anna', 'POST', '/api/trattative_cp/invia-anagrafica', {
        idTrattativaCp: bruno,
        email: ['a@prova.it'],
      }),
      await call('comm.carla', 'GET', `/api/trattative_cp/${anna}`),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect((await call('cp.bruno', 'GET', `/api/trattative_cp/${bruno}`)).json().data).toEqual(stored);
    const outbox = await t.ctx.db.query(`SELECT 1 FROM email WHERE "causeId" = $1`, [bruno]);
    expect(outbox.rows).toEqual([]);
    // Roles without negotiations get 403 from the access table.
    expect((await call('crm.ivo', 'GET', '/api/trattative_cp')).statusCode).toBe(403);
  });

  it('exports only the visible rows', async () => {
    const res = await call('comm.carla', 'GET', '/api/export/trattativaCp');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(2);
  });
});

describe('reassign, lost offer, archive', () => {
  it('lets admins, super admins and ROLE_NL reassign, refuses the others with 403 and bad users by name', async () => {
    const id = await create('cp.anna', { ragioneSociale: 'Da riassegnare' });
    const to = { userRiassegnazioneTrattativaCpId: users['cp.bruno']?.id };
    for (const who of ['cp.anna', 'sup.dario', 'comm.carla', 'master.fabio'])
      expect((await call(who, 'PUT', `/api/trattative_cp/riassegna/${id}`, to)).statusCode).toBe(403);
    const byNl = await call('nl.gino', 'PUT', `/api/trattative_cp/riassegna/${id}`, to);
    expect(byNl.statusCode, byNl.body).toBe(200);
    expect(byNl.json().data.operatoreId).toBe(users['cp.bruno']?.id);
    expect(await idsOf('cp.anna')).not.toContain(id);
    expect(await idsOf('cp.bruno')).toContain(id);
    const back = await call('adm.elena', 'PUT', `/api/trattative_cp/riassegna/${id}`, {
      userRiassegnazioneTrattativaCpId: users['cp.anna']?.id,
    });
    expect(back.json().data.operatoreId).toBe(users['cp.anna']?.id);

    const unknown = await call('adm.elena', 'PUT', `/api/trattative_cp/riassegna/${id}`, {
      userRiassegnazioneTrattativaCpId: 99999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().violations).toEqual([
      { field: 'userRiassegnazioneTrattativaCpId', message: "L'utente scelto non esiste" },
    ]);
    await t.ctx.db.query(`UPDATE "user" SET active = 'false' WHERE id = $1`, [users['cp.bruno']?.id]);
    try {
      const inactive = await call('adm.elena', 'PUT', `/api/trattative_cp/riassegna/${id}`, to);
      expect(inactive.json().violations[0].message).toBe("L'utente scelto non è attivo: sceglierne un altro");
    } finally {
      await t.ctx.db.query(`UPDATE "user" SET active = 'true' WHERE id = $1`, [users['cp.bruno']?.id]);
    }
    const notCp = await call('adm.elena', 'PUT', `/api/trattative_cp/riassegna/${id}`, {
      userRiassegnazioneTrattativaCpId: users['crm.ivo']?.id,
    });
    expect(notCp.json().violations[0].message).toBe("L'utente scelto non lavora sulle trattative");
    expect((await call('cp.anna', 'GET', `/api/trattative_cp/${id}`)).json().data.operatoreId).toBe(
      users['cp.anna']?.id,
    );
  });

  it('offers as operators only the active users the reassignment accepts, and only to who may reassign', async () => {
    for (const who of ['cp.anna', 'sup.dario', 'comm.carla', 'crm.ivo'])
      expect((await call(who, 'GET', '/api/trattative_cp/riassegna/operatori')).statusCode).toBe(403);
    await t.ctx.db.query(`UPDATE "user" SET active = 'false' WHERE id = $1`, [users['cp.bruno']?.id]);
    try {
      const res = await call('nl.gino', 'GET', '/api/trattative_cp/riassegna/operatori');
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json().data as { id: number; nome: string }[]).map((u) => u.id);
      expect(ids).toContain(users['cp.anna']?.id);
      expect(ids).not.toContain(users['cp.bruno']?.id);
      expect(ids).not.toContain(users['crm.ivo']?.id);
      expect(Object.keys(res.json().data[0] as object).sort()).toEqual(['id', 'nome']);
    } finally {
      await t.ctx.db.query(`UPDATE "user" SET active = 'true' WHERE id = $1`, [users['cp.bruno']?.id]);
    }
  });

  it('finds operators by the words of their name and surname (no case, no accents), at most 50 with «more», for ROLE_NL', async () => {
    const bruno = users['cp.bruno']?.id;
    const { rows: was } = await t.ctx.db.query<{ name: string; surname: string }>(
      `SELECT name, surname FROM "user" WHERE id = $1`,
      [bruno],
    );
    await t.ctx.db.query(`UPDATE "user" SET name = 'Niccolò', surname = 'Ferrà' WHERE id = $1`, [bruno]);
    const many = Array.from({ length: 52 }, (_, i) => i);
    try {
      const found = async (q: string) => {
        const res = await call('nl.gino', 'GET', `/api/trattative_cp/riassegna/operatori?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ data: { id: number; nome: string }[]; more: boolean }>();
      };
      expect((await found('nicco FERRA')).data).toEqual([{ id: users['cp.bruno']?.id, nome: 'Niccolò Ferrà' }]);
      expect((await found('Niccolò Rossi')).data).toEqual([]);
      // A word is a text, never a pattern: % and _ match themselves.
      expect((await found('%')).data).toEqual([]);
      for (const i of many)
        await t.ctx.db.query(
          `INSERT INTO "user" (username, name, surname, roles, active) VALUES ($1, 'Operatore', $2, '["ROLE_USER_CP"]'::jsonb, 'true')`,
          [`op.${i}`, `Numero ${String(i).padStart(2, '0')}`],
        );
      const page = await found('operatore');
      expect(page.data).toHaveLength(50);
      expect(page.more).toBe(true);
      expect(page.data[0]?.nome).toBe('Operatore Numero 00');
      expect((await found('operatore numero 51')).more).toBe(false);
      const tooMany = await call('nl.gino', 'GET', '/api/trattative_cp/riassegna/operatori?q=a b c d e f g h i');
      expect(tooMany.statusCode).toBe(400);
      expect((await call('cp.anna', 'GET', '/api/trattative_cp/riassegna/operatori?q=nicco')).statusCode).toBe(403);
    } finally {
      await t.ctx.db.query(`DELETE FROM "user" WHERE username = ANY($1)`, [many.map((i) => `op.${i}`)]);
      await t.ctx.db.query(`UPDATE "user" SET name = $1, surname = $2 WHERE id = $3`, [
        was[0]?.name,
        was[0]?.surname,
        bruno,
      ]);
    }
  });

  it('saves a lost offer with its reason, status and notes; refuses unknown ones', async () => {
    const id = await create('cp.anna', { ragioneSociale: 'Persa' });
    const motivo = Number((await t.ctx.resource('MotivoPerso').repo.create({ description: 'Prezzo troppo alto' })).id);
    const stato = Number((await t.ctx.resource('StatoOfferta').repo.create({ description: 'Persa', active: true })).id);
    const lost = await call('cp.anna', 'PUT', `/api/trattative-cp/${id}/save-offer-status-lost`, {
      motivoPersaId: motivo,
      statoOffertaId: stato,
      notePersa: 'Ha scelto un concorrente più economico',
    });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().data).toMatchObject({
      motivoPersaId: motivo,
      statoOfferta: stato,
      notePersa: 'Ha scelto un concorrente più economico',
    });
    const bad = await call('cp.anna', 'PUT', `/api/trattative-cp/${id}/save-offer-status-lost`, {
      motivoPersaId: 999,
      statoOffertaId: stato,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations[0].field).toBe('motivoPersaId');
  });

  it('archives and restores; the list shows archived ones only with archiviata Y or empty', async () => {
    const id = await create('cp.anna', { ragioneSociale: 'Da archiviare' });
    const archived = await call('cp.anna', 'PUT', `/api/trattative_cp/${id}/archiviata`, { archiviata: 'Y' });
    expect(archived.json().data.archiviata).toBe('Y');
    expect(await idsOf('cp.anna', 'N')).not.toContain(id);
    expect(await idsOf('cp.anna', 'Y')).toContain(id);
    expect(await idsOf('cp.anna', '')).toContain(id);
    await call('cp.anna', 'PUT', `/api/trattative_cp/${id}/archiviata`, { archiviata: 'N' });
    expect(await idsOf('cp.anna', 'N')).toContain(id);
  });
});

describe('VAT number check', () => {
  it('says whether the ERP knows it and lists the other negotiations with it: open first, then lost and archived', async () => {
    await t.ctx.resource('ClienteErp').repo.create({ code: '111', companyName: 'Ferrari', vatNumber: '01114601006' });
    const lostStatus = Number(
      (await t.ctx.resource('StatoTrattativa').repo.create({ description: 'Chiusa persa' })).id,
    );
    const mine = await create('cp.anna', { ragioneSociale: 'Ferrari', partitaIva: '01114601006' });
    const theirs = await create('cp.bruno', { ragioneSociale: 'Ferrari Costruzioni', partitaIva: '01114601006' });
    const archived = await create('cp.bruno', { ragioneSociale: 'Ferrari vecchia', partitaIva: '01114601006' });
    const lost = await create('cp.bruno', {
      ragioneSociale: 'Ferrari persa',
      partitaIva: '01114601006',
      statoTrattativaId: lostStatus,
    });
    await call('cp.bruno', 'PUT', `/api/trattative_cp/${archived}/archiviata`, { archiviata: 'Y' });
    const res = await call('cp.anna', 'GET', `/api/trattative_cp/partita-iva/01114601006?escludiId=${mine}`);
    expect(res.statusCode, res.body).toBe(200);
    const other = { dataInserimento: expect.any(String), operatore: 'Prova Test', accessibile: false, vista: false };
    expect(res.json().data).toEqual({
      inErp: true,
      trattative: [
        { id: theirs, ragioneSociale: 'Ferrari Costruzioni', stato: 'aperta', ...other },
        { id: lost, ragioneSociale: 'Ferrari persa', stato: 'persa', ...other },
        { id: archived, ragioneSociale: 'Ferrari vecchia', stato: 'archiviata', ...other },
      ],
    });
    const none = await call('cp.anna', 'GET', '/api/trattative_cp/partita-iva/00743110157');
    expect(none.json().data).toEqual({ inErp: false, trattative: [] });
  });

  it('an acknowledged duplicate is not asked again for the same negotiations; a new one is', async () => {
    const vat = `0228616098${partitaIvaCheckDigit('0228616098')}`;
    const mine = await create('cp.anna', { ragioneSociale: 'Rota', partitaIva: vat });
    const first = await create('cp.bruno', { ragioneSociale: 'Rota Costruzioni', partitaIva: vat });
    const unseen = async () =>
      (
        (await call('cp.anna', 'GET', `/api/trattative_cp/partita-iva/${vat}?escludiId=${mine}`)).json().data
          .trattative as { id: number; vista: boolean }[]
      )
        .filter((r) => !r.vista)
        .map((r) => r.id);
    expect(await unseen()).toEqual([first]);

    const seen = await call('cp.anna', 'PUT', `/api/trattative_cp/${mine}/partita-iva-viste`, { trattative: [first] });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.trattative).toEqual([expect.objectContaining({ id: first, vista: true })]);
    expect(await unseen()).toEqual([]);
    // Seen from this negotiation only: the other one still sees it as new.
    const fromTheirs = await call('cp.bruno', 'GET', `/api/trattative_cp/partita-iva/${vat}?escludiId=${first}`);
    expect(fromTheirs.json().data.trattative).toEqual([expect.objectContaining({ id: mine, vista: false })]);

    const second = await create('cp.bruno', { ragioneSociale: 'Rota Scavi', partitaIva: vat });
    expect(await unseen()).toEqual([second]);
  });

  it('refuses an id without that VAT number, a negotiation without one, one not visible, and other roles', async () => {
    const vat = `0338616098${partitaIvaCheckDigit('0338616098')}`;
    const mine = await create('cp.anna', { ragioneSociale: 'Bonfanti', partitaIva: vat });
    const same = await create('cp.bruno', { ragioneSociale: 'Bonfanti Scavi', partitaIva: vat });
    const elsewhere = await create('cp.bruno', { ragioneSociale: 'Altra', partitaIva: '00743110157' });
    const noVat = await create('cp.anna', { ragioneSociale: 'Senza partita IVA' });
    const stored = async () =>
      (await t.ctx.db.query(`SELECT * FROM "trattativaCpPartitaIvaVista" WHERE "trattativaCpId" = $1`, [mine])).rows;

    const wrong = await call('cp.anna', 'PUT', `/api/trattative_cp/${mine}/partita-iva-viste`, {
      trattative: [same, elsewhere],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().violations).toEqual([
      { field: 'trattative.1', message: `La trattativa ${elsewhere} non ha la partita IVA ${vat}` },
    ]);
    expect(await stored()).toEqual([]);

    const without = await call('cp.anna', 'PUT', `/api/trattative_cp/${noVat}/partita-iva-viste`, {
      trattative: [same],
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().violations[0].field).toBe('trattative');

    const empty = await call('cp.anna', 'PUT', `/api/trattative_cp/${mine}/partita-iva-viste`, { trattative: [] });
    expect(empty.statusCode).toBe(400);
    // Someone else's negotiation (not visible to Anna) is not hers to acknowledge from: 404.
    const notHers = await call('cp.anna', 'PUT', `/api/trattative_cp/${same}/partita-iva-viste`, {
      trattative: [mine],
    });
    expect(notHers.statusCode).toBe(404);
    const crm = await call('crm.ivo', 'PUT', `/api/trattative_cp/${mine}/partita-iva-viste`, { trattative: [same] });
    expect(crm.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/trattative_cp/${mine}/partita-iva-viste`,
      payload: { trattative: [same] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toEqual([]);
  });
});

describe('calendar period', () => {
  it('lists the negotiations with an insertion, callback or visit date in the period, unpaged', async () => {
    const callback = await create('cp.anna', { ragioneSociale: 'Richiamo', richiamareInData: '2030-03-10' });
    const visit = await create('cp.anna', { ragioneSociale: 'Visita', ripianificaVisita: '2030-03-12' });
    await create('cp.anna', { ragioneSociale: 'Fuori', richiamareInData: '2030-04-10' });
    const res = await call(
      'cp.anna',
      'GET',
      '/api/trattative_cp?page=0&rowsPerPage=0&archiviata=&dataDal=2030-03-09&dataAl=2030-03-15',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([callback, visit]);
    // The period is of Rome days: near midnight the UTC date is another day.
    const today = romeToday();
    const inserted = await call(
      'cp.anna',
      'GET',
      `/api/trattative_cp?page=0&rowsPerPage=0&dataDal=${today}&dataAl=${today}`,
    );
    expect(inserted.json().totalRows).toBeGreaterThan(2);
    const callbacks = await call(
      'cp.anna',
      'GET',
      '/api/trattative_cp?richiamareDal=2030-03-01&richiamareAl=2030-03-31',
    );
    expect(callbacks.json().data.map((r: { id: number }) => r.id)).toEqual([callback]);
    const reversed = await call('cp.anna', 'GET', '/api/trattative_cp?dataDal=2030-03-15&dataAl=2030-03-09');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().violations[0].field).toBe('dataAl');
  });
});

describe('sends without SMTP_URL', () => {
  it('keep the message in the outbox as not delivered and leave the flag false', async () => {
    const id = await create('cp.anna', { ragioneSociale: 'Senza posta', contatto: 'Paolo Brambilla' });
    await t.ctx.db.query(`UPDATE "user" SET name = 'Anna', surname = 'Sala' WHERE username = 'cp.anna'`);
    const res = await call('cp.anna', 'POST', '/api/trattative_cp/invia-anagrafica', {
      idTrattativaCp: id,
      email: ['paolo@ediliziabrambilla.it'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: "Email salvata ma non inviata. Invio e-mail non configurato: rivolgersi all'amministratore",
      status: 'notConfigured',
    });
    const { rows } = await t.ctx.db.query(
      `SELECT kind, status, recipient, "requestedBy" FROM email WHERE "causeEntity" = 'trattativaCp' AND "causeId" = $1`,
      [id],
    );
    expect(rows).toEqual([
      {
        kind: 'anagrafica',
        status: 'notConfigured',
        recipient: 'paolo@ediliziabrambilla.it',
        requestedBy: 'Anna Sala',
      },
    ]);
    expect((await call('cp.anna', 'GET', `/api/trattative_cp/${id}`)).json().data.anagraficaInviata).toBe(false);
  });
});

describe('live updates', () => {
  it('tells the users who see a negotiation that it was saved, with its new version and who saved it', async () => {
    const id = await create('cp.anna', { ragioneSociale: 'In tempo reale' });
    const heard = new Map<number, HubEvent[]>();
    const stops = Object.values(users).map(({ id: userId }) =>
      t.ctx.hub.subscribe([`/users/${userId}`], (e) => heard.set(userId, [...(heard.get(userId) ?? []), e])),
    );
    try {
      const stored = (await call('cp.anna', 'GET', `/api/trattative_cp/${id}`)).json().data;
      await call('cp.anna', 'PUT', `/api/trattative_cp/${id}`, { ...stored, note: 'aggiornata' });
      const event = { entity: 'trattativaCp', event: 'updated', entityId: id, version: stored.version + 1 };
      for (const who of ['cp.anna', 'sup.dario', 'adm.elena', 'master.fabio'])
        expect(heard.get(users[who]?.id ?? 0)).toEqual([expect.objectContaining({ ...event, byName: 'Prova Test' })]);
      for (const who of ['cp.bruno', 'comm.carla', 'crm.ivo']) expect(heard.get(users[who]?.id ?? 0)).toBeUndefined();
    } finally {
      for (const stop of stops) stop();
    }
  });
});

describe('business facts only their own operation writes (x-written-by)', () => {
  const ACCEPTANCE =
    "Il campo «Accettata dal cliente» non si modifica con questo salvataggio: lo scrive solo «Conferma (o rifiuto) dell'offerta da parte del cliente»";
  const stored = async (id: number) =>
    (await t.ctx.db.query(`SELECT * FROM "trattativaCp" WHERE id = $1`, [id])).rows[0] as Record<string, unknown>;

  it('salespersonCannotRecordAcceptance: the customer’s answer is refused on create and update, the record as read is saved', async () => {
    const count = async () =>
      Number((await t.ctx.db.query(`SELECT count(*)::int AS n FROM "trattativaCp"`)).rows[0]?.n);
    const before = await count();
    const created = await call('comm.carla', 'POST', '/api/trattative_cp', {
      ragioneSociale: 'Accettata da sola S.r.l.',
      acceptedByCustomer: 'Y',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      message: 'Verificare la validità dei campi',
      violations: [{ field: 'acceptedByCustomer', message: ACCEPTANCE }],
    });
    expect(await count()).toBe(before);

    const id = await create('comm.carla', { ragioneSociale: 'Ponteggi Rota S.r.l.', acceptedByCustomer: '' });
    const record = (await call('comm.carla', 'GET', `/api/trattative_cp/${id}`)).json().data;
    const forged = await call('comm.carla', 'PUT', `/api/trattative_cp/${id}`, { ...record, acceptedByCustomer: 'Y' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().violations).toEqual([{ field: 'acceptedByCustomer', message: ACCEPTANCE }]);
    expect(await stored(id)).toMatchObject({ acceptedByCustomer: '', version: record.version });
    // The public page still takes the customer's own answer.
    const publicView = await call('comm.carla', 'GET', `/api/trattative_cp/${id}`);
    expect(publicView.json().data.acceptedByCustomer).toBe('');

    // The form sends back the record as it read it: saved, the server's fields untouched.
    const asRead = await call('comm.carla', 'PUT', `/api/trattative_cp/${id}`, { ...record, note: 'Richiamare' });
    expect(asRead.statusCode, asRead.body).toBe(200);
    expect(asRead.json().data).toMatchObject({ note: 'Richiamare', acceptedByCustomer: '', offertaInviata: false });

    // Accepted meanwhile by the customer (their own call writes it): an older copy sent back changes nothing.
    await t.ctx.db.query(`UPDATE "trattativaCp" SET "acceptedByCustomer" = 'Y' WHERE id = $1`, [id]);
    const fresh = (await call('comm.carla', 'GET', `/api/trattative_cp/${id}`)).json().data;
    const again = await call('comm.carla', 'PUT', `/api/trattative_cp/${id}`, { ...fresh, note: 'Confermata' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await stored(id)).acceptedByCustomer).toBe('Y');
    const undo = await call('comm.carla', 'PUT', `/api/trattative_cp/${id}`, {
      ...again.json().data,
      acceptedByCustomer: '',
    });
    expect(undo.statusCode).toBe(400);
    expect((await stored(id)).acceptedByCustomer).toBe('Y');
  });

  it('salespersonCannotForgeOfferFigures: discount, insurance price and sent flags only through their own calls', async () => {
    const id = await create('comm.carla', { ragioneSociale: 'Scavi Lodigiani S.r.l.' });
    const record = (await call('comm.carla', 'GET', `/api/trattative_cp/${id}`)).json().data;
    const offerSave = "lo scrive solo «Salva l'offerta della trattativa»";
    for (const [field, value] of [
      ['scontoPercentuale', 6],
      ['scontoPercentuale', 40],
      ['scontoImporto', 500],
      ['assicurazionePrezzo', 0.01],
      ['trasporto', 0],
      ['trasportoRitorno', 0],
      ['articoli', [{ id: 77, description: 'Inventato', price: 100000, selezionato: true, discountPercentage: 100 }]],
      ['offerta', 'Y'],
    ] as const) {
      const res = await call('comm.carla', 'PUT', `/api/trattative_cp/${id}`, { ...record, [field]: value });
      expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(res.json().violations).toEqual([{ field, message: expect.stringContaining(offerSave) }]);
    }
    const sent = await call('comm.carla', 'PUT', `/api/trattative_cp/${id}`, { ...record, offertaInviata: true });
    expect(sent.json().violations).toEqual([
      {
        field: 'offertaInviata',
        message: "Il campo «Offerta inviata» non si modifica con questo salvataggio: lo scrive solo «Invia l'offerta»",
      },
    ]);
    const lost = await call('comm.carla', 'PUT', `/api/trattative_cp/${id}`, { ...record, statoOfferta: 1 });
    expect(lost.statusCode).toBe(400);
    expect(await stored(id)).toMatchObject({
      scontoPercentuale: null,
      scontoImporto: null,
      assicurazionePrezzo: null,
      trasporto: 100,
      trasportoRitorno: 100,
      articoli: [],
      offerta: 'N',
      offertaInviata: false,
      statoOfferta: null,
      version: record.version,
    });
  });
});
