import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitaIvaCheckDigit } from '../../domain/partitaIva.ts';
import type { FieldKind } from '../../domain/resourceDefinition.ts';
import { EXCEL_COLUMNS, excelCell, exportStamp } from './exportHandler.ts';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  const agent = await t.ctx.resource('Agent').repo.create({ name: 'Luca Verdi', code: 'AG01' });
  const customers = t.ctx.resource('Customer').repo;
  for (let i = 1; i <= 1205; i++) {
    const prefix = `0${String(i).padStart(6, '0')}001`;
    await customers.create({
      companyName: `Cliente ${String(i).padStart(4, '0')} S.r.l.`,
      vatNumber: prefix + partitaIvaCheckDigit(prefix),
      city: i % 2 ? 'Milano' : 'Bergamo',
      agentId: agent.id,
      reseller: i % 3 === 0,
      date: '2025-09-24',
    });
  }
});
afterAll(() => t.close());

async function rowsOf(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('GET /api/export/{resource}', () => {
  it('streams every matching row, past any page size, with headers and names instead of ids', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/export/customer?filters[city]=Milano&sortBy=companyName',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Clienti_\d{8}_\d{4}\.xlsx"$/);
    const rows = await rowsOf(res.rawPayload);
    expect(rows[0]).toEqual([
      'Codice',
      'Ragione sociale',
      'Partita IVA',
      'Città',
      'Provincia',
      'Agente',
      'Sorgente',
      'Rivenditore',
    ]);
    expect(rows).toHaveLength(603 + 1);
    expect(rows[1]).toEqual(
      [
        null,
        'Cliente 0001 S.r.l.',
        `0000001001${partitaIvaCheckDigit('0000001001')}`,
        'Milano',
        null,
        'Luca Verdi',
        null,
        'No',
      ].map((v) => v ?? undefined),
    );
  });

  it('refuses what the user may not list, unknown resources and bad filters', async () => {
    const adminOnly = await t.as(['ROLE_ADMIN']);
    expect((await t.app.inject({ method: 'GET', url: '/api/export/email', headers: adminOnly })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/export/nessuna', headers: admin })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/export/customer?filters[nome]=x', headers: admin })).statusCode,
    ).toBe(400);
  });

  it('exports the matches of a search (q) as its list finds them, up to the bound of matches, saying so', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/customers?q=cliente%20012&sortBy=companyName&page=1&rowsPerPage=100',
      headers: admin,
    });
    const found = list.json<{ data: { companyName: string }[]; totalRows: number }>();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/export/customer?q=cliente%20012&sortBy=companyName',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(res.rawPayload);
    // Every match, past the list's page of 100, in the list's order.
    expect(found.totalRows).toBeGreaterThan(100);
    expect(rows).toHaveLength(1 + found.totalRows);
    expect(rows.slice(1, 101).map((r) => r[1])).toEqual(found.data.map((r) => r.companyName));

    // 1,205 customers are called "Cliente …": the first 1,000 matches, then the line that says so.
    const all = await rowsOf(
      (await t.app.inject({ method: 'GET', url: '/api/export/customer?q=cliente', headers: admin })).rawPayload,
    );
    expect(all).toHaveLength(1 + 1000 + 1);
    expect(all.at(-1)?.[0]).toBe(
      'Elenco interrotto: una ricerca considera al massimo 1.000 corrispondenze. Restringere la ricerca per esportare il resto.',
    );
  });

  it('refuses a search of a list that has none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export/reportCall?q=rossi', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ violations: [{ field: 'q', message: 'Questo elenco non ha una ricerca' }] });
  });

  it('exports what the list call lists: projections (users by CRM group) and lists with a default filter (active offer statuses)', async () => {
    await t.as(['ROLE_USER_CRM'], 'zeta.crm');
    const users = await rowsOf(
      (await t.app.inject({ method: 'GET', url: '/api/export/userGruppoCrm?filters[username]=zeta', headers: admin }))
        .rawPayload,
    );
    expect(users.slice(1).map((r) => r[0])).toEqual(['zeta.crm']);
    const states = t.ctx.resource('StatoOfferta').repo;
    await states.create({ description: 'Attiva', active: true });
    await states.create({ description: 'Dismessa', active: false });
    const listed = await rowsOf(
      (await t.app.inject({ method: 'GET', url: '/api/export/statoOfferta', headers: admin })).rawPayload,
    );
    expect(listed.slice(1).map((r) => r[0])).toEqual(['Attiva']);
  });
});

/**
 * The sheet as exceljs' own in-memory workbook writes the same list: every row of the repository in the
 * list's order, each value by EXCEL_COLUMNS, names for ids, one style per cell (nothing shared).
 */
async function referenceSheet(name: string, filters: Record<string, string>, sortBy: string) {
  const resource = t.ctx.resourceNamed(name);
  if (!resource) throw new Error(`no resource ${name}`);
  const { definition } = resource;
  const { data } = await resource.repo.list({ filters, sortBy });
  const names = new Map<string, Map<number, string>>();
  for (const c of definition.columns) {
    const target = c.reference ? t.ctx.resourceNamed(c.reference) : undefined;
    if (!c.reference || !target) continue;
    const { data: records } = await target.repo.list({ filters: {} });
    names.set(
      c.reference,
      new Map(records.map((r) => [Number(r.id), String(r[target.definition.displayField] ?? r.id)])),
    );
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(definition.label);
  ws.columns = definition.columns.map((c) => ({
    header: c.header,
    key: c.accessorKey,
    ...(EXCEL_COLUMNS[c.kind].numFmt ? { style: { numFmt: EXCEL_COLUMNS[c.kind].numFmt } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of data)
    ws.addRow(
      Object.fromEntries(definition.columns.map((c) => [c.accessorKey, excelCell(c, row[c.accessorKey], names)])),
    );
  return wb.xlsx.writeBuffer();
}

/** Every cell of a sheet: its value, type, number format and font, row by row. */
async function cellsOf(body: ArrayBuffer | Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (c) => cells.push([c.value, c.type, c.numFmt, c.font]));
    out.push(cells);
  });
  return out;
}

describe('the exported file', () => {
  it.each([
    ['customer', { city: 'Milano' }, 'companyName'],
    ['insurance', {}, 'code'],
    ['transportPrice', {}, 'minFrom'],
  ])('holds every cell of %s as exceljs writes it: value, type, number format, font', async (name, filters, sortBy) => {
    const customers = t.ctx.resource('Customer').repo;
    if (name === 'customer') {
      // Empty and filled cells in the same columns, references to two different resources.
      const source = await t.ctx.resource('Source').repo.create({ description: 'Fiera' });
      for (const [i, extra] of [{}, { sourceId: source.id, agentId: null }].entries()) {
        const prefix = `09${i}0000001`;
        await customers.create({
          companyName: `Zeta ${i} S.p.A.`,
          vatNumber: prefix + partitaIvaCheckDigit(prefix),
          city: 'Milano',
          code: `Z${i}`,
          ...extra,
        });
      }
    }
    if (name === 'insurance')
      for (const [code, percentage] of [
        ['FRT', 2.25],
        ['INC', 0],
      ] as const)
        await t.ctx.resource('Insurance').repo.create({ code, name: `Polizza ${code}`, percentage });
    if (name === 'transportPrice')
      for (const [minFrom, price] of [
        [31, 120.75],
        [61, 0],
      ] as const)
        await t.ctx.resource('TransportPrice').repo.create({ minFrom, minTo: minFrom + 29, price });
    const query = new URLSearchParams({
      sortBy,
      ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [`filters[${k}]`, v])),
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/export/${name}?${query}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const exported = await cellsOf(res.rawPayload);
    expect(exported.length).toBeGreaterThan(2);
    expect(exported).toEqual(await cellsOf(await referenceSheet(name, filters, sortBy)));
  });
});

describe('export columns by field kind', () => {
  it('writes money, percentages and dates as numbers and dates with Italian-looking formats', async () => {
    await t.ctx.resource('Insurance').repo.create({ code: 'KSK', name: 'Kasko', percentage: 8.5 });
    await t.ctx.resource('TransportPrice').repo.create({ minFrom: 0, minTo: 30, price: 85 });
    const sheet = async (url: string) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(
        (await t.app.inject({ method: 'GET', url, headers: admin })).rawPayload as unknown as ArrayBuffer,
      );
      const ws = wb.worksheets[0];
      if (!ws) throw new Error('no sheet');
      return ws;
    };
    const insurances = await sheet('/api/export/insurance?filters[code]=KSK');
    const pct = insurances.getRow(2).getCell(4);
    expect(insurances.getRow(1).getCell(4).value).toBe('Percentuale');
    expect(pct.value).toBeCloseTo(0.085);
    expect(pct.numFmt).toBe('0.00%');
    const prices = await sheet('/api/export/transportPrice');
    expect(prices.getRow(2).getCell(3).value).toBe(85);
    expect(prices.getRow(2).getCell(3).numFmt).toBe('#,##0.00 "€"');
  });

  it.each<[FieldKind, unknown, unknown, string | undefined]>([
    ['money', 1250.5, 1250.5, '#,##0.00 "€"'],
    ['percentage', 8.5, 0.085, '0.00%'],
    ['number', 1.25, 1.25, '#,##0.00##'],
    ['integer', 12500, 12500, '#,##0'],
    ['quantity', 12.5, 12.5, '#,##0.####'],
    ['duration', 3600, 1 / 24, '[h]:mm:ss'],
    ['fileSize', 2048, 2048, '#,##0 "byte"'],
    ['phone', '02 4567 8901', '02.4567.8901', undefined],
    ['date', '2026-12-31', new Date('2026-12-31T00:00:00Z'), 'dd-mm-yyyy'],
    // 10:05 UTC in winter is 11:05 in Rome: the sheet shows the time people in Rome read.
    ['dateTime', '2026-12-31T10:05:00Z', new Date('2026-12-31T11:05:00Z'), 'dd-mm-yyyy hh:mm'],
    ['boolean', true, 'Sì', undefined],
    ['text', 'Via Roma', 'Via Roma', undefined],
  ])('%s %j is written as %j (%s)', (kind, stored, written, numFmt) => {
    const column = { accessorKey: 'campo', header: 'Campo', kind, enableSorting: true };
    const rule = EXCEL_COLUMNS[kind];
    const value = rule.value(stored, column, new Map());
    if (typeof written === 'number') expect(value).toBeCloseTo(written);
    else expect(value).toEqual(written);
    expect(rule.numFmt).toBe(numFmt);
  });

  it('writes a flag never set as "No", and other empty values as empty cells', () => {
    const column = (kind: FieldKind) => ({ accessorKey: 'campo', header: 'Campo', kind, enableSorting: true });
    expect(excelCell(column('boolean'), null, new Map())).toBe('No');
    expect(excelCell(column('boolean'), undefined, new Map())).toBe('No');
    expect(excelCell(column('text'), null, new Map())).toBeNull();
    expect(excelCell(column('triState'), null, new Map())).toBeNull();
  });

  it('names the file with the date and time in Rome', () => {
    expect(exportStamp(new Date('2025-12-31T23:30:00Z'))).toBe('20260101_0030');
    expect(exportStamp(new Date('2025-07-01T08:05:00Z'))).toBe('20250701_1005');
  });
});
