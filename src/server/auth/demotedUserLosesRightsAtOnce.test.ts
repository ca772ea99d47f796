import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubEvent } from '../../../generated/entities.ts';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp({ limits: { hub: { perUser: 2, total: 50 } } });
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  await t.ctx
    .resource('Customer')
    .repo.create({ companyName: 'Impresa Rota S.p.A.', vatNumber: '00743110157', email: 'ufficio@rota.it' });
});
afterAll(() => t.close());

const login = async (username: string, password = TEST_PASSWORD) => {
  const res = await t.app.inject({ method: 'POST', url: '/login_check', payload: { username, password } });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; refresh_token: string }>();
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refresh = (refresh_token: string) =>
  t.app.inject({ method: 'POST', url: '/token/refresh', payload: { refresh_token } });
const idOf = async (username: string) =>
  (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "user" WHERE username = $1`, [username])).rows[0]?.id ?? 0;
/** An admin's edit of a user, as the user dialog sends it: the whole record with some fields changed. */
async function editUser(id: number, changes: Record<string, unknown>, headers = admin) {
  const current = (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: admin })).json().data;
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers,
    payload: { ...current, ...changes },
  });
  expect(res.statusCode).toBe(200);
  return res;
}
const customers = (headers: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/customers?page=1&rowsPerPage=10', headers });
/** The hub events published for a user while fn runs. */
async function eventsFor(userId: number, fn: () => Promise<unknown>): Promise<HubEvent[]> {
  const seen: HubEvent[] = [];
  const stop = t.ctx.hub.subscribe([`/users/${userId}`], (e) => seen.push(e));
  try {
    await fn();
  } finally {
    stop();
  }
  return seen;
}

describe('a change of roles, password or activity ends the sessions at once', () => {
  it('a demoted user’s very next request is refused, their refresh token too, and the hub logs them out', async () => {
    await t.as(['ROLE_USER_CRM', 'ROLE_USER'], 'da.declassare');
    const session = await login('da.declassare');
    expect((await customers(bearer(session.token))).json().data).toBeDefined();
    const id = await idOf('da.declassare');
    const events = await eventsFor(id, () => editUser(id, { roles: ['ROLE_USER'] }));
    expect(events).toEqual([expect.objectContaining({ event: 'forced-logout', userId: id })]);
    const next = await customers(bearer(session.token));
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe('Sessione terminata: accedere di nuovo');
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    // Signing in again gives the new roles.
    const again = await login('da.declassare');
    const [customer] = (await customers(bearer(again.token))).json().data;
    expect(customer.companyName).toBe('Impresa Rota S.p.A.');
    expect(customer.email).toBeUndefined();
  });

  it('an admin’s password reset ends the user’s sessions; the new password works', async () => {
    await t.as(['ROLE_USER_CRM'], 'da.reimpostare');
    const session = await login('da.reimpostare');
    const id = await idOf('da.reimpostare');
    const events = await eventsFor(id, () =>
      editUser(id, { password: 'Reimpostata2025!', confirmPassword: 'Reimpostata2025!' }),
    );
    expect(events.map((e) => e.event)).toEqual(['forced-logout']);
    expect((await customers(bearer(session.token))).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    await login('da.reimpostare', 'Reimpostata2025!');
  });

  it('an edit that changes neither roles, password nor activity keeps the sessions', async () => {
    await t.as(['ROLE_USER_CRM'], 'da.rinominare');
    const session = await login('da.rinominare');
    const id = await idOf('da.rinominare');
    await editUser(id, { name: 'Nuovo nome' });
    expect((await customers(bearer(session.token))).statusCode).toBe(200);
  });

  it('deactivation: 423 at the next request, no refresh, and a new hub stream is refused', async () => {
    await t.as(['ROLE_USER_CRM'], 'da.disattivare2');
    const session = await login('da.disattivare2');
    const hub = (
      await t.app.inject({ method: 'GET', url: '/api/hub/subscriber-token', headers: bearer(session.token) })
    ).json().data.token as string;
    const id = await idOf('da.disattivare2');
    await t.app.inject({ method: 'PUT', url: `/api/users/${id}/active/false`, headers: admin });
    expect((await customers(bearer(session.token))).statusCode).toBe(423);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    const stream = await t.app.inject({ method: 'GET', url: `/hub?topic=/users/${id}&token=${hub}` });
    expect(stream.statusCode).toBe(423);
  });

  it('changing one’s own password ends every other session and answers new tokens for this one', async () => {
    await t.as(['ROLE_USER_CRM'], 'cambia.sua');
    const other = await login('cambia.sua');
    const mine = await login('cambia.sua');
    const id = await idOf('cambia.sua');
    let res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(mine.token) });
    // No forced logout on the hub: it would end the very browser that changed the password.
    const events = await eventsFor(id, async () => {
      res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${id}/change-password`,
        headers: bearer(mine.token),
        payload: { oldPassword: TEST_PASSWORD, password: 'Cambiata2025!', confirmPassword: 'Cambiata2025!' },
      });
    });
    expect(events).toEqual([]);
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ message: string; token: string; refresh_token: string }>();
    expect(fresh.message).toBe('Operazione completata con successo');
    expect((await customers(bearer(fresh.token))).statusCode).toBe(200);
    expect((await refresh(fresh.refresh_token)).statusCode).toBe(200);
    for (const old of [other, mine]) {
      expect((await customers(bearer(old.token))).statusCode).toBe(401);
      expect((await refresh(old.refresh_token)).statusCode).toBe(401);
    }
  });

  it('an impersonation ends when the super admin behind it is demoted', async () => {
    const boss = await t.as(['ROLE_SUPER_ADMIN'], 'capo.impersona');
    await t.as(['ROLE_USER_CRM'], 'impersonato');
    const as = (
      await t.app.inject({ method: 'POST', url: `/api/users/${await idOf('impersonato')}/impersonate`, headers: boss })
    ).json<{ token: string }>();
    expect((await customers(bearer(as.token))).statusCode).toBe(200);
    await editUser(await idOf('capo.impersona'), { roles: ['ROLE_ADMIN'] });
    expect((await customers(bearer(as.token))).statusCode).toBe(401);
  });
});

describe('POST /logout', () => {
  it('revokes the refresh family: neither the token nor its successors refresh any more', async () => {
    await t.as(['ROLE_USER_CRM'], 'esce');
    const session = await login('esce');
    const next = (await refresh(session.refresh_token)).json<{ refresh_token: string }>();
    const out = await t.app.inject({ method: 'POST', url: '/logout', payload: { refresh_token: next.refresh_token } });
    expect(out.statusCode).toBe(204);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('answers 204 to an unknown token, saying nothing, and 400 to a missing one', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/logout', payload: { refresh_token: 'a'.repeat(64) } })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/logout', payload: {} })).statusCode).toBe(400);
  });
});

describe('parallel refreshes from several tabs', () => {
  it('10 refreshes with the same token at once all get the same new pair, which then works', async () => {
    await t.as(['ROLE_USER_CRM'], 'tante.schede');
    const session = await login('tante.schede');
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(session.refresh_token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().refresh_token)).size).toBe(1);
    const next = answers[0]?.json() as { token: string; refresh_token: string };
    expect((await customers(bearer(next.token))).statusCode).toBe(200);
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
  });

  it('a reuse after the 30 s window still revokes the whole family', async () => {
    await t.as(['ROLE_USER_CRM'], 'riuso.tardivo');
    const session = await login('riuso.tardivo');
    const next = (await refresh(session.refresh_token)).json<{ refresh_token: string }>();
    await t.ctx.db.query(
      `UPDATE "refreshToken" SET "usedAt" = now() - interval '31 seconds' WHERE "usedAt" IS NOT NULL AND "userId" = $1`,
      [await idOf('riuso.tardivo')],
    );
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });
});

describe('the hub', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('keeps at most a few streams per user (429 past them) and closes them on a forced logout', async () => {
    await t.as(['ROLE_USER_CRM'], 'molte.schede');
    const session = await login('molte.schede');
    const { token, topics } = (
      await t.app.inject({ method: 'GET', url: '/api/hub/subscriber-token', headers: bearer(session.token) })
    ).json().data as { token: string; topics: string[] };
    const url = `${base}/hub?${topics.map((x) => `topic=${encodeURIComponent(x)}`).join('&')}&token=${token}`;
    const open = [await fetch(url), await fetch(url)];
    expect(open.map((r) => r.status)).toEqual([200, 200]);
    const third = await fetch(url);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
    expect(t.ctx.hub.openStreams).toBe(2);
    const id = await idOf('molte.schede');
    await t.app.inject({ method: 'POST', url: `/api/users/${id}/force-logout`, headers: admin });
    const bodies = await Promise.all(open.map((r) => r.text()));
    for (const body of bodies) expect(body).toContain('"forced-logout"');
    expect(t.ctx.hub.openStreams).toBe(0);
    // The subscriber token belonged to the session that ended.
    expect((await fetch(url)).status).toBe(401);
  });
});
