import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErpMachine } from '../../../domain/inventory/closingLists.ts';
import { inventoryFixture, type InventoryFixture } from './inventoryFixture.ts';

let f: InventoryFixture;
let fleet: ErpMachine[];
let inventoryId: number;

const itemId = async (code: string) =>
  (
    await f.call(f.supervisor, 'GET', `/api/inventario-mezzi-items?idInventarioMezzi=${inventoryId}&multiField=${code}`)
  ).json().data[0].id as number;

beforeAll(async () => {
  f = await inventoryFixture();
  fleet = await f.t.ctx.erp.machinesOfBranch('MI01');
  inventoryId = (await f.call(f.counter, 'POST', '/api/inventari_mezzi', { filialeInventarioId: f.milano })).json().data
    .id;
});
afterAll(() => f.t.close());

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('closing a count (issue 18)', () => {
  it('lists found, missing, on rent, of another branch and unknown, reconciled with the ERP', async () => {
    const atHome = fleet.filter((m) => !m.rental);
    const rented = fleet.filter((m) => m.rental);
    const [present, repair, notFound] = atHome;
    const back = rented[0] as ErpMachine;
    for (const [m, status] of [
      [present, f.presente],
      [repair, f.riparazione],
      [notFound, f.nonTrovato],
      [back, f.presente],
    ] as const)
      await f.call(f.counter, 'PUT', `/api/inventario-mezzi-items/${await itemId(m?.code as string)}/stato/${status}`);
    const bergamoMachine = (await f.t.ctx.erp.machinesOfBranch('BG01')).find((m) => !m.rental) as ErpMachine;
    for (const code of [bergamoMachine.code, 'ZZ-SCONOSCIUTO'])
      await f.call(f.counter2, 'POST', '/api/inventario-mezzi-items', {
        idInventarioMezzi: inventoryId,
        resourceMago: code,
        zona: 'Officina',
      });

    expect((await f.call(f.counter, 'GET', `/api/inventari-mezzi/${inventoryId}/chiusura`)).statusCode).toBe(403);
    const res = await f.call(f.supervisor, 'GET', `/api/inventari-mezzi/${inventoryId}/chiusura`);
    expect(res.statusCode).toBe(200);
    const lists = res.json().data;
    const codes = (l: { code: string }[]) => l.map((m) => m.code);
    expect(codes(lists.found)).toEqual([present?.code, repair?.code, back.code].sort());
    expect(lists.found.find((m: { code: string }) => m.code === back.code)).toMatchObject({
      returnedFromRent: true,
      contractNumber: back.rental?.contractNumber,
      countedBy: 'Prova Test',
    });
    // "Non trovato" is no sighting: that machine is missing, as is every machine at home nobody counted.
    expect(codes(lists.missing)).toContain(notFound?.code);
    expect(lists.missing).toHaveLength(atHome.length - 2);
    expect(lists.onRent).toHaveLength(rented.length - 1);
    expect(lists.onRent[0]).toMatchObject({
      contractNumber: expect.stringMatching(/^C-2025-/),
      customer: expect.any(String),
    });
    expect(lists.otherBranch).toEqual([
      expect.objectContaining({ code: bergamoMachine.code, branchCode: 'BG01', zone: 'Officina' }),
    ]);
    expect(lists.unknown).toEqual([expect.objectContaining({ code: 'ZZ-SCONOSCIUTO', countedBy: 'Prova Test' })]);
  });
});

describe('Excel export of the items (issue 18)', () => {
  it('streams the filtered items as Inventario_<date>_<time>.xlsx with status and note', async () => {
    const res = await f.call(
      f.supervisor,
      'GET',
      `/api/inventario-mezzi-items/xls?idInventarioMezzi=${inventoryId}&multiField=officina`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Inventario_\d{8}_\d{4}\.xlsx"$/);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'Risorsa ERP',
      'Descrizione',
      'Stato',
      'Aggiunto a mano',
      'Note',
      'Zona',
      'Contato da',
      'Contato il',
      'Trasferito a',
      'Trasferito da',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[5]])).toEqual([
      [expect.stringMatching(/^BG01-/), 'Sì', 'Officina'],
      ['ZZ-SCONOSCIUTO', 'Sì', 'Officina'],
    ]);
  });

  it('gives a counter only what they may see, and refuses another branch', async () => {
    const res = await f.call(f.counter, 'GET', `/api/inventario-mezzi-items/xls?idInventarioMezzi=${inventoryId}`);
    expect((await sheetRows(res.rawPayload)).length - 1).toBe(
      (await f.call(f.counter, 'GET', `/api/inventario-mezzi-items?idInventarioMezzi=${inventoryId}`)).json().totalRows,
    );
    const other = await f.call(
      f.bergamoCounter,
      'GET',
      `/api/inventario-mezzi-items/xls?idInventarioMezzi=${inventoryId}`,
    );
    expect(other.statusCode).toBe(404);
  });

  it('holds as many rows as the filtered list for 10,000 items', async () => {
    const big = (await f.call(f.admin, 'POST', '/api/inventari_mezzi', { filialeInventarioId: f.bergamo })).json().data
      .id;
    await f.t.ctx.db.query(
      `INSERT INTO "inventarioMezziItem" (version, "idInventarioMezzi", manuale, "resourceMago", "statusId")
       SELECT 1, $1, 'N', 'LOT-' || lpad(n::text, 5, '0'), CASE WHEN n % 3 = 0 THEN $2::int END
         FROM generate_series(1, 10000) AS n`,
      [big, f.presente],
    );
    const query = `idInventarioMezzi=${big}&withoutStatus=1&multiField=LOT-`;
    const list = (await f.call(f.admin, 'GET', `/api/inventario-mezzi-items?${query}`)).json();
    expect(list.totalRows).toBe(6667);
    const res = await f.call(f.admin, 'GET', `/api/inventario-mezzi-items/xls?${query}`);
    const rows = await sheetRows(res.rawPayload);
    expect(rows.length - 1).toBe(list.totalRows);
    expect(rows[1]?.[0]).toBe('LOT-00001');
    expect(rows.at(-1)?.[0]).toBe('LOT-10000');
  });
});
