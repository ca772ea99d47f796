import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/testApp.ts';
import { seed } from '../../src/server/seed/seed.ts';
import { demoState, loadDemoWorkflows, type DemoReferences } from '../../src/server/seed/demoWorkflows.ts';
import { demoApi } from '../../src/server/seed/demoApi.ts';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { drawerFor } from '../../src/web/menu.ts';
import { DEMO_USERS } from '../../src/server/seed/demoData.ts';

/**
 * The demo a newcomer meets on a fresh start (`npm start`, embedded database): loaded through the app's own
 * calls, every workflow has records, and every GET of the contract answers 200 with a demo record's id.
 */
let t: TestApp;
let refs: DemoReferences;
let passwords: Map<string, string>;
const today = Temporal.Now.plainDateISO('Europe/Rome');

beforeAll(async () => {
  t = await testApp();
  const seeded = await seed(t.ctx, { adminPassword: 'Dimostra-2025!', demoData: true, demoWorkflows: true });
  passwords = new Map(seeded.demoPasswords!.map((p) => [p.username, p.password]));
  const loaded = await loadDemoWorkflows(t.app, t.ctx, passwords);
  refs = loaded!;
}, 600_000);
afterAll(() => t?.close());

const api = () => demoApi(t.app);
const as = (username: string) => api().signIn(username, passwords.get(username)!);
const get = async <T = { data: unknown[]; totalRows?: number }>(headers: object, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: headers as Record<string, string> });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json<T>();
};
const publicHeaders = async (code: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/public/login-api-from-client?code=${code}` });
  return { authorization: `Bearer ${res.json<{ data: { token: string } }>().data.token}` };
};

describe('the demo data of a first start', () => {
  it('is loaded once: a second start finds it there and adds nothing', async () => {
    expect((await demoState(t.ctx.db)).stato).toBe('caricati');
    const count = async () =>
      (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "trattativaCp"`)).rows[0]!.n;
    const before = await count();
    expect(await seed(t.ctx, { demoData: true, demoWorkflows: true })).toEqual({});
    expect(await loadDemoWorkflows(t.app, t.ctx, passwords)).toBeNull();
    expect(await count()).toBe(before);
  });

  it('gives the salespeople negotiations in every state, with call-backs and visits in the current week', async () => {
    const seller = await as('commerciale.cp');
    const mine = await get(seller, '/api/trattative_cp?archiviata=N&page=1&rowsPerPage=50');
    expect(mine.totalRows).toBeGreaterThan(5);
    const supervisor = await as('supervisore.cp');
    const all = await get<{ data: Record<string, unknown>[]; totalRows: number }>(
      supervisor,
      '/api/trattative_cp?archiviata=&page=0&rowsPerPage=0',
    );
    expect(all.totalRows).toBeGreaterThanOrEqual(28);
    expect(all.data.filter((r) => r.archiviata === 'Y').length).toBeGreaterThanOrEqual(3);
    expect(all.data.filter((r) => r.motivoPersaId && r.notePersa).length).toBeGreaterThanOrEqual(3);
    expect(all.data.filter((r) => r.ripianificaVisita).length).toBeGreaterThanOrEqual(3);
    expect(all.data.filter((r) => (r.allegati as unknown[] | undefined)?.length).length).toBeGreaterThanOrEqual(3);
    const monday = today.subtract({ days: today.dayOfWeek - 1 });
    const week = await get(
      supervisor,
      `/api/trattative_cp?archiviata=N&dataDal=${monday.toString()}&dataAl=${monday.add({ days: 6 }).toString()}&page=0&rowsPerPage=0`,
    );
    expect(week.data.length).toBeGreaterThanOrEqual(10);
    const inserted = all.data.map((r) => String(r.dataInserimento).slice(0, 10));
    expect(new Set(inserted).size, 'insertion dates spread over the past weeks').toBeGreaterThan(10);
  });

  it('gives each customer a contact of its own company, at its e-mail domain', async () => {
    const { rows } = await t.ctx.db.query<{ company: string; companyEmail: string; surname: string; email: string }>(
      `SELECT k."companyName" AS company, k.email AS "companyEmail", c.surname, c.email
         FROM contact c JOIN customer k ON k.id = c."customerId"`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const companies = new Set(rows.map((r) => r.company));
    for (const r of rows) {
      expect(r.email.split('@')[1], `${r.surname} of ${r.company}`).toBe(r.companyEmail.split('@')[1]);
      for (const other of companies)
        if (other !== r.company) expect(other, `${r.surname} of ${r.company}`).not.toContain(r.surname);
    }
  });

  it('links each salesperson who is an agent to that agent, so her activities carry it', async () => {
    const { rows } = await t.ctx.db.query<{ username: string; agent: string | null; agentId: number | null }>(
      `SELECT u.username, a.name AS agent, u."agentId" FROM "user" u LEFT JOIN agent a ON a.id = u."agentId"`,
    );
    const agents = (await t.ctx.db.query<{ name: string }>(`SELECT name FROM agent`)).rows.map((r) => r.name);
    const sellers = DEMO_USERS.filter((u) => agents.includes(`${u.name} ${u.surname}`));
    expect(sellers.map((u) => u.username)).toContain('commerciale.cp');
    for (const u of sellers)
      expect(rows.find((r) => r.username === u.username)?.agent, u.username).toBe(`${u.name} ${u.surname}`);
    const galli = rows.find((r) => r.username === 'commerciale.cp')!.agentId;
    const planned = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM planning WHERE "agentId" = $1`,
      [galli],
    );
    expect(planned.rows[0]!.n).toBeGreaterThan(0);
  });

  it('has sent offers with numbered versions, one signed, one declined, one expiring in two days, one expired', async () => {
    const admin = await as('admin.demo');
    const offers = await get<{ data: { data: { numeroDocumento: string; versione: number }[]; totalRows: number } }>(
      admin,
      '/api/offers?page=1&rowsPerPage=100',
    );
    expect(offers.data.totalRows).toBeGreaterThanOrEqual(10);
    expect(offers.data.data.some((o) => o.versione === 2)).toBe(true);
    expect(offers.data.data.every((o) => /^OFF-\d{4}-\d{6}$/.test(o.numeroDocumento))).toBe(true);
    const states = new Map<string, string[]>();
    const { rows } = await t.ctx.db.query<{ documentToken: string }>(
      // Every negotiation has its document token from its creation; the customer's page is there once an offer is
      // sent (a numbered version).
      `SELECT "documentToken" FROM "trattativaCp" t WHERE EXISTS (SELECT 1 FROM "offer" o WHERE o."trattativaCpId" = t.id)`,
    );
    for (const { documentToken } of rows) {
      const page = await get<{ data: { stato: string; offerta?: { validaFinoAl: string } } }>(
        await publicHeaders(documentToken),
        `/api/trattative-cp/${documentToken}`,
      );
      states.set(page.data.stato, [...(states.get(page.data.stato) ?? []), page.data.offerta?.validaFinoAl ?? '']);
    }
    expect(states.get('accettata')).toHaveLength(1);
    expect(states.get('rifiutata')).toHaveLength(1);
    expect(states.get('scaduta')).toHaveLength(1);
    expect(states.get('aperta')).toContain(today.add({ days: 2 }).toString());
    const signed = await get<{ data: { stato: string } }>(
      await publicHeaders(refs.offertaFirmata),
      `/api/trattative-cp/${refs.offertaFirmata}`,
    );
    expect(signed.data.stato).toBe('accettata');
    const open = await get<{ data: { stato: string } }>(
      await publicHeaders(refs.offertaAperta),
      `/api/trattative-cp/${refs.offertaAperta}`,
    );
    expect(open.data.stato).toBe('aperta');
  });

  it('fills acceptance, inventory and planning, and gives every resource group and family a picture', async () => {
    const acceptances = await get(
      await as('supervisore.accettazione'),
      '/api/accettazioni_mezzi?page=1&rowsPerPage=10',
    );
    expect(acceptances.totalRows).toBe(5);
    const inventories = await get<{ data: { concluso: boolean }[] }>(await as('inventario'), '/api/inventari_mezzi');
    expect(inventories.data.map((i) => i.concluso).sort()).toEqual([false, true]);
    const crm = await as('crm');
    // The home page's "Attività di oggi" of the sales team.
    for (const user of [crm, await as('commerciale.cp')]) {
      const planned = await get(user, `/api/plannings?filters[date]=${today.toString()}&page=1&rowsPerPage=5`);
      expect(planned.data.length).toBeGreaterThanOrEqual(2);
    }
    const admin = await as('admin.demo');
    for (const list of ['famiglie-gruppi-risorse', 'gruppi-risorse']) {
      const { data } = await get<{ data: { id: number; image?: string | null }[] }>(
        admin,
        `/api/${list}?page=0&rowsPerPage=0`,
      );
      for (const r of data) {
        const res = await t.app.inject({ method: 'GET', url: `/api/${list}/${r.id}/image`, headers: admin });
        expect(res.statusCode, `${list} ${r.id}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
      }
    }
  });
});

/** The call behind each screen of a drawer that lists records; forms list nothing. */
const monday = today.subtract({ days: today.dayOfWeek - 1 });
const SCREEN_LISTS: Record<string, string | null> = {
  '/plannings': '/api/plannings?page=0&rowsPerPage=0',
  '/listPlannings': '/api/plannings?filters[completed]=false&page=1&rowsPerPage=30',
  '/customers/all': '/api/customers?page=1&rowsPerPage=10',
  '/trattativeCp/trattativeCp': '/api/trattative_cp?archiviata=N&page=1&rowsPerPage=50',
  '/trattativeCp/calendarioTrattative': `/api/trattative_cp?archiviata=N&dataDal=${monday.toString()}&dataAl=${monday.add({ days: 6 }).toString()}&page=0&rowsPerPage=0`,
  '/accettazioniMezzi/accettazioniMezzi': '/api/accettazioni_mezzi?page=1&rowsPerPage=10',
  '/accettazioniMezzi/accettazioneMezzo': null,
  '/inventarioMezzi/inventariMezzi': '/api/inventari_mezzi',
  '/inventarioMezzi/filialiInventario': '/api/filiali-inventario',
  '/contactCenter/missed-calls': '/api/missed-calls?page=1&rowsPerPage=30',
};
const ADMINS = new Set(['ROLE_ADMIN', 'ROLE_SUPER_ADMIN']);

describe('each demo user finds rows in every list of their drawer', () => {
  for (const user of DEMO_USERS.filter((u) => !u.roles.some((r) => ADMINS.has(r))))
    it(`${user.username} (${user.roles.join(', ')})`, async () => {
      const headers = await as(user.username);
      const drawer = drawerFor(user.roles).flatMap((s) => s.entries);
      // ROLE_NL's one call reassigns a negotiation: its user reaches them from its drawer.
      if (user.roles.includes('ROLE_NL'))
        expect(drawer.map((e) => e.route)).toEqual(expect.arrayContaining(['/trattativeCp/trattativeCp']));
      for (const entry of drawer) {
        expect(SCREEN_LISTS, `the call behind ${entry.route}`).toHaveProperty([entry.route]);
        const url = SCREEN_LISTS[entry.route];
        if (!url) continue;
        const { data } = await get<{ data: unknown[] }>(headers, url);
        expect(data.length, `${user.username}: ${entry.label} (${url})`).toBeGreaterThan(0);
      }
    });
});

type Op = {
  path: string;
  operationId: string;
  parameters?: { $ref?: string; name?: string; in?: string; required?: boolean }[];
};
const GETS: Op[] = Object.entries(contract.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
  'get' in ops ? [{ path, ...(ops.get as Omit<Op, 'path'>) }] : [],
);
/** A server-sent-event stream never ends, so inject cannot wait for it; the hub has its own tests. */
const STREAMS = new Set(['subscribeHub']);

describe('every GET of the contract answers 200 with a demo record', () => {
  it('walks them all as the super admin (the public offer calls with the customer’s token)', async () => {
    const superAdmin = await api().signIn('admin', 'Dimostra-2025!');
    const one = async (sql: string) => (await t.ctx.db.query<Record<string, string | number>>(sql)).rows[0]!;
    const signed = await one(`SELECT id FROM "trattativaCp" WHERE "documentToken" = '${refs.offertaFirmata}'`);
    const attachment = await one(
      `SELECT (allegati->0->>'id')::int AS id FROM "trattativaCp" WHERE jsonb_array_length(allegati) > 0 LIMIT 1`,
    );
    const acceptance = await one(`SELECT id, matricole FROM "accettazioneMezzo" ORDER BY id LIMIT 1`);
    const inventory = await one(`SELECT id FROM "inventarioMezzi" WHERE concluso ORDER BY id LIMIT 1`);
    const document = await one(`SELECT filename FROM "document" ORDER BY id LIMIT 1`);
    const customer = await one(`SELECT id, "vatNumber" FROM "customer" ORDER BY id LIMIT 1`);
    const firstOf = async (list: string) =>
      (
        await get<{ data: { id: number }[] }>(
          superAdmin,
          `${list}${list.includes('?') ? '&' : '?'}page=1&rowsPerPage=1`,
        )
      ).data[0]!.id;
    // The demo has no import: one finished by the super admin, as its screen leaves it.
    const job = await one(
      `INSERT INTO "importJob" (resource, "userId", "fileName", "fileKey", kind, columns, sample, mapping, status, phase)
         VALUES ('customer', (SELECT id FROM "user" WHERE username = 'admin'), 'clienti.csv', NULL, '"csv"',
           '["Ragione sociale"]', '[["Edilizia Brambilla S.r.l."]]', '["companyName"]', 'completato', 'importazione')
         RETURNING id`,
    );
    const byPath: Record<string, (op: Op) => Promise<string>> = {
      '/api/imports/{resource}/{id}': async () => `/api/imports/customer/${job.id}`,
      '/api/imports/{resource}/{id}/errors': async () => `/api/imports/customer/${job.id}/errors`,
      '/public/login-api-from-client': async () => `/public/login-api-from-client?code=${refs.offertaAperta}`,
      '/api/export/{resource}': async () => '/api/export/trattativaCp',
      '/api/customers/vat-number/{vat}': async () => `/api/customers/vat-number/${String(customer.vatNumber)}`,
      '/api/customers/{customerId}/contacts': async () => `/api/customers/${customer.id}/contacts`,
      '/api/customers/{customerId}/details': async () => `/api/customers/${customer.id}/details`,
      '/api/trattative_cp/partita-iva/{vat}': async () =>
        `/api/trattative_cp/partita-iva/${String(customer.vatNumber)}`,
      '/api/accettazioni_mezzi/ultima': async () =>
        `/api/accettazioni_mezzi/ultima?matricole=${encodeURIComponent(String(acceptance.matricole))}`,
      '/api/accettazioni_mezzi/{id}/foto/{n}': async () => `/api/accettazioni_mezzi/${acceptance.id}/foto/0`,
      // The demo's dented platform: its dent is marked on the outline, and the ERP's fleet has it.
      '/api/accettazioni_mezzi/danni': async () => '/api/accettazioni_mezzi/danni?matricole=MI01-PLT-006',
      '/api/accettazioni_mezzi/macchina': async () => '/api/accettazioni_mezzi/macchina?matricola=MI01-PLT-006',
      '/api/files/downloads/{filename}': async () => `/api/files/downloads/${String(document.filename)}`,
      '/api/inventario-mezzi-items/xls': async () =>
        `/api/inventario-mezzi-items/xls?idInventarioMezzi=${inventory.id}`,
      '/api/inventario-mezzi-items': async () => `/api/inventario-mezzi-items?idInventarioMezzi=${inventory.id}`,
      '/api/trattative_cp/{id}/offerta/versioni/{versione}/pdf': async () =>
        `/api/trattative_cp/${signed.id}/offerta/versioni/1/pdf`,
      '/api/trattativa_cp_allegato/{id}': async () => `/api/trattativa_cp_allegato/${attachment.id}`,
      '/api/trattative-cp/{id}': async () => `/api/trattative-cp/${refs.offertaFirmata}`,
      '/api/trattative-cp/{id}/offerta-firmata': async () =>
        `/api/trattative-cp/${refs.offertaFirmata}/offerta-firmata`,
      '/api/files': async () => `/api/files?entity=customer&entityId=${customer.id}`,
      // The signed negotiation's story: created, sent, answered by the customer.
      '/api/history/{resource}/{id}': async () => `/api/history/trattativaCp/${String(signed.id)}`,
      '/api/search': async () => `/api/search?q=${encodeURIComponent(String(customer.vatNumber))}`,
    };
    // Which record stands for `{id}`: the first row of the list beside it, or these.
    const idOf: Record<string, () => Promise<number> | number> = {
      '/api/trattative_cp': () => Number(signed.id),
      '/api/accettazioni_mezzi': () => Number(acceptance.id),
      '/api/inventari_mezzi': () => Number(inventory.id),
      '/api/inventari-mezzi': () => Number(inventory.id),
      '/api/filiali-inventari': () => firstOf('/api/filiali-inventario'),
      '/api/contacts': () => firstOf(`/api/customers/${customer.id}/contacts`),
      '/api/details': () => firstOf(`/api/customers/${customer.id}/details`),
      '/api/trattative_cp/create-document-token': async () =>
        Number((await one(`SELECT id FROM "trattativaCp" ORDER BY id LIMIT 1`)).id),
    };
    const failures: string[] = [];
    let walked = 0;
    for (const op of GETS) {
      if (STREAMS.has(op.operationId)) continue;
      let url = op.path;
      if (byPath[op.path]) url = await byPath[op.path]!(op);
      else if (url.includes('{')) {
        const base = url.slice(0, url.indexOf('/{'));
        const id = idOf[base] ? await idOf[base]() : await firstOf(base);
        url = url.replace(/\{[^}]+\}/, String(id));
      }
      const publicCall = op.path.startsWith('/api/trattative-cp/{id}');
      const headers = publicCall
        ? await publicHeaders(refs.offertaFirmata)
        : op.path.startsWith('/public/')
          ? {}
          : superAdmin;
      const res = await t.app.inject({ method: 'GET', url, headers });
      walked++;
      if (res.statusCode !== 200)
        failures.push(`${op.operationId} GET ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(walked).toBe(GETS.length - STREAMS.size);
  });
});
