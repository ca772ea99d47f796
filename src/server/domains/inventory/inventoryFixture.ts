import type { LightMyRequestResponse } from 'fastify';
import { testApp, type TestApp, type TestAppOptions } from '../../../../tests/helpers/testApp.ts';

type Headers = { authorization: string };

export interface InventoryFixture {
  t: TestApp;
  /** Branch ids: Milano Nord (MI01) and Bergamo (BG01). */
  milano: number;
  bergamo: number;
  /** Status ids: Presente, Non trovato (not on the yard), In riparazione. */
  presente: number;
  nonTrovato: number;
  riparazione: number;
  /** A counter of Milano, a second counter of Milano, a supervisor of Milano, a counter of Bergamo, an admin. */
  counter: Headers;
  counter2: Headers;
  supervisor: Headers;
  bergamoCounter: Headers;
  admin: Headers;
  call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

/** A server with the two demo branches, the three statuses and one user per part of the story. */
export async function inventoryFixture(options: TestAppOptions = {}): Promise<InventoryFixture> {
  const t = await testApp(options);
  const branches = t.ctx.resource('FilialeInventario').repo;
  const milano = Number((await branches.create({ nome: 'Milano Nord', codiceMago: 'MI01' })).id);
  const bergamo = Number((await branches.create({ nome: 'Bergamo', codiceMago: 'BG01' })).id);
  const stati = t.ctx.resource('InventarioMezziItemStato').repo;
  const presente = Number((await stati.create({ description: 'Presente', presente: true })).id);
  const nonTrovato = Number((await stati.create({ description: 'Non trovato', presente: false })).id);
  const riparazione = Number((await stati.create({ description: 'In riparazione', presente: true })).id);
  const user = async (roles: string[], username: string, filialiIds: number[]) => {
    const headers = await t.as(roles, username);
    await t.ctx.db.query(`UPDATE "user" SET "filialiIds" = $1::jsonb WHERE username = $2`, [
      JSON.stringify(filialiIds),
      username,
    ]);
    return headers;
  };
  return {
    t,
    milano,
    bergamo,
    presente,
    nonTrovato,
    riparazione,
    counter: await user(['ROLE_USER_INVENTARIO_MEZZI'], 'conta.milano', [milano]),
    counter2: await user(['ROLE_USER_INVENTARIO_MEZZI'], 'conta2.milano', [milano]),
    supervisor: await user(['ROLE_SUPERVISOR_INVENTARIO_MEZZI'], 'super.milano', [milano]),
    bergamoCounter: await user(['ROLE_USER_INVENTARIO_MEZZI'], 'conta.bergamo', [bergamo]),
    admin: await user(['ROLE_ADMIN'], 'admin.inventario', []),
    call: (headers, method, url, payload) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
  };
}
