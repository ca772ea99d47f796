import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErpMachine } from '../../../domain/inventory/closingLists.ts';
import { demoErp } from '../../plugins/erp.ts';
import { inventoryFixture, type InventoryFixture } from './inventoryFixture.ts';

let f: InventoryFixture;
let milanoInventory: number;
let bergamoInventory: number;
let atHome: ErpMachine[];

const itemOf = async (inventoryId: number, code: string) =>
  (
    await f.call(f.admin, 'GET', `/api/inventario-mezzi-items?idInventarioMezzi=${inventoryId}&multiField=${code}`)
  ).json().data[0] as Record<string, unknown> & { id: number };
const move = (headers: { authorization: string }, itemId: number, filialeInventarioId: unknown) =>
  f.call(headers, 'POST', `/api/inventario-mezzi-items/${itemId}/sposta`, { filialeInventarioId });
const closing = async (inventoryId: number) =>
  (await f.call(f.admin, 'GET', `/api/inventari-mezzi/${inventoryId}/chiusura`)).json().data as Record<
    string,
    (Record<string, unknown> & { code: string })[]
  >;

beforeAll(async () => {
  f = await inventoryFixture();
  atHome = (await f.t.ctx.erp.machinesOfBranch('MI01')).filter((m) => !m.rental);
  milanoInventory = (await f.call(f.counter, 'POST', '/api/inventari_mezzi', { filialeInventarioId: f.milano })).json()
    .data.id;
  bergamoInventory = (
    await f.call(f.bergamoCounter, 'POST', '/api/inventari_mezzi', { filialeInventarioId: f.bergamo })
  ).json().data.id;
});
afterAll(() => f.t.close());

describe('moving a machine to the branch where it really is (issue 32)', () => {
  it('records the move in the ERP and shows it in both inventories and in both closings', async () => {
    const machine = atHome[0] as ErpMachine;
    const item = await itemOf(milanoInventory, machine.code);
    const res = await move(f.supervisor, item.id, f.bergamo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { id: item.id, trasferitoAId: f.bergamo, trasferitoA: 'Bergamo', spostatoDa: 'Prova Test' },
      inventarioDestinazioneId: bergamoInventory,
      riferimentoErp: expect.stringMatching(/^SP-\d{6}$/),
      message: `Mezzo ${machine.code} trasferito a Bergamo`,
    });

    // The ERP registers it at Bergamo from now on.
    expect((await f.t.ctx.erp.machinesByCode([machine.code]))[0]?.branchCode).toBe('BG01');
    expect((await f.t.ctx.erp.machinesOfBranch('MI01')).map((m) => m.code)).not.toContain(machine.code);
    expect((await f.t.ctx.erp.machinesOfBranch('BG01')).map((m) => m.code)).toContain(machine.code);

    // Origin: "Trasferito a Bergamo", no longer waiting to be counted; destination: found, "Trasferito da".
    expect(await itemOf(milanoInventory, machine.code)).toMatchObject({ trasferitoA: 'Bergamo' });
    const counted = await f.call(f.counter, 'PUT', `/api/inventario-mezzi-items/${item.id}/stato/${f.presente}`);
    expect(counted.statusCode).toBe(409);
    expect(counted.json().message).toBe(
      "Il mezzo è stato trasferito a Bergamo: si conta nell'inventario di quella filiale",
    );
    const arrived = await itemOf(bergamoInventory, machine.code);
    expect(arrived).toMatchObject({
      trasferitoDa: 'Milano Nord',
      trasferitoDaId: f.milano,
      manuale: 'N',
      contatoDa: 'Prova Test',
      descrizione: machine.description,
    });
    const unverified = async (inventoryId: number, headers = f.admin) =>
      (
        await f.call(
          headers,
          'GET',
          `/api/inventario-mezzi-items?idInventarioMezzi=${inventoryId}&withoutStatus=1&multiField=${machine.code}`,
        )
      ).json().totalRows;
    expect(await unverified(milanoInventory)).toBe(0);
    expect(await unverified(bergamoInventory)).toBe(0);
    // A counter of Bergamo counting blind sees the machine that arrived as counted.
    const blind = await f.call(
      f.bergamoCounter,
      'GET',
      `/api/inventario-mezzi-items?idInventarioMezzi=${bergamoInventory}`,
    );
    expect(blind.json().data.map((i: { resourceMago: string }) => i.resourceMago)).toEqual([machine.code]);

    const milano = await closing(milanoInventory);
    expect(milano.transferred).toEqual([
      expect.objectContaining({ code: machine.code, toBranch: 'Bergamo', movedBy: 'Prova Test' }),
    ]);
    expect(milano.missing?.map((m) => m.code)).not.toContain(machine.code);
    const bergamo = await closing(bergamoInventory);
    expect(bergamo.found).toEqual([
      expect.objectContaining({ code: machine.code, branchCode: 'BG01', fromBranch: 'Milano Nord' }),
    ]);
    expect(bergamo.transferred).toEqual([]);
  });

  it('refuses a counter, a closed inventory, an unknown or the same branch, and a second move; nothing changes', async () => {
    const machine = atHome[1] as ErpMachine;
    const item = await itemOf(milanoInventory, machine.code);
    const erpBranch = async () => (await f.t.ctx.erp.machinesByCode([machine.code]))[0]?.branchCode;

    expect((await move(f.counter, item.id, f.bergamo)).statusCode).toBe(403);
    expect((await move(f.bergamoCounter, item.id, f.bergamo)).statusCode).toBe(403);
    const unknown = await move(f.supervisor, item.id, 999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().violations).toEqual([
      { field: 'filialeInventarioId', message: "La filiale di destinazione non esiste: sceglierne una dall'elenco" },
    ]);
    const same = await move(f.supervisor, item.id, f.milano);
    expect(same.statusCode).toBe(400);
    expect(same.json().violations[0].field).toBe('filialeInventarioId');
    const bad = await move(f.supervisor, item.id, 'Bergamo');
    expect(bad.statusCode).toBe(400);
    expect((await move(f.supervisor, 999_999, f.bergamo)).statusCode).toBe(404);
    expect(await itemOf(milanoInventory, machine.code)).toEqual(item);
    expect(await erpBranch()).toBe('MI01');

    expect((await move(f.supervisor, item.id, f.bergamo)).statusCode).toBe(200);
    const twice = await move(f.supervisor, item.id, f.bergamo);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Il mezzo è già stato trasferito a Bergamo');
    expect((await closing(bergamoInventory)).found?.filter((m) => m.code === machine.code)).toHaveLength(1);

    // A machine added by hand is already where it was found.
    const manual = await f.call(f.counter, 'POST', '/api/inventario-mezzi-items', {
      idInventarioMezzi: milanoInventory,
      resourceMago: 'XX-A-MANO',
    });
    expect((await move(f.supervisor, manual.json().data.id, f.bergamo)).statusCode).toBe(409);

    // Once Milano's inventory is concluded, nothing of it moves.
    const other = await itemOf(milanoInventory, (atHome[2] as ErpMachine).code);
    expect((await f.call(f.supervisor, 'PUT', `/api/inventari-mezzi/${milanoInventory}/concluso`)).statusCode).toBe(
      200,
    );
    const closed = await move(f.admin, other.id, f.bergamo);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe("L'inventario è concluso: non può più essere modificato");
    expect(await itemOf(milanoInventory, other.resourceMago as string)).toEqual(other);
    expect((await f.t.ctx.erp.machinesByCode([other.resourceMago as string]))[0]?.branchCode).toBe('MI01');
  });

  it("moves to a branch without an open inventory: the ERP has it, and that branch's next inventory lists it", async () => {
    const branches = f.t.ctx.resource('FilialeInventario').repo;
    const como = Number((await branches.create({ nome: 'Como', codiceMago: 'CO01' })).id);
    const open = (await f.call(f.supervisor, 'POST', '/api/inventari_mezzi', { filialeInventarioId: f.milano })).json()
      .data.id as number;
    const machine = atHome[3] as ErpMachine;
    const item = await itemOf(open, machine.code);
    const res = await move(f.supervisor, item.id, como);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      inventarioDestinazioneId: null,
      message: `Mezzo ${machine.code} trasferito a Como. Como non ha un inventario in corso: il mezzo sarà nel suo prossimo inventario`,
    });
    const next = (await f.call(f.admin, 'POST', '/api/inventari_mezzi', { filialeInventarioId: como })).json().data
      .id as number;
    expect(await itemOf(next, machine.code)).toMatchObject({ resourceMago: machine.code });
  });
});

describe('a move the ERP does not record', () => {
  it('answers 502 and changes nothing in either inventory', async () => {
    const g = await inventoryFixture({
      erp: (() => {
        const erp = demoErp(null as never);
        return {
          ...erp,
          moveMachine: async () => {
            throw new Error('Mago non risponde');
          },
        };
      })(),
    });
    try {
      const milano = (await g.call(g.counter, 'POST', '/api/inventari_mezzi', { filialeInventarioId: g.milano })).json()
        .data.id;
      const bergamo = (
        await g.call(g.bergamoCounter, 'POST', '/api/inventari_mezzi', { filialeInventarioId: g.bergamo })
      ).json().data.id;
      const list = (id: number) =>
        g.call(g.admin, 'GET', `/api/inventario-mezzi-items?idInventarioMezzi=${id}&rowsPerPage=5`);
      const before = (await list(milano)).json();
      const item = before.data[0];
      const res = await g.call(g.supervisor, 'POST', `/api/inventario-mezzi-items/${item.id}/sposta`, {
        filialeInventarioId: g.bergamo,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/Il gestionale \(Mago\) non ha registrato lo spostamento/);
      expect((await list(milano)).json()).toEqual(before);
      expect((await list(bergamo)).json().totalRowsNoFiltered).toBe(
        (await g.t.ctx.erp.machinesOfBranch('BG01')).length,
      );
    } finally {
      await g.t.close();
    }
  });
});
