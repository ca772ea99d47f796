import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import type { Db } from '../db/Db.ts';
import { crudRepository } from './crudRepository.ts';
import { createListCounts } from './listCounts.ts';

// 12,000 agents: past the unpaged ceiling of openapi.yaml (5,000) and past the exact-count threshold (10,000).
const ROWS = 12_000;
let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp({ limits: { exports: { global: 1, waiting: 0, waitMs: 50 } } });
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  // Every tenth agent has no code, so that an export sorted by code has rows with and without a value.
  await t.ctx.db.query(
    `INSERT INTO agent (name, code, "codiceLingua")
     SELECT 'Agente ' || lpad(i::text, 5, '0'), CASE WHEN i % 10 = 0 THEN NULL ELSE 'C' || lpad(i::text, 5, '0') END, 'it'
     FROM generate_series(1, $1::int) AS i`,
    [ROWS],
  );
});
afterAll(() => t.close());

const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/agents?${query}`, headers: admin });

describe('lists without paging are bounded by the ceiling of openapi.yaml', () => {
  it('states the ceiling in the contract, and the server reads it from there', () => {
    const page = t.ctx.contract.document.components.parameters.Page as unknown as Record<string, unknown>;
    expect(page['x-unpaged-ceiling']).toBe(5000);
    expect(t.ctx.config.unpagedCeiling).toBe(5000);
  });

  it('refuses 12,000 rows unpaged, with or without page=0&rowsPerPage=0, asking to narrow the filters', async () => {
    for (const query of ['page=0&rowsPerPage=0', '', 'sortBy=code']) {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Troppe righe da mostrare senza paginazione (più di 5.000): restringere i filtri',
      );
    }
  });

  it('gives every row unpaged once the filters narrow the match under the ceiling', async () => {
    const res = await list('page=0&rowsPerPage=0&filters[name]=Agente 01');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1000);
    expect(res.json().totalRows).toBe(1000);
  });

  it('pages without a size get the list’s own page size', async () => {
    const res = await list('page=3');
    expect(res.json().data).toHaveLength(30);
    expect(res.json().data[0].name).toBe('Agente 00061');
  });
});

describe('the total stays cheap on large lists', () => {
  it('counts a large match once, reuses it a few seconds (saying when it was counted) and recounts after a write', async () => {
    // A write forgets what earlier tests counted.
    await t.ctx.resource('Agent').repo.remove(Number((await t.ctx.resource('Agent').repo.create({ name: 'x' })).id));
    const first = (await list('page=1&rowsPerPage=50')).json();
    expect(first.totalRows).toBe(ROWS);
    expect(first.totalRowsAsOf).toBeUndefined();
    const second = (await list('page=2&rowsPerPage=50&sortBy=code&descending=1')).json();
    expect(second.totalRows).toBe(ROWS);
    expect(Date.parse(second.totalRowsAsOf)).toBeLessThanOrEqual(Date.now());
    await t.app.inject({ method: 'POST', url: '/api/agents', headers: admin, payload: { name: 'Nuovo agente' } });
    const third = (await list('page=1&rowsPerPage=50')).json();
    expect(third.totalRows).toBe(ROWS + 1);
    expect(third.totalRowsAsOf).toBeUndefined();
    await t.ctx.db.query(`DELETE FROM agent WHERE name = 'Nuovo agente'`);
  });

  it('counts a large match once for requests that need it at the same time', async () => {
    const { model } = t.ctx.resource('Agent');
    const isFullCount = (sql: string) => sql.startsWith('SELECT count(*)') && !sql.includes('capped');
    let fullCounts = 0;
    let pagesRead = 0;
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let allPagesRead = () => {};
    const pagesDone = new Promise<void>((r) => (allPagesRead = r));
    // The full count waits until every request has read its page: each then needs the count at once.
    const db: Db = {
      ...t.ctx.db,
      async query<T>(sql: string, params?: unknown[]) {
        if (isFullCount(sql)) {
          fullCounts++;
          await released;
        }
        const result = await t.ctx.db.query<T>(sql, params);
        if (sql.includes('"__total"') && ++pagesRead === 3) allPagesRead();
        return result;
      },
    };
    const repo = crudRepository(db, model, { pageSize: 50, unpagedCeiling: 5000, counts: createListCounts() });
    const lists = Promise.all(
      [1, 2, 3].map((page) => repo.list({ filters: { name: 'Agente' }, page, rowsPerPage: 50 })),
    );
    await pagesDone;
    await new Promise((r) => setImmediate(r));
    release();
    expect((await lists).map((l) => l.totalRows)).toEqual([ROWS, ROWS, ROWS]);
    expect(fullCounts).toBe(1);
  });

  it('counts small matches exactly every time', async () => {
    const a = (await list('page=1&rowsPerPage=10&filters[name]=Agente 0')).json();
    expect(a.totalRows).toBe(9999);
    expect(a.totalRowsAsOf).toBeUndefined();
    expect((await list('page=2&rowsPerPage=10&filters[name]=Agente 0')).json().totalRowsAsOf).toBeUndefined();
  });
});

describe('the export has no cap of its own and reads in batches', () => {
  async function rowsOf(body: Buffer): Promise<unknown[][]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const out: unknown[][] = [];
    wb.worksheets[0]?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  }

  it('exports every one of 12,000 rows exactly once, sorted by a field some rows leave empty', async () => {
    for (const descending of [0, 1]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/export/agent?sortBy=code&descending=${descending}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      const rows = (await rowsOf(res.rawPayload)).slice(1);
      expect(rows).toHaveLength(ROWS);
      expect(new Set(rows.map((r) => r[0])).size).toBe(ROWS);
      const codes = rows.map((r) => r[1] ?? null);
      // The rows with a code in order, then those without.
      const withCode = codes.filter((c): c is string => c !== null);
      expect(withCode).toHaveLength(ROWS - ROWS / 10);
      expect(codes.slice(withCode.length).every((c) => c === null)).toBe(true);
      const sorted = [...withCode].sort();
      expect(withCode).toEqual(descending ? sorted.reverse() : sorted);
    }
  });

  it('runs one at a time: while a place is taken, another export waits briefly, then gets 429 with Retry-After', async () => {
    const other = await t.as(['ROLE_ADMIN'], 'altro.admin');
    const release = await t.ctx.exportGates.acquire(999);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/export/agent', headers: other });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().message).toBe("Un'esportazione è già in corso. Riprovare tra qualche secondo");
    } finally {
      release();
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/export/agent?filters[name]=Agente 0000', headers: other }))
        .statusCode,
    ).toBe(200);
  });
});
