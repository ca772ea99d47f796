import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryFixture, type InventoryFixture } from './inventoryFixture.ts';

let f: InventoryFixture;
let fleetSize: number;
beforeAll(async () => {
  f = await inventoryFixture();
  fleetSize = (await f.t.ctx.erp.machinesOfBranch('MI01')).length;
});
afterAll(() => f.t.close());

const create = (headers: InventoryFixture['counter'], filialeInventarioId: number) =>
  f.call(headers, 'POST', '/api/inventari_mezzi', { filialeInventarioId });

describe('inventory branches and inventories (issue 18)', () => {
  it("lists the user's own branches, and every branch to an admin", async () => {
    const mine = (await f.call(f.counter, 'GET', '/api/users/me/filiali-inventario')).json().data;
    expect(mine.map((b: { nome: string }) => b.nome)).toEqual(['Milano Nord']);
    const all = (await f.call(f.admin, 'GET', '/api/users/me/filiali-inventario')).json().data;
    expect(all.map((b: { nome: string }) => b.nome)).toEqual(['Bergamo', 'Milano Nord']);
  });

  it("reads one of the user's branches; another branch is not found", async () => {
    const own = await f.call(f.counter, 'GET', `/api/filiali-inventari/${f.milano}`);
    expect(own.json().data).toMatchObject({ id: f.milano, nome: 'Milano Nord' });
    const other = await f.call(f.counter, 'GET', `/api/filiali-inventari/${f.bergamo}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().data).toBeUndefined();
    expect((await f.call(f.admin, 'GET', `/api/filiali-inventari/${f.bergamo}`)).json().data.nome).toBe('Bergamo');
  });

  it("creates an inventory of the user's branch filled with the branch's machines from the ERP", async () => {
    expect(fleetSize).toBeGreaterThan(199);
    const res = await create(f.counter, f.milano);
    expect(res.statusCode).toBe(201);
    const inventory = res.json().data;
    expect(inventory).toMatchObject({
      filialeInventarioId: f.milano,
      filialeInventario: { id: f.milano, nome: 'Milano Nord' },
      concluso: false,
      status: 'In corso',
      anomalie: 0,
      createdBy: 'Prova Test',
    });
    expect(inventory.codiceMago).toBeUndefined();
    const items = await f.call(f.supervisor, 'GET', `/api/inventario-mezzi-items?idInventarioMezzi=${inventory.id}`);
    expect(items.json()).toMatchObject({ totalRows: fleetSize, totalRowsNoFiltered: fleetSize });
    expect(items.json().data).toHaveLength(50);
    const first = (await f.t.ctx.erp.machinesOfBranch('MI01')).map((m) => m.code).sort()[0];
    expect(items.json().data[0]).toMatchObject({ resourceMago: first, manuale: 'N', statusId: null });
  });

  it('refuses a branch the user does not belong to, and a second open inventory of a branch; nothing is created', async () => {
    const before = (await f.call(f.admin, 'GET', '/api/inventari_mezzi')).json().totalRows;
    const other = await create(f.counter, f.bergamo);
    expect(other.statusCode).toBe(400);
    expect(other.json().violations).toEqual([
      { field: 'filialeInventarioId', message: 'La filiale non è tra le filiali inventario assegnate al tuo utente' },
    ]);
    const unknown = await create(f.admin, 999);
    expect(unknown.statusCode).toBe(400);
    const twice = await create(f.counter2, f.milano);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      "Per la filiale Milano Nord c'è già un inventario in corso: concluderlo prima di aprirne un altro",
    );
    expect((await f.call(f.admin, 'GET', '/api/inventari_mezzi')).json().totalRows).toBe(before);
  });

  it("lists and opens only the inventories of the user's branches, whatever is asked for", async () => {
    const bergamo = (await create(f.bergamoCounter, f.bergamo)).json().data;
    const mine = await f.call(f.counter, 'GET', `/api/inventari_mezzi?idFilialiInventario=${f.bergamo}`);
    expect(mine.json()).toEqual({ data: [], totalRows: 0 });
    const all = await f.call(f.counter, 'GET', '/api/inventari_mezzi');
    expect(all.json().data.every((i: { filialeInventarioId: number }) => i.filialeInventarioId === f.milano)).toBe(
      true,
    );
    expect((await f.call(f.counter, 'GET', `/api/inventari_mezzi/${bergamo.id}`)).statusCode).toBe(404);
    expect(
      (await f.call(f.counter, 'GET', `/api/inventario-mezzi-items?idInventarioMezzi=${bergamo.id}`)).statusCode,
    ).toBe(404);
    expect((await f.call(f.counter, 'GET', `/api/inventari-mezzi/${bergamo.id}/hub-token`)).statusCode).toBe(404);
    const admin = await f.call(f.admin, 'GET', `/api/inventari_mezzi?idFilialiInventario=${f.bergamo}`);
    expect(admin.json().data.map((i: { id: number }) => i.id)).toEqual([bergamo.id]);
  });

  it('changes nothing of an inventory but refuses moving it to another branch', async () => {
    const [inventory] = (await f.call(f.counter, 'GET', '/api/inventari_mezzi')).json().data;
    const moved = await f.call(f.counter, 'PUT', `/api/inventari_mezzi/${inventory.id}`, {
      filialeInventarioId: f.bergamo,
    });
    expect(moved.statusCode).toBe(409);
    const same = await f.call(f.counter, 'PUT', `/api/inventari_mezzi/${inventory.id}`, {
      filialeInventarioId: f.milano,
      version: inventory.version,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.filialeInventarioId).toBe(f.milano);
  });

  it('lets only supervisors and admins delete an inventory, and never a concluded one', async () => {
    const bergamo = (await f.call(f.admin, 'GET', `/api/inventari_mezzi?idFilialiInventario=${f.bergamo}`)).json()
      .data[0];
    expect((await f.call(f.bergamoCounter, 'DELETE', `/api/inventari_mezzi/${bergamo.id}`)).statusCode).toBe(403);
    expect((await f.call(f.supervisor, 'DELETE', `/api/inventari_mezzi/${bergamo.id}`)).statusCode).toBe(404);
    expect((await f.call(f.admin, 'PUT', `/api/inventari-mezzi/${bergamo.id}/concluso`)).statusCode).toBe(200);
    const refused = await f.call(f.admin, 'DELETE', `/api/inventari_mezzi/${bergamo.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("L'inventario è concluso: non può più essere modificato");
    expect((await f.call(f.admin, 'GET', `/api/inventari_mezzi/${bergamo.id}`)).statusCode).toBe(200);
    const fresh = (await create(f.bergamoCounter, f.bergamo)).json().data;
    expect((await f.call(f.admin, 'DELETE', `/api/inventari_mezzi/${fresh.id}`)).statusCode).toBe(204);
    expect((await f.call(f.admin, 'GET', `/api/inventari_mezzi/${fresh.id}`)).statusCode).toBe(404);
  });
});
