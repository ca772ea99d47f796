import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';

// A list call that names its fields (`fields=a,b`) answers only those, plus id and version, and the names of
// the records they point to; a field the list does not have is refused, naming it.

let t: TestApp;
let admin: { authorization: string };
let agentId = 0;
beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  agentId = (await t.ctx.resource('Agent').repo.create({ name: 'Luca Verdi', code: 'AG01' })).id ?? 0;
  await t.ctx.resource('Customer').repo.create({
    companyName: 'Edilizia Brambilla S.r.l.',
    vatNumber: '00743110157',
    agentId,
  });
  await t.ctx
    .resource('TrattativaCp')
    .repo.create({ ragioneSociale: 'Impresa Rota S.p.A.', partitaIva: '00743110157' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

/** The SQL the database is asked while `run` runs. */
async function sqlOf(run: () => Promise<unknown>): Promise<string[]> {
  const db = t.ctx.db as { query: (...args: unknown[]) => Promise<unknown> };
  const original = db.query;
  const seen: string[] = [];
  db.query = (...args: unknown[]) => {
    seen.push(String(args[0]));
    return original.apply(db, args);
  };
  try {
    await run();
  } finally {
    db.query = original;
  }
  return seen;
}

describe('sparse lists', () => {
  it('answers only the fields asked for, plus id, version and the required ones, and the names of what they point to', async () => {
    const res = await get('/api/customers?fields=companyName,agentId&page=1&rowsPerPage=10');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      data: Record<string, unknown>[];
      totalRows: number;
      references: Record<string, unknown>;
    }>();
    expect(body.totalRows).toBe(1);
    // companyName and vatNumber are required of every customer: a sparse answer still matches the contract.
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(['agentId', 'companyName', 'id', 'vatNumber', 'version']);
    expect(body.data[0]).toMatchObject({ companyName: 'Edilizia Brambilla S.r.l.', agentId });
    expect(body.references).toEqual({ agent: [{ id: agentId, label: 'Luca Verdi' }] });
  });

  it('reads only those columns from the database', async () => {
    const sql = await sqlOf(() => get('/api/customers?fields=companyName&page=1&rowsPerPage=10'));
    const page = sql.find((s) => s.includes('FROM "customer"') && s.includes('ORDER BY'));
    const columns = /^SELECT (.*?), \(SELECT count/.exec(page ?? '')?.[1]?.split(', ') ?? [];
    expect(columns).toEqual(expect.arrayContaining(['"id"', '"version"', '"companyName"', '"vatNumber"']));
    // Those, and the sort's column at most (the cursor of a batch needs it).
    expect(columns.length).toBeLessThanOrEqual(5);
    expect(page).not.toContain('SELECT *');
  });

  it('without fields, answers the whole rows', async () => {
    const row = (await get('/api/customers?page=1&rowsPerPage=10')).json<{ data: Record<string, unknown>[] }>().data[0];
    expect(row).toMatchObject({ companyName: 'Edilizia Brambilla S.r.l.', vatNumber: '00743110157', agentId });
  });

  it("cuts the rows of a workflow's own list too (the negotiations)", async () => {
    const res = await get('/api/trattative_cp?fields=ragioneSociale&page=1&rowsPerPage=5');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ data: Record<string, unknown>[] }>().data;
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['id', 'ragioneSociale', 'version']);
  });

  it("reads only those columns for the negotiations, whose list is their workflow's own (a million rows)", async () => {
    const sql = await sqlOf(() => get('/api/trattative_cp?fields=ragioneSociale&page=1&rowsPerPage=5'));
    const page = sql.find((s) => s.includes('FROM "trattativaCp"') && s.includes('ORDER BY'));
    const columns = /^SELECT (.*?), \(SELECT count/.exec(page ?? '')?.[1]?.split(', ') ?? [];
    expect(columns).toEqual(expect.arrayContaining(['"id"', '"version"', '"ragioneSociale"']));
    expect(columns.length).toBeLessThanOrEqual(4);
  });

  it('refuses a field the list does not have, naming it in Italian, before reading anything', async () => {
    let res = await get('/api/customers');
    const sql = await sqlOf(async () => {
      res = await get('/api/customers?fields=companyName,passwordHash,colore&page=1&rowsPerPage=10');
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: 'Verificare la validità dei campi',
      violations: [
        { field: 'fields', message: 'campo non previsto: passwordHash' },
        { field: 'fields', message: 'campo non previsto: colore' },
      ],
    });
    expect(sql.filter((s) => s.includes('"customer"'))).toEqual([]);
  });

  it('refuses fields that are not a list of names', async () => {
    for (const fields of ['companyName;vatNumber', ',companyName', 'company name', ''.padEnd(4001, 'a')]) {
      const res = await get(`/api/customers?fields=${encodeURIComponent(fields)}`);
      expect(res.statusCode, fields).toBe(400);
      expect(res.json().violations?.[0]?.field, fields).toMatch(/fields$/);
    }
  });

  it('the list inside data of GET /api/offers is cut the same way, and checked the same way', async () => {
    const res = await get('/api/offers?fields=trattativaCpId&page=1&rowsPerPage=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toEqual([]);
    const refused = await get('/api/offers?fields=nonEsiste');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().violations).toEqual([{ field: 'fields', message: 'campo non previsto: nonEsiste' }]);
  });
});
