import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../tests/helpers/testApp.ts';
import { bearer, signInOn, twoProcesses, userIdOf } from '../../../tests/helpers/twoProcesses.ts';

// Each request's user state is answered from a cache in each server process. A change made through one
// process must reach the other's cache (the hub's NOTIFY on PostgreSQL), so the other refuses the user's
// very next request once it has heard it, not ten seconds later when its entry would expire.
const both = twoProcesses();
beforeAll(async () => {
  await both.a.ctx
    .resource('Customer')
    .repo.create({ companyName: 'Impresa Rota S.p.A.', vatNumber: '00743110157', email: 'ufficio@rota.it' });
});

const customers = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/customers?page=1&rowsPerPage=5', headers: bearer(token) });
const idOf = (username: string) => userIdOf(both.a, username);
async function editUser(id: number, changes: Record<string, unknown>) {
  const current = (await both.a.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: both.admin })).json()
    .data;
  const res = await both.a.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: both.admin,
    payload: { ...current, ...changes },
  });
  expect(res.statusCode).toBe(200);
}
/** A user signed in on process b, whose state b holds in its cache after a first call answered 200. */
async function cachedOnB(username: string) {
  await both.a.as(['ROLE_USER_CRM', 'ROLE_USER'], username);
  const session = await signInOn(both.b, username);
  const [customer] = (await customers(both.b, session.token)).json().data;
  expect(customer.email).toBe('ufficio@rota.it');
  expect(both.b.ctx.userStates.peek(await idOf(username))?.state?.active).toBe(true);
  return session;
}
/** What b answers to the token, once b has heard of the change (a few ms on PostgreSQL). */
async function bAnswers(token: string, status: number) {
  await vi.waitFor(async () => expect((await customers(both.b, token)).statusCode).toBe(status), { timeout: 5000 });
}

describe('the user cache of another server process', () => {
  it('a role removed on one process: the other refuses the old token, and a new sign-in there has only the roles left', async () => {
    const session = await cachedOnB('ruolo.tolto');
    await editUser(await idOf('ruolo.tolto'), { roles: ['ROLE_USER'] });
    await bAnswers(session.token, 401);
    // Signing in again there gives the roles left: the customers without their contact details.
    const again = await signInOn(both.b, 'ruolo.tolto');
    const [customer] = (await customers(both.b, again.token)).json().data;
    expect(customer.companyName).toBe('Impresa Rota S.p.A.');
    expect(customer.email).toBeUndefined();
  });

  it('a deactivation on one process: the other answers 423 and refuses the refresh', async () => {
    const session = await cachedOnB('disattivato.altrove');
    const res = await both.a.app.inject({
      method: 'PUT',
      url: `/api/users/${await idOf('disattivato.altrove')}/active/false`,
      headers: both.admin,
    });
    expect(res.statusCode).toBe(200);
    await bAnswers(session.token, 423);
    const refreshed = await both.b.app.inject({
      method: 'POST',
      url: '/token/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('a forced logout on one process: the other refuses the session at once', async () => {
    const session = await cachedOnB('forzato.altrove');
    const res = await both.a.app.inject({
      method: 'POST',
      url: `/api/users/${await idOf('forzato.altrove')}/force-logout`,
      headers: both.admin,
    });
    expect(res.statusCode).toBe(200);
    await bAnswers(session.token, 401);
  });

  it('an admin’s password reset on one process ends the session the other holds', async () => {
    const session = await cachedOnB('password.altrove');
    await editUser(await idOf('password.altrove'), {
      password: 'Reimpostata2025!',
      confirmPassword: 'Reimpostata2025!',
    });
    await bAnswers(session.token, 401);
    await signInOn(both.b, 'password.altrove', 'Reimpostata2025!');
  });

  it('a logout on one process ends that session on the other, and only that one', async () => {
    const ending = await cachedOnB('esce.altrove');
    const staying = await signInOn(both.b, 'esce.altrove');
    expect((await customers(both.b, staying.token)).statusCode).toBe(200);
    const res = await both.a.app.inject({
      method: 'POST',
      url: '/logout',
      payload: { refresh_token: ending.refresh_token },
    });
    expect(res.statusCode).toBe(204);
    await bAnswers(ending.token, 401);
    expect((await customers(both.b, staying.token)).statusCode).toBe(200);
  });

  it('an edit that changes neither roles, password nor activity keeps the session on the other process', async () => {
    const session = await cachedOnB('rinominato.altrove');
    await editUser(await idOf('rinominato.altrove'), { name: 'Altro nome' });
    expect((await customers(both.b, session.token)).statusCode).toBe(200);
  });
});
