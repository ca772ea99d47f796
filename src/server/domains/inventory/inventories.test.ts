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
    expect(mine.json()).toEqual({ data: [], totalRows: 0, references: {} });
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

describe("an inventory's history (issue 31)", () => {
  /** Makes the history refuse the rows of `risorsa`'s `evento` (storico_append_only raises) while fn runs. */
  async function historyRefusing(risorsa: string, evento: string, fn: () => Promise<void>) {
    const db = f.t.ctx.db;
    await db.query(`CREATE TRIGGER "storico_guasto" BEFORE INSERT ON "storico" FOR EACH ROW
      WHEN (NEW.risorsa = '${risorsa}' AND NEW.evento = '${evento}') EXECUTE FUNCTION storico_append_only()`);
    try {
      await fn();
    } finally {
      await db.query(`DROP TRIGGER "storico_guasto" ON "storico"`);
    }
  }
  const rowsOf = async (inventoryId: number) =>
    (
      await f.t.ctx.db.query<{ risorsa: string; evento: string; utente: string; richiesta: string; campi: object }>(
        `SELECT risorsa, evento, utente, richiesta, campi FROM "storico"
          WHERE (risorsa = 'inventarioMezzi' AND "recordId" = $1) OR ("padreRisorsa" = 'inventarioMezzi' AND "padreId" = $1)
          ORDER BY id`,
        [inventoryId],
      )
    ).rows;

  it('deleting an inventory leaves a deletion for it and for each of its items, in the deletion’s transaction', async () => {
    const inventory = (await create(f.bergamoCounter, f.bergamo)).json().data;
    const fleet = (await f.t.ctx.erp.machinesOfBranch('BG01')).length;
    expect(fleet).toBeGreaterThan(0);
    // Its creation: one row for it and one for each machine the ERP filled it with.
    const made = await rowsOf(inventory.id);
    expect(made.filter((r) => r.evento === 'creazione')).toHaveLength(fleet + 1);
    // Whatever stops an item's row stops the deletion: the inventory and its items stay, no row is left.
    await historyRefusing('inventarioMezziItem', 'eliminazione', async () => {
      const refused = await f.call(f.admin, 'DELETE', `/api/inventari_mezzi/${inventory.id}`);
      expect(refused.statusCode).toBe(500);
    });
    expect((await f.call(f.admin, 'GET', `/api/inventari_mezzi/${inventory.id}`)).statusCode).toBe(200);
    const items = await f.call(f.admin, 'GET', `/api/inventario-mezzi-items?idInventarioMezzi=${inventory.id}`);
    expect(items.json().totalRows).toBe(fleet);
    expect(await rowsOf(inventory.id)).toHaveLength(made.length);

    expect((await f.call(f.admin, 'DELETE', `/api/inventari_mezzi/${inventory.id}`)).statusCode).toBe(204);
    const gone = (await rowsOf(inventory.id)).filter((r) => r.evento === 'eliminazione');
    expect(gone.filter((r) => r.risorsa === 'inventarioMezziItem')).toHaveLength(fleet);
    expect(gone.filter((r) => r.risorsa === 'inventarioMezzi')).toHaveLength(1);
    // Each names who deleted, in the one request, and what the item was.
    expect(new Set(gone.map((r) => `${r.utente} ${r.richiesta}`)).size).toBe(1);
    expect(gone[0]?.utente).toBe('Prova Test');
    expect(gone[0]?.richiesta).toBeTruthy();
    expect(gone.find((r) => r.risorsa === 'inventarioMezziItem')?.campi).toMatchObject({
      idInventarioMezzi: [inventory.id, null],
      manuale: ['N', null],
    });
  });

  it('a conclusion is an event of its own, by who concluded', async () => {
    const inventory = (await create(f.bergamoCounter, f.bergamo)).json().data;
    expect((await f.call(f.admin, 'PUT', `/api/inventari-mezzi/${inventory.id}/concluso`)).statusCode).toBe(200);
    const [last] = (await rowsOf(inventory.id)).reverse();
    expect(last).toMatchObject({ risorsa: 'inventarioMezzi', evento: 'conclusione', utente: 'Prova Test' });
    expect(last?.campi).toMatchObject({ concluso: [false, true] });
  });
});
