import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/testApp.ts';

// A session is one sign-in: its access token, its refresh family and the hub tokens taken with it.
// Its end refuses every one of them at the next request, on every server process, and closes its streams.
let t: TestApp;
let other: TestApp;
let base = '';
beforeAll(async () => {
  t = await testApp();
  other = await t.sibling();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

interface Session {
  token: string;
  refresh_token: string;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = async (username: string, password = TEST_PASSWORD): Promise<Session> => {
  const res = await t.app.inject({ method: 'POST', url: '/login_check', payload: { username, password } });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const me = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const idOf = async (username: string) =>
  (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "user" WHERE username = $1`, [username])).rows[0]?.id ?? 0;
/** The address of the event stream a session's hub token opens. */
async function streamUrl(token: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/hub/subscriber-token', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  const { token: hub, topics } = res.json().data as { token: string; topics: string[] };
  return `${base}/hub?${topics.map((x) => `topic=${encodeURIComponent(x)}`).join('&')}&token=${hub}`;
}
/** An open event stream and what it has received so far. */
async function openStream(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const stream = { text: '', ended: false, close: () => controller.abort() };
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        stream.text += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by the test.
    }
    stream.ended = true;
  })();
  return stream;
}
const SESSION_ENDED = 'Sessione terminata: accedere di nuovo';

describe('logout ends the session at once', () => {
  it('logoutEndsAccessAndStreamTokens', async () => {
    await t.as(['ROLE_USER_CRM'], 'esce.davvero');
    const leaving = await login('esce.davvero');
    const staying = await login('esce.davvero');
    const url = await streamUrl(leaving.token);
    const stream = await openStream(url);
    // Both processes know the session (the other one has its state cached).
    expect((await me(t, leaving.token)).statusCode).toBe(200);
    expect((await me(other, leaving.token)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/logout',
      payload: { refresh_token: leaving.refresh_token },
    });
    expect(out.statusCode).toBe(204);

    // The access token is refused at its very next request, here and on the other process.
    const next = await me(t, leaving.token);
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe(SESSION_ENDED);
    await vi.waitFor(async () => expect((await me(other, leaving.token)).statusCode).toBe(401));
    // The open stream was told and closed; the hub token taken before the logout opens nothing any more.
    await vi.waitFor(() => expect(stream.ended).toBe(true));
    expect(stream.text).toContain('"forced-logout"');
    const again = await fetch(url);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { message: string }).message).toBe(SESSION_ENDED);
    // No new hub token either, and no refresh.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/hub/subscriber-token', headers: bearer(leaving.token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/token/refresh', payload: { refresh_token: leaving.refresh_token } }))
        .statusCode,
    ).toBe(401);

    // The same user's other session goes on, with its own streams.
    expect((await me(t, staying.token)).statusCode).toBe(200);
    const still = await openStream(await streamUrl(staying.token));
    expect(still.ended).toBe(false);
    still.close();
  });

  it('a token the server signed without a session (as before sessions had ids) is refused', async () => {
    await t.as(['ROLE_USER_CRM'], 'senza.sessione');
    const id = await idOf('senza.sessione');
    const { rows } = await t.ctx.db.query<{ tokenVersion: number }>(`SELECT "tokenVersion" FROM "user" WHERE id = $1`, [
      id,
    ]);
    const claims = {
      id,
      username: 'senza.sessione',
      name: '',
      surname: '',
      roles: [],
      ver: rows[0]?.tokenVersion ?? 0,
    };
    expect((await me(t, await t.ctx.tokens.sign({ ...claims, sid: 'una-sessione' }))).statusCode).toBe(200);
    const res = await me(t, await t.ctx.tokens.sign({ ...claims, sid: '' }));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token non valido');
  });
});

describe('a password change ends every other session', () => {
  it('passwordChangeClosesOtherSessions', async () => {
    await t.as(['ROLE_USER_CRM'], 'cambia.tutto');
    const id = await idOf('cambia.tutto');
    const elsewhere = await login('cambia.tutto');
    const here = await login('cambia.tutto');
    const elsewhereUrl = await streamUrl(elsewhere.token);
    const [elsewhereStream, hereStream] = [
      await openStream(elsewhereUrl),
      await openStream(await streamUrl(here.token)),
    ];
    // The other process holds the other session in its cache.
    expect((await me(other, elsewhere.token)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/change-password`,
      headers: bearer(here.token),
      payload: { oldPassword: TEST_PASSWORD, password: 'Cambiata2026!', confirmPassword: 'Cambiata2026!' },
    });
    expect(res.statusCode).toBe(200);
    const renewed = res.json<Session & { message: string }>();

    // The other session's stream is told and closed; its tokens are refused everywhere.
    await vi.waitFor(() => expect(elsewhereStream.ended).toBe(true));
    expect(elsewhereStream.text).toContain('"forced-logout"');
    expect((await me(t, elsewhere.token)).statusCode).toBe(401);
    await vi.waitFor(async () => expect((await me(other, elsewhere.token)).statusCode).toBe(401));
    expect((await fetch(elsewhereUrl)).status).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/token/refresh',
          payload: { refresh_token: elsewhere.refresh_token },
        })
      ).statusCode,
    ).toBe(401);

    // A negotiation event published now reaches this session's stream, which stayed open, and no other.
    await t.ctx.hub.publish(`/users/${id}`, {
      entity: 'trattativaCp',
      event: 'updated',
      entityId: 7,
      byName: 'Giulia Bianchi',
    });
    await vi.waitFor(() => expect(hereStream.text).toContain('Giulia Bianchi'));
    expect(hereStream.ended).toBe(false);
    expect(hereStream.text).not.toContain('"forced-logout"');
    expect(elsewhereStream.text).not.toContain('Giulia Bianchi');
    hereStream.close();

    // This session goes on with the tokens of the answer: the same session, renewed.
    expect((await me(t, renewed.token)).statusCode).toBe(200);
    expect((await me(t, here.token)).statusCode).toBe(401);
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims(renewed.token).sid).toBe(claims(here.token).sid);
    expect(claims(renewed.token).sid).not.toBe(claims(elsewhere.token).sid);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/token/refresh',
      payload: { refresh_token: renewed.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    // And its logout still ends it.
    await t.app.inject({ method: 'POST', url: '/logout', payload: { refresh_token: refreshed.json().refresh_token } });
    expect((await me(t, refreshed.json().token)).statusCode).toBe(401);
  });
});
