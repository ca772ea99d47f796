import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let boss: { authorization: string };
let admin: { authorization: string };
let bossId = 0;
let adminId = 0;
let otherBossId = 0;
let clerkId = 0;

const idOf = async (username: string) =>
  (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "user" WHERE username = $1`, [username])).rows[0]?.id ?? 0;
/** The stored user, internal columns included: what must not change after a refusal. */
const stored = async (id: number) =>
  (await t.ctx.db.query(`SELECT * FROM "user" WHERE id = $1`, [id])).rows[0] as Record<string, unknown>;

beforeAll(async () => {
  t = await testApp();
  boss = await t.as(['ROLE_SUPER_ADMIN'], 'super.admin');
  admin = await t.as(['ROLE_ADMIN'], 'amministratore');
  await t.as(['ROLE_SUPER_ADMIN'], 'altro.super');
  await t.as(['ROLE_USER_CRM'], 'impiegato');
  bossId = await idOf('super.admin');
  adminId = await idOf('amministratore');
  otherBossId = await idOf('altro.super');
  clerkId = await idOf('impiegato');
});
afterAll(() => t.close());

const call = (method: string, url: string, headers: { authorization: string }, payload?: object) =>
  t.app.inject({ method: method as 'PUT', url, headers, ...(payload ? { payload } : {}) });
/** The user dialog's save: the whole record, some fields changed. */
async function edit(id: number, changes: Record<string, unknown>, headers: { authorization: string }) {
  const current = (await call('GET', `/api/users/${id}`, boss)).json().data;
  return call('PUT', `/api/users/${id}`, headers, { ...current, ...changes });
}
/** A refusal with its status and message, and nothing changed in the database. */
async function refused(id: number, attempt: () => Promise<{ statusCode: number; json(): unknown }>, status: number) {
  const before = await stored(id);
  const res = await attempt();
  expect(res.statusCode).toBe(status);
  expect((res.json() as { message: string }).message).toMatch(/^[A-Z]/);
  expect(await stored(id)).toEqual(before);
  return res.json() as { message: string; violations?: { field: string; message: string }[] };
}

describe('only a super admin grants or removes ROLE_SUPER_ADMIN', () => {
  it('an admin cannot give it to anyone, itself included, nor create a super admin', async () => {
    const toOther = await refused(clerkId, () => edit(clerkId, { roles: ['ROLE_SUPER_ADMIN'] }, admin), 403);
    expect(toOther.message).toBe(
      'Solo un super amministratore può assegnare o togliere il ruolo di super amministratore',
    );
    await refused(adminId, () => edit(adminId, { roles: ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] }, admin), 400);
    const users = (await t.ctx.db.query(`SELECT count(*)::int AS n FROM "user"`)).rows[0];
    const created = await call('POST', '/api/users', admin, {
      username: 'nuovo.super',
      email: 'nuovo.super@prova.it',
      name: 'Nuovo',
      surname: 'Super',
      roles: ['ROLE_SUPER_ADMIN'],
      password: 'Password123!',
      confirmPassword: 'Password123!',
    });
    expect(created.statusCode).toBe(403);
    expect((await t.ctx.db.query(`SELECT count(*)::int AS n FROM "user"`)).rows[0]).toEqual(users);
  });

  it('an admin cannot take it away from a super admin', async () => {
    await refused(otherBossId, () => edit(otherBossId, { roles: ['ROLE_USER'] }, admin), 403);
  });

  it('a super admin can grant and remove it', async () => {
    expect((await edit(clerkId, { roles: ['ROLE_USER_CRM', 'ROLE_SUPER_ADMIN'] }, boss)).statusCode).toBe(200);
    expect((await edit(clerkId, { roles: ['ROLE_USER_CRM'] }, boss)).statusCode).toBe(200);
  });
});

describe('only a super admin acts on a super admin', () => {
  it('an admin cannot edit a super admin', async () => {
    const res = await refused(otherBossId, () => edit(otherBossId, { name: 'Cambiato' }, admin), 403);
    expect(res.message).toBe(
      'Solo un super amministratore può modificare, disattivare, eliminare o disconnettere un super amministratore',
    );
  });

  it('an admin cannot reset a super admin’s password', async () => {
    await refused(
      otherBossId,
      () => edit(otherBossId, { password: 'Presa2025!', confirmPassword: 'Presa2025!' }, admin),
      403,
    );
  });

  it('an admin cannot deactivate a super admin', async () => {
    await refused(otherBossId, () => call('PUT', `/api/users/${otherBossId}/active/false`, admin), 403);
  });

  it('an admin cannot delete a super admin', async () => {
    await refused(otherBossId, () => call('DELETE', `/api/users/${otherBossId}`, admin), 403);
  });

  it('an admin cannot force a super admin out', async () => {
    await refused(otherBossId, () => call('POST', `/api/users/${otherBossId}/force-logout`, admin), 403);
  });

  it('an admin cannot impersonate a super admin (nor anybody)', async () => {
    await refused(otherBossId, () => call('POST', `/api/users/${otherBossId}/impersonate`, admin), 403);
  });

  it('a super admin can do all of it to another super admin', async () => {
    expect((await edit(otherBossId, { name: 'Rinominato' }, boss)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${otherBossId}/impersonate`, boss)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${otherBossId}/force-logout`, boss)).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${otherBossId}/active/false`, boss)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/users/${otherBossId}`, boss)).statusCode).toBe(204);
  });

  it('an admin still manages everybody else', async () => {
    expect((await edit(clerkId, { name: 'Giulia' }, admin)).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${clerkId}/active/false`, admin)).statusCode).toBe(200);
  });
});

describe('nobody edits their own roles', () => {
  it('not an admin, not a super admin; other fields of their own record they may edit', async () => {
    const own = await refused(adminId, () => edit(adminId, { roles: ['ROLE_USER'] }, admin), 400);
    expect(own.violations).toEqual([{ field: 'roles', message: 'Non è possibile modificare i propri ruoli' }]);
    await refused(bossId, () => edit(bossId, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'] }, boss), 400);
    expect((await edit(adminId, { surname: 'Rossi' }, admin)).statusCode).toBe(200);
  });
});
