import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await t.as(['ROLE_USER_CRM'], 'silvia.marini');
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/login_check', payload: { username, password }, remoteAddress: ip });
const refresh = (refresh_token: string) =>
  t.app.inject({ method: 'POST', url: '/token/refresh', payload: { refresh_token } });

describe('POST /login_check', () => {
  it('answers token and refresh_token; the token carries id, username, name, surname and roles', async () => {
    const res = await login('silvia.marini', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, refresh_token } = res.json();
    expect(typeof refresh_token).toBe('string');
    const claims = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({
      username: 'silvia.marini',
      name: 'Prova',
      surname: 'Test',
      roles: ['ROLE_USER_CRM'],
    });
    expect(claims.id).toBeGreaterThan(0);
  });

  it('refuses wrong credentials with "Credenziali invalide"', async () => {
    for (const [u, p] of [
      ['silvia.marini', 'sbagliata'],
      ['nessuno', TEST_PASSWORD],
    ] as const) {
      const res = await login(u, p, '10.0.0.1');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Credenziali invalide');
    }
  });

  it('refuses an inactive user with the SPEC message', async () => {
    await t.as(['ROLE_USER'], 'disattivato');
    await t.ctx.db.query(`UPDATE "user" SET active = 'false' WHERE username = 'disattivato'`);
    const res = await login('disattivato', TEST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Utente non attivo. Contattare l'amministratore di sistema");
  });

  it('rate-limits repeated failed logins (429), even with the right password afterwards', async () => {
    for (let i = 0; i < 5; i++) expect((await login('silvia.marini', 'sbagliata', '10.9.9.9')).statusCode).toBe(401);
    const blocked = await login('silvia.marini', TEST_PASSWORD, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login('silvia.marini', TEST_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('POST /token/refresh', () => {
  it('rotates the refresh token; reusing an old one revokes the whole family', async () => {
    const first = (await login('silvia.marini', TEST_PASSWORD)).json();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    expect(second.json().refresh_token).not.toBe(first.refresh_token);
    const third = await refresh(second.json().refresh_token);
    expect(third.statusCode).toBe(200);
    // The stolen first token is replayed: refused, and the family (third included) dies.
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(third.json().refresh_token)).statusCode).toBe(401);
  });

  it('refuses an unknown token', async () => {
    expect((await refresh('x'.repeat(64))).statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  it('answers 401 "Token scaduto" to an expired token', async () => {
    const short = await testApp({ accessTokenTtl: 1 });
    // Only the clock moves (no sleep): a slow machine cannot expire the token before the first call.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const headers = await short.as(['ROLE_SUPER_ADMIN']);
      expect((await short.app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 2100);
      const res = await short.app.inject({ method: 'GET', url: '/api/users/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Token scaduto');
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('answers 401 to a missing or forged token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.abc' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Token non valido');
  });

  it('answers 423 to a user deactivated while signed in', async () => {
    const admin = await t.as(['ROLE_SUPER_ADMIN']);
    const victim = await t.as(['ROLE_USER_CRM'], 'da.disattivare');
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: victim })).json().data;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/${me.id}/active/false`, headers: admin })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: victim });
    expect(res.statusCode).toBe(423);
    expect(res.json().message).toBe("Utente non attivo. Contattare l'amministratore di sistema");
  });
});

describe('POST /api/users/{id}/impersonate', () => {
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  const userId = async (username: string) =>
    (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "user" WHERE username = $1`, [username])).rows[0]?.id ?? 0;
  const impersonate = (id: number, headers: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: `/api/users/${id}/impersonate`, headers });

  it('gives a super admin the tokens of another user, marked with who they really are, kept across refreshes', async () => {
    const boss = await t.as(['ROLE_SUPER_ADMIN'], 'capo.supporto');
    const target = await userId('silvia.marini');
    const res = await impersonate(target, boss);
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(res.json().token);
    expect(claims).toMatchObject({
      id: target,
      username: 'silvia.marini',
      roles: ['ROLE_USER_CRM'],
      impersonator: { id: await userId('capo.supporto'), name: 'Prova Test' },
    });
    // The session works as the user would: a super admin call is refused.
    const as = { authorization: `Bearer ${res.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: as })).statusCode).toBe(403);
    expect((await impersonate(await userId('capo.supporto'), as)).statusCode).toBe(403);
    const refreshed = await refresh(res.json().refresh_token);
    expect(claimsOf(refreshed.json().token).impersonator.name).toBe('Prova Test');
  });

  it('is for super admins only, not on oneself, not on an inactive user', async () => {
    const admin = await t.as(['ROLE_ADMIN'], 'solo.admin');
    expect((await impersonate(await userId('silvia.marini'), admin)).statusCode).toBe(403);
    const boss = await t.as(['ROLE_SUPER_ADMIN'], 'capo.supporto');
    const self = await impersonate(await userId('capo.supporto'), boss);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Non è possibile impersonare se stessi');
    await t.as(['ROLE_USER'], 'disattivato');
    expect((await impersonate(await userId('disattivato'), boss)).json().message).toBe(
      'Non è possibile impersonare un utente non attivo',
    );
    expect((await impersonate(99999, boss)).statusCode).toBe(404);
  });

  it('ends when the super admin is deactivated', async () => {
    const boss = await t.as(['ROLE_SUPER_ADMIN'], 'capo.temporaneo');
    const res = (await impersonate(await userId('silvia.marini'), boss)).json();
    const other = await t.as(['ROLE_SUPER_ADMIN'], 'altro.capo');
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${await userId('capo.temporaneo')}/active/false`,
      headers: other,
    });
    expect((await refresh(res.refresh_token)).statusCode).toBe(401);
  });
});
