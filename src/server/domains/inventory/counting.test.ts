import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubEvent } from '../../../../generated/entities.ts';
import type { ErpMachine } from '../../../domain/inventory/closingLists.ts';
import { inventoryFixture, type InventoryFixture } from './inventoryFixture.ts';

let f: InventoryFixture;
let inventoryId: number;
let fleet: ErpMachine[];
const items = (headers: InventoryFixture['counter'], query = '') =>
  f.call(headers, 'GET', `/api/inventario-mezzi-items?idInventarioMezzi=${inventoryId}${query}`);
const itemOf = async (code: string) =>
  (await items(f.supervisor, `&multiField=${code}`))
    .json()
    .data.find((i: { resourceMago: string }) => i.resourceMago === code);
const setStatus = (headers: InventoryFixture['counter'], itemId: number, statusId: number) =>
  f.call(headers, 'PUT', `/api/inventario-mezzi-items/${itemId}/stato/${statusId}`);

beforeAll(async () => {
  f = await inventoryFixture();
  fleet = (await f.t.ctx.erp.machinesOfBranch('MI01')).sort((a, b) => a.code.localeCompare(b.code));
  inventoryId = (await f.call(f.counter, 'POST', '/api/inventari_mezzi', { filialeInventarioId: f.milano })).json().data
    .id;
});
afterAll(() => f.t.close());

describe('counting an inventory (issue 18)', () => {
  it('is blind for a counter: no expected machine, no expected total, until someone counts one', async () => {
    const blind = (await items(f.counter)).json();
    expect(blind).toEqual({
      data: [],
      totalRows: 0,
      totalRowsNoFiltered: 0,
      totalRowsWithoutStatus: 0,
      references: {},
    });
    // The machine in front of them, by its exact code (scanned or typed), and nothing else.
    const code = fleet[3]?.code as string;
    const scanned = (await items(f.counter, `&multiField=${code.toLowerCase()}`)).json();
    expect(scanned.data.map((i: { resourceMago: string }) => i.resourceMago)).toEqual([code]);
    expect((await items(f.counter, '&multiField=MI01')).json().data).toEqual([]);
    const all = (await items(f.supervisor)).json();
    expect(all).toMatchObject({ totalRows: fleet.length, totalRowsNoFiltered: fleet.length });
    expect(all.totalRowsWithoutStatus).toBe(fleet.length);
  });

  it('sets a status with who counted and when, keeps the first count, clears with -1; counters follow', async () => {
    const code = fleet[3]?.code as string;
    const item = await itemOf(code);
    const set = await setStatus(f.counter, item.id, f.presente);
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ statusId: f.presente, status: 'Presente', contatoDa: 'Prova Test' });
    const countedAt = set.json().data.contatoIl as string;
    expect(Date.now() - Date.parse(countedAt)).toBeLessThan(60_000);
    // A second counter changes the status; the machine stays counted once, by the first.
    const again = await setStatus(f.counter2, item.id, f.riparazione);
    expect(again.json().data).toMatchObject({ status: 'In riparazione', contatoIl: countedAt });
    const blind = (await items(f.counter2)).json();
    expect(blind).toMatchObject({ totalRows: 1, totalRowsNoFiltered: 1, totalRowsWithoutStatus: 0 });
    expect((await items(f.supervisor)).json().totalRowsWithoutStatus).toBe(fleet.length - 1);
    expect((await items(f.supervisor, '&withoutStatus=1')).json().totalRows).toBe(fleet.length - 1);
    const cleared = await setStatus(f.counter, item.id, -1);
    expect(cleared.json().data).toMatchObject({ statusId: null, contatoIl: null });
    expect(cleared.json().data.contatoDa).toBeUndefined();
    expect((await items(f.counter)).json().totalRows).toBe(0);
  });

  it('refuses an unknown status and an unknown item, changing nothing', async () => {
    const item = await itemOf(fleet[4]?.code as string);
    const bad = await setStatus(f.counter, item.id, 99);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations).toEqual([
      { field: 'statusId', message: "Lo stato 99 non esiste: sceglierne uno dall'elenco" },
    ]);
    expect((await itemOf(item.resourceMago)).statusId).toBeNull();
    expect((await setStatus(f.counter, 999_999, f.presente)).statusCode).toBe(404);
    expect((await setStatus(f.bergamoCounter, item.id, f.presente)).statusCode).toBe(404);
    expect((await itemOf(item.resourceMago)).statusId).toBeNull();
  });

  it('adds a machine found on the yard by hand, once, and keeps items in their inventory', async () => {
    const added = await f.call(f.counter, 'POST', '/api/inventario-mezzi-items', {
      idInventarioMezzi: inventoryId,
      resourceMago: ' xx-nuovo 1 ',
      note: 'Dietro il capannone',
    });
    expect(added.statusCode).toBe(201);
    const item = added.json().data;
    expect(item).toMatchObject({
      resourceMago: 'XX-NUOVO1',
      manuale: 'Y',
      note: 'Dietro il capannone',
      contatoDa: 'Prova Test',
    });
    expect((await items(f.counter)).json().data.map((i: { resourceMago: string }) => i.resourceMago)).toEqual([
      'XX-NUOVO1',
    ]);
    const twice = await f.call(f.counter2, 'POST', '/api/inventario-mezzi-items', {
      idInventarioMezzi: inventoryId,
      resourceMago: 'xx-nuovo1',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().violations).toEqual([
      { field: 'resourceMago', message: "Il mezzo XX-NUOVO1 è già nell'inventario" },
    ]);
    const erpCode = await f.call(f.counter2, 'POST', '/api/inventario-mezzi-items', {
      idInventarioMezzi: inventoryId,
      resourceMago: fleet[0]?.code,
    });
    expect(erpCode.statusCode).toBe(409);
    const other = (
      await f.call(f.bergamoCounter, 'POST', '/api/inventari_mezzi', { filialeInventarioId: f.bergamo })
    ).json().data;
    const moved = await f.call(f.counter, 'PUT', `/api/inventario-mezzi-items/${item.id}`, {
      ...item,
      idInventarioMezzi: other.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().violations[0]).toEqual({
      field: 'idInventarioMezzi',
      message: 'Il mezzo appartiene a un altro inventario',
    });
    const noted = await f.call(f.counter, 'PUT', `/api/inventario-mezzi-items/${item.id}`, {
      idInventarioMezzi: inventoryId,
      resourceMago: item.resourceMago,
      note: 'Accanto alla pesa',
      zona: 'Piazzale nord',
      version: item.version,
    });
    expect(noted.json().data).toMatchObject({ note: 'Accanto alla pesa', zona: 'Piazzale nord', manuale: 'Y' });
    const stale = await f.call(f.counter, 'PUT', `/api/inventario-mezzi-items/${item.id}`, {
      idInventarioMezzi: inventoryId,
      resourceMago: item.resourceMago,
      note: 'Vecchia versione',
      version: item.version,
    });
    expect(stale.statusCode).toBe(409);
    const erpItem = await itemOf(fleet[5]?.code as string);
    expect((await f.call(f.counter, 'DELETE', `/api/inventario-mezzi-items/${erpItem.id}`)).statusCode).toBe(409);
    const renamed = await f.call(f.counter, 'PUT', `/api/inventario-mezzi-items/${erpItem.id}`, {
      ...erpItem,
      resourceMago: 'ALTRO',
    });
    expect(renamed.statusCode).toBe(409);
    expect((await itemOf(erpItem.resourceMago)).id).toBe(erpItem.id);
  });

  it('tells whoever has the inventory open about every change (push hub)', async () => {
    const token = (await f.call(f.counter2, 'GET', `/api/inventari-mezzi/${inventoryId}/hub-token`)).json().data;
    expect(token.topics).toEqual([`/inventari-mezzi/${inventoryId}`]);
    const heard: HubEvent[] = [];
    const stop = f.t.ctx.hub.subscribe(token.topics, (e) => heard.push(e));
    const item = await itemOf(fleet[6]?.code as string);
    await setStatus(f.counter, item.id, f.presente);
    stop();
    expect(heard).toMatchObject([{ entity: 'inventarioMezzi', event: 'updated' }]);
  });

  it('is concluded by a supervisor only, then refuses every change to it or its items (409)', async () => {
    const item = await itemOf(fleet[7]?.code as string);
    await setStatus(f.counter, item.id, f.nonTrovato);
    expect((await f.call(f.counter, 'PUT', `/api/inventari-mezzi/${inventoryId}/concluso`)).statusCode).toBe(403);
    const concluded = await f.call(f.supervisor, 'PUT', `/api/inventari-mezzi/${inventoryId}/concluso`);
    expect(concluded.statusCode).toBe(200);
    expect(concluded.json().data).toMatchObject({ concluso: true, status: 'Concluso', conclusoDa: 'Prova Test' });
    expect(Date.parse(concluded.json().data.dataConclusione)).toBeGreaterThan(Date.now() - 60_000);
    // Manual item, "Non trovato", and every machine never counted are anomalies once concluded.
    const counted = (await items(f.supervisor, '&withoutStatus=1')).json().totalRows as number;
    expect(concluded.json().data.anomalie).toBe(1 + 1 + counted);

    const manual = (await items(f.supervisor, '&multiField=XX-NUOVO1')).json().data[0];
    const refusals = [
      await setStatus(f.counter, item.id, f.presente),
      await setStatus(f.supervisor, item.id, -1),
      await f.call(f.counter, 'POST', '/api/inventario-mezzi-items', {
        idInventarioMezzi: inventoryId,
        resourceMago: 'NEW-1',
      }),
      await f.call(f.counter, 'PUT', `/api/inventario-mezzi-items/${manual.id}`, { ...manual, note: 'dopo' }),
      await f.call(f.admin, 'DELETE', `/api/inventario-mezzi-items/${manual.id}`),
      await f.call(f.admin, 'PUT', `/api/inventari_mezzi/${inventoryId}`, { filialeInventarioId: f.milano }),
      await f.call(f.admin, 'DELETE', `/api/inventari_mezzi/${inventoryId}`),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().message])).toEqual(
      refusals.map(() => [409, "L'inventario è concluso: non può più essere modificato"]),
    );
    const again = await f.call(f.admin, 'PUT', `/api/inventari-mezzi/${inventoryId}/concluso`);
    expect([again.statusCode, again.json().message]).toEqual([409, "L'inventario è già concluso"]);
    expect((await itemOf(item.resourceMago)).status).toBe('Non trovato');
    expect((await items(f.supervisor, '&multiField=XX-NUOVO1')).json().data[0].note).toBe('Accanto alla pesa');
    // Once concluded, the counter sees the whole list.
    expect((await items(f.counter)).json().totalRowsNoFiltered).toBe(fleet.length + 1);
  });
});
