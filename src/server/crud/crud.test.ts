import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, testApp, type TestApp } from '../../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN']);
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: admin,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

describe('generic CRUD, driven by the schemas', () => {
  it('creates ignoring the id, keeps codiceLingua, reads, updates and deletes', async () => {
    const created = await call('POST', '/api/fonti', {
      id: 999,
      description: 'Sito web',
      ordinamento: 2,
      codiceLingua: 'en',
    });
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      description: 'Sito web',
      ordinamento: 2,
      codiceLingua: 'en',
      coloreSfondo: '#FFFFFF',
      coloreCarattere: '#000000',
    });
    expect(data.id).not.toBe(999);
    expect((await call('GET', `/api/fonti/${data.id}`)).json().data.description).toBe('Sito web');
    const updated = await call('PUT', `/api/fonti/${data.id}`, {
      description: 'Sito internet',
      coloreSfondo: '#FFEEDD',
    });
    expect(updated.json().data).toMatchObject({
      description: 'Sito internet',
      coloreSfondo: '#FFEEDD',
      ordinamento: 2,
    });
    expect((await call('DELETE', `/api/fonti/${data.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/fonti/${data.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/fonti/${data.id}`)).statusCode).toBe(404);
  });

  it('defaults codiceLingua to it', async () => {
    expect((await call('POST', '/api/nations', { name: 'Italia', code: 'IT' })).json().data.codiceLingua).toBe('it');
  });

  describe('lists', () => {
    beforeAll(async () => {
      for (const [name, code] of [
        ['Luca Verdi', 'AG01'],
        ['Francesca Galli', 'AG02'],
        ['Marco Ferri', 'AG03'],
        ['Chiara Lombardi', 'AG04'],
        ['Luca Neri', 'AG05'],
      ]) {
        await call('POST', '/api/agents', { name, code });
      }
    });
    const list = async (qs: string) =>
      (await call('GET', `/api/agents?${qs}`)).json<{ data: { name: string; code: string }[]; totalRows: number }>();

    it('filters by contained text, case-insensitively, ignoring empty values', async () => {
      const r = await list('filters[name]=LUCA&filters[code]=');
      expect(r.data.map((a) => a.name).sort()).toEqual(['Luca Neri', 'Luca Verdi']);
      expect(r.totalRows).toBe(2);
    });
    it('sorts by sortBy and descending (0/1), and by the schema default otherwise', async () => {
      expect((await list('sortBy=code&descending=1')).data.map((a) => a.code)).toEqual([
        'AG05',
        'AG04',
        'AG03',
        'AG02',
        'AG01',
      ]);
      expect((await list('sortBy=code&descending=0')).data[0]?.code).toBe('AG01');
      expect((await list('')).data.map((a) => a.name)[0]).toBe('Chiara Lombardi');
    });
    it('pages with page and rowsPerPage, and totalRows counts every match', async () => {
      const p2 = await list('sortBy=code&page=2&rowsPerPage=2');
      expect(p2.data.map((a) => a.code)).toEqual(['AG03', 'AG04']);
      expect(p2.totalRows).toBe(5);
      const past = await list('sortBy=code&page=9&rowsPerPage=2');
      expect(past).toEqual({ data: [], totalRows: 5 });
    });
    it('returns everything with page=0&rowsPerPage=0', async () => {
      expect((await list('page=0&rowsPerPage=0')).data).toHaveLength(5);
    });
    it('treats % and _ in a filter as plain characters', async () => {
      expect((await list('filters[name]=%25')).totalRows).toBe(0);
      expect((await list('filters[name]=_')).totalRows).toBe(0);
    });
    it('filters a field of a closed list (Si/No) by its value, not by contained text', async () => {
      for (const [description, active] of [
        ['Gru a torre', 'Y'],
        ['Nessuna attrezzatura', 'N'],
      ])
        expect(
          (await call('POST', '/api/gruppi-risorse', { resourceGroup: description, description, active })).statusCode,
        ).toBe(201);
      const groups = async (qs: string) =>
        (await call('GET', `/api/gruppi-risorse?${qs}`))
          .json<{ data: { description: string }[] }>()
          .data.map((g) => g.description);
      expect(await groups('filters[active]=N')).toEqual(['Nessuna attrezzatura']);
      expect(await groups('filters[active]=Y')).toEqual(['Gru a torre']);
      // As contained text, case aside, n would have found the N.
      expect(await groups('filters[active]=n')).toEqual([]);
    });
  });

  describe('the exceptions of SPEC.md section 7', () => {
    it('insurances: listed at /api/assicurazioni, written at /api/insurances', async () => {
      const created = await call('POST', '/api/insurances', {
        code: 'BASE',
        name: 'Base',
        percentage: 8,
        defaultInsurance: true,
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id;
      expect((await call('GET', '/api/assicurazioni?sortBy=code')).json().data).toEqual([
        expect.objectContaining({ code: 'BASE', defaultInsurance: true }),
      ]);
      expect(
        (await call('PUT', `/api/insurances/${id}`, { code: 'BASE', name: 'Base plus', percentage: 9 })).json().data
          .name,
      ).toBe('Base plus');
      expect((await call('DELETE', `/api/insurances/${id}`)).statusCode).toBe(204);
    });

    it('stati-offerte: read-only, only the active ones unless the filter says otherwise', async () => {
      const { repo } = t.ctx.resource('StatoOfferta');
      await repo.create({ description: 'Inviata', active: true, ordinamento: 1 });
      await repo.create({ description: 'Vecchio stato', active: false, ordinamento: 2 });
      expect(
        (await call('GET', '/api/stati-offerte')).json().data.map((s: { description: string }) => s.description),
      ).toEqual(['Inviata']);
      expect(
        (await call('GET', '/api/stati-offerte?filters[active]=false'))
          .json()
          .data.map((s: { description: string }) => s.description),
      ).toEqual(['Vecchio stato']);
      expect((await call('POST', '/api/stati-offerte', { description: 'x' })).statusCode).toBe(404);
    });

    it('altre-configurazioni: one record, listed and updated, never created or deleted', async () => {
      // The server creates it on its first start, with the schema's defaults.
      const list = (await call('GET', '/api/altre-configurazioni')).json().data;
      expect(list).toEqual([expect.objectContaining({ maxScontoOfferta: 5, giorniValiditaOfferta: 30 })]);
      const row = list[0];
      const updated = await call('PUT', `/api/altre-configurazioni/${String(row.id)}`, {
        maxScontoOfferta: 7.5,
        giorniValiditaOfferta: 15,
        codiceClienteListini: '111',
      });
      expect(updated.json().data).toMatchObject({
        maxScontoOfferta: 7.5,
        giorniValiditaOfferta: 15,
        codiceClienteListini: '111',
      });
      expect(
        (
          await call('PUT', `/api/altre-configurazioni/${String(row.id)}`, {
            maxScontoOfferta: 120,
            giorniValiditaOfferta: 15,
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await call('POST', '/api/altre-configurazioni', { maxScontoOfferta: 1, giorniValiditaOfferta: 1 })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/altre-configurazioni/${String(row.id)}`)).statusCode).toBe(404);
    });

    it('filiali-inventari/{id} reads a filiale-inventario', async () => {
      const id = (await call('POST', '/api/filiali-inventario', { nome: 'Milano Nord', codiceMago: 'MI01' })).json()
        .data.id;
      expect((await call('GET', `/api/filiali-inventari/${id}`)).json().data).toMatchObject({
        nome: 'Milano Nord',
        codiceMago: 'MI01',
      });
    });
  });
});

describe('no lost updates', () => {
  it('answers 409 to an update of a version that is no longer current, and keeps the newer data', async () => {
    const created = (await call('POST', '/api/commerciali', { description: 'Francesca Galli', ordinamento: 1 })).json()
      .data;
    expect(created.version).toBe(1);
    const first = await call('PUT', `/api/commerciali/${created.id}`, {
      ...created,
      description: 'Francesca Galli (Milano)',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.version).toBe(2);
    // A second user still holds version 1.
    const stale = await call('PUT', `/api/commerciali/${created.id}`, { ...created, description: 'Francesca G.' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Il record è stato modificato da un altro utente: ricaricare i dati');
    expect((await call('GET', `/api/commerciali/${created.id}`)).json().data).toMatchObject({
      description: 'Francesca Galli (Milano)',
      version: 2,
    });
    expect((await call('PUT', '/api/commerciali/99999', { ...created })).statusCode).toBe(404);
  });
});

describe('unique fields (x-resource.unique)', () => {
  it('refuses a duplicate code, whatever its case, on create and on update, with the message on the field', async () => {
    const first = await call('POST', '/api/tech-codes', { name: 'Paolo Riva', code: 'TC-UNI' });
    expect(first.statusCode).toBe(201);
    const dup = await call('POST', '/api/tech-codes', { name: 'Altro tecnico', code: 'tc-uni' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 409,
      message: 'Esiste già un record con questi dati',
      violations: [{ field: 'code', message: 'Valore già presente in un altro record' }],
    });
    const other = (await call('POST', '/api/tech-codes', { name: 'Altro tecnico', code: 'TC-UNI-2' })).json().data;
    const update = await call('PUT', `/api/tech-codes/${other.id}`, { ...other, code: 'TC-UNI' });
    expect(update.statusCode).toBe(409);
    expect((await call('GET', `/api/tech-codes/${other.id}`)).json().data.code).toBe('TC-UNI-2');
  });

  it('lets several records leave a unique field empty', async () => {
    expect((await call('POST', '/api/agents', { name: 'Senza codice 1', code: '' })).statusCode).toBe(201);
    expect((await call('POST', '/api/agents', { name: 'Senza codice 2', code: '' })).statusCode).toBe(201);
  });
});

describe('a day filter on a date-time is a day in Rome', () => {
  it('finds what happened between midnight and midnight in Rome, whatever the UTC date, summer and winter', async () => {
    const calls = t.ctx.resource('MissedCall').repo;
    // 23:30 UTC in summer is 01:30 the next day in Rome; 22:30 UTC in summer is 00:30 the next day.
    for (const [senderPhone, receivedAt] of [
      ['0211111111', '2025-09-24T21:59:00Z'],
      ['0222222222', '2025-09-24T22:30:00Z'],
      ['0233333333', '2025-09-25T21:30:00Z'],
      ['0244444444', '2025-12-31T23:30:00Z'],
    ]) {
      // Missed calls are written by the telephone system, not by a user: every field is the server's own.
      const call = { senderPhone, receivedAt, internal: 'N', recalled: 'N', operator: '', duration: 10, note: '' };
      await calls.create({}, call);
    }
    const phones = async (day: string) =>
      (
        (await call('GET', `/api/missed-calls?receivedAt=${day}&rowsPerPage=0&page=0`)).json().data as {
          senderPhone: string;
        }[]
      )
        .map((c) => c.senderPhone)
        .sort();
    expect(await phones('2025-09-24')).toEqual(['0211111111']);
    expect(await phones('2025-09-24')).toEqual(['0211111111']);
    expect(await phones('2025-09-25')).toEqual(['0222222222', '0233333333']);
    expect(await phones('2026-01-01')).toEqual(['0244444444']);
    expect(await phones('2025-12-31')).toEqual([]);
  });

  it('refuses a day that does not exist with 400, naming the filter', async () => {
    const res = await call('GET', '/api/missed-calls?filters[receivedAt]=2025-02-30');
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([
      { field: 'filters.receivedAt', message: 'deve essere una data AAAA-MM-GG' },
    ]);
  });
});

describe('a date range filter (<field>From, <field>To): inclusive days', () => {
  it('keeps the days between the two ends, on a date-time (days in Rome) as on a date', async () => {
    const phones = async (query: string) =>
      ((await call('GET', `/api/missed-calls?${query}&rowsPerPage=0&page=0`)).json().data as { senderPhone: string }[])
        .map((c) => c.senderPhone)
        .sort();
    // The calls of the test above: 24 (Rome), 25, 25 (Rome) September and 1 January.
    expect(await phones('filters[receivedAtFrom]=2025-09-25&filters[receivedAtTo]=2025-09-25')).toEqual([
      '0222222222',
      '0233333333',
    ]);
    expect(await phones('filters[receivedAtFrom]=2025-09-24&filters[receivedAtTo]=2025-09-24')).toEqual(['0211111111']);
    expect(await phones('filters[receivedAtFrom]=2025-12-01')).toEqual(['0244444444']);
    expect(await phones('filters[receivedAtTo]=2025-09-24')).toEqual(['0211111111']);
  });

  it('refuses an end that is not a day, naming it', async () => {
    const res = await call('GET', '/api/missed-calls?filters[receivedAtTo]=ieri');
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([
      { field: 'filters.receivedAtTo', message: 'deve essere una data AAAA-MM-GG' },
    ]);
  });
});

describe('fields the server fills (x-server-set)', () => {
  it('writes the time and the user of the creation and of the last change, whatever the client sends', async () => {
    await t.as(['ROLE_SUPERVISOR_INVENTARIO_MEZZI'], 'capo.inventario');
    // An inventory belongs to a branch of its creator (issue 18).
    const branch = await t.ctx.resource('FilialeInventario').repo.create({ nome: 'Lodi', codiceMago: 'LO01' });
    await t.ctx.db.query(`UPDATE "user" SET "filialiIds" = $1::jsonb WHERE username = 'capo.inventario'`, [
      JSON.stringify([branch.id]),
    ]);
    await t.as(['ROLE_ADMIN'], 'altro.admin');
    // People are shown by their names: the fields hold the full name, as the token of a new sign-in has it.
    const named = async (username: string, name: string, surname: string) => {
      await t.ctx.db.query(`UPDATE "user" SET name = $2, surname = $3 WHERE username = $1`, [username, name, surname]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/login_check',
        payload: { username, password: TEST_PASSWORD },
      });
      return { authorization: `Bearer ${res.json().token}` };
    };
    const creatorNamed = await named('capo.inventario', 'Carla', 'Capo');
    const updaterNamed = await named('altro.admin', 'Aldo', 'Altieri');
    const before = Date.now();
    const forged = { created: '2000-01-01T00:00:00.000Z', createdBy: 'intruso', updated: null, updatedBy: 'intruso' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventari_mezzi',
      headers: creatorNamed,
      payload: { filialeInventarioId: branch.id, ...forged },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created.createdBy).toBe('Carla Capo');
    expect(created.updatedBy).toBe('Carla Capo');
    expect(Date.parse(created.created)).toBeGreaterThanOrEqual(before - 1000);
    expect(created.updated).toBe(created.created);

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/inventari_mezzi/${created.id}`,
      headers: updaterNamed,
      payload: { ...created, ...forged },
    });
    expect(changed.statusCode).toBe(200);
    const after = changed.json().data;
    expect(after.created).toBe(created.created);
    expect(after.createdBy).toBe('Carla Capo');
    expect(after.updatedBy).toBe('Aldo Altieri');
    expect(Date.parse(after.updated)).toBeGreaterThanOrEqual(Date.parse(created.updated));
  });
});

describe('fields only their own operation writes (x-written-by)', () => {
  it('the generic create and update refuse another value by its title and drop the value sent back as stored', async () => {
    const family = await t.ctx.resource('FamigliaGruppoRisorse').repo.create({ description: 'Sollevatori' });
    const created = await call('POST', '/api/gruppi-risorse', {
      resourceGroup: 'SOL10',
      description: 'Sollevatore 10 m',
      famigliaGruppoRisorsaId: family.id,
      image: 'rubata.png',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().violations).toEqual([
      {
        field: 'image',
        message:
          "Il campo «Immagine» non si modifica con questo salvataggio: lo scrive solo «Carica o sostituisce l'immagine: gruppo risorse»",
      },
    ]);
    const group = (
      await call('POST', '/api/gruppi-risorse', { resourceGroup: 'SOL10', description: 'Sollevatore 10 m' })
    ).json().data;
    // The picture call wrote it: a form sending the record back as read saves, and leaves the picture alone.
    await t.ctx.db.query(`UPDATE "gruppoRisorse" SET image = 'gruppo-sol10.png' WHERE id = $1`, [group.id]);
    const read = (await call('GET', `/api/gruppi-risorse/${group.id}`)).json().data;
    const asRead = await call('PUT', `/api/gruppi-risorse/${group.id}`, { ...read, description: 'Sollevatore 10,5 m' });
    expect(asRead.statusCode, asRead.body).toBe(200);
    expect(asRead.json().data).toMatchObject({ description: 'Sollevatore 10,5 m', image: 'gruppo-sol10.png' });
    const other = await call('PUT', `/api/gruppi-risorse/${group.id}`, { ...asRead.json().data, image: 'altra.png' });
    expect(other.statusCode).toBe(400);
    expect(other.json().violations.map((v: { field: string }) => v.field)).toEqual(['image']);
    expect((await call('GET', `/api/gruppi-risorse/${group.id}`)).json().data).toMatchObject({
      description: 'Sollevatore 10,5 m',
      image: 'gruppo-sol10.png',
    });
  });

  it('an inventory is concluded only by its own call, never by its save', async () => {
    const branch = await t.ctx.resource('FilialeInventario').repo.create({ nome: 'Crema', codiceMago: 'CR01' });
    const made = await call('POST', '/api/inventari_mezzi', { filialeInventarioId: branch.id, concluso: true });
    expect(made.statusCode).toBe(400);
    expect(made.json().violations.map((v: { field: string }) => v.field)).toEqual(['concluso']);
    const inventory = (await call('POST', '/api/inventari_mezzi', { filialeInventarioId: branch.id })).json().data;
    const sealed = await call('PUT', `/api/inventari_mezzi/${inventory.id}`, {
      ...inventory,
      concluso: true,
      conclusoDa: 'Qualcuno',
    });
    expect(sealed.statusCode).toBe(400);
    expect(sealed.json().violations.map((v: { field: string }) => v.field)).toEqual(['concluso', 'conclusoDa']);
    expect((await call('GET', `/api/inventari_mezzi/${inventory.id}`)).json().data.concluso).toBe(false);
    expect((await call('PUT', `/api/inventari_mezzi/${inventory.id}`, inventory)).statusCode).toBe(200);
  });
});
