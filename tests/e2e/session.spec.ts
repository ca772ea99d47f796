import fs from 'node:fs';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN_PASSWORD, type Stack } from './stack.ts';

type Crm = { crm: { api: { GET: (path: string, init?: object) => Promise<{ response: Response }> } } };

/**
 * The browser's access token as it is a minute after it ran out: the same claims, signed with the server's key
 * (kept beside its data), expired. The tokens the refresh then brings live their normal life, so the requests
 * retried with them are not refused again by a machine too slow to answer within a short lifetime.
 */
async function expireAccessToken(page: Page, stack: Stack): Promise<string> {
  const key = new TextEncoder().encode(fs.readFileSync(path.join(stack.dataDir, 'jwt-secret'), 'utf8').trim());
  const now = Math.floor(Date.now() / 1000);
  const entry = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('crm_token_')));
  if (!entry) throw new Error('no access token in the browser');
  const expired = await new SignJWT({ ...decodeJwt(entry[1]), iat: now - 120, exp: now - 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(key);
  await page.evaluate(([k, token]) => localStorage.setItem(k, token), [entry[0], expired] as const);
  return expired;
}

test.describe('the session and the error catalogue (SPEC.md sections 4 and 8)', () => {
  test('20 concurrent requests with an expired token: exactly one refresh, all 20 succeed', async ({
    page,
    login,
    stack,
  }) => {
    await login();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible();
    const expired = await expireAccessToken(page, stack);
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/token/refresh')) refreshes.push(r.url());
    });
    const statuses = await page.evaluate(async (token) => {
      // The home page may have refreshed the session by itself meanwhile: the 20 go out with the expired token.
      for (const k of Object.keys(localStorage)) if (k.startsWith('crm_token_')) localStorage.setItem(k, token);
      const { api } = (window as unknown as Crm).crm;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => api.GET('/api/agents', { params: { query: { page: 1, rowsPerPage: 10 } } })),
      );
      return results.map((r) => r.response.status);
    }, expired);
    expect(statuses).toEqual(Array(20).fill(200));
    expect(refreshes).toHaveLength(1);
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('a failed refresh ends on the login page, remembering where the user was', async ({ page, login, stack }) => {
    await login();
    await page.goto('/configurations/nations');
    await expect(page.getByRole('heading', { name: 'Nazioni' })).toBeVisible();
    await expireAccessToken(page, stack);
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage))
        if (k.startsWith('crm_refresh_token')) localStorage.setItem(k, 'f'.repeat(64));
    });
    await page.evaluate(() => (window as unknown as Crm).crm.api.GET('/api/agents'));
    await expect(page).toHaveURL('/login?redirect=%2Fconfigurations%2Fnations');
  });

  test('403: the session ends and the login page opens', async ({ page, login }) => {
    await login('crm');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible();
    // Two refusals at once: the session ends once (repeats within 1 s are ignored). The sign-out the first
    // refusal sends waits until both are answered: on a loaded machine the second could otherwise reach the
    // server after it, and be a 401.
    let answered = 0;
    let bothAnswered: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (bothAnswered = resolve));
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/users' && ++answered === 2) bothAnswered();
    });
    await page.route('**/logout', async (route) => {
      await both;
      await route.continue();
    });
    const statuses = await page.evaluate(async () => {
      const { api } = (window as unknown as Crm).crm;
      const results = await Promise.all([api.GET('/api/users'), api.GET('/api/users')]);
      return results.map((r) => r.response.status);
    });
    expect(statuses).toEqual([403, 403]);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('crm_')))).toEqual([]);
  });

  test('423: a user deactivated while signed in is sent to the login page at the next step', async ({
    page,
    stack,
    request,
    login,
    demoPassword,
  }) => {
    // Without the push hub (which would log the user out at once), the next call meets the 423.
    await page.route('**/hub?**', (route) => route.abort());
    await login('noleggio');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible();
    // A call of the home page still in flight when the user is deactivated would meet the 423 before the click
    // (seen on a slower machine): the click must be the next step.
    await page.waitForLoadState('networkidle');
    const admin = (await (
      await request.post(`${stack.baseURL}/login_check`, { data: { username: 'admin', password: ADMIN_PASSWORD } })
    ).json()) as { token: string };
    const headers = { authorization: `Bearer ${admin.token}` };
    const users = (await (
      await request.get(`${stack.baseURL}/api/users?filters[username]=noleggio`, { headers })
    ).json()) as { data: { id: number }[] };
    const id = users.data[0]?.id;
    expect((await request.put(`${stack.baseURL}/api/users/${id}/active/false`, { headers })).status()).toBe(200);
    await page.getByRole('link', { name: 'Fabio Esposito' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('crm_')))).toEqual([]);
    await page.getByLabel('Username').fill('noleggio');
    await page.getByLabel('Password').fill(demoPassword('noleggio'));
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText("Utente non attivo. Contattare l'amministratore di sistema");
  });

  test('network down: a warning, and the dialog keeps everything typed', async ({ page, login }) => {
    await login();
    await page.goto('/configurations/competitors');
    await expect(page.getByRole('heading', { name: 'Concorrenti' })).toBeVisible();
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Ragione sociale').fill('Noleggi del Nord S.r.l.');
    await page.route('**/api/competitors', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
    );
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Impossibile raggiungere il server.' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Attenzione' })).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Ragione sociale')).toHaveValue('Noleggi del Nord S.r.l.');
    await page.unroute('**/api/competitors');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Noleggi del Nord S.r.l.', exact: true })).toBeVisible();
  });

  test('logout ends the session on the server too: its refresh token and its event stream token stop working', async ({
    page,
    login,
    request,
    stack,
  }) => {
    // The stream's token lives 12 hours: only the end of the session can refuse it before then.
    const subscribed = page.waitForResponse((r) => r.url().includes('/hub?'));
    await login();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible();
    const stream = await subscribed;
    expect(stream.status()).toBe(200);
    const refreshToken = await page.evaluate(
      () => Object.entries(localStorage).find(([k]) => k.startsWith('crm_refresh_token'))?.[1],
    );
    const revoked = page.waitForResponse((r) => r.url().endsWith('/logout') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Esci' }).click();
    expect((await revoked).status()).toBe(204);
    await expect(page).toHaveURL(/\/login/);
    const refresh = await request.post(`${stack.baseURL}/token/refresh`, { data: { refresh_token: refreshToken } });
    expect(refresh.status()).toBe(401);
    const reopened = await request.get(stream.url(), { timeout: 5000 });
    expect(reopened.status()).toBe(401);
    expect(((await reopened.json()) as { message: string }).message).toBe('Sessione terminata: accedere di nuovo');
  });
});

test.describe('the push hub', () => {
  test('a forced logout reaches the open browser within 2 s', async ({ page, stack, request, login }) => {
    // The subscription is open once the stream has answered.
    const subscribed = page.waitForResponse((r) => r.url().includes('/hub?'));
    await login('master');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible();
    expect((await subscribed).status()).toBe(200);
    const admin = (await (
      await request.post(`${stack.baseURL}/login_check`, { data: { username: 'admin', password: ADMIN_PASSWORD } })
    ).json()) as { token: string };
    const headers = { authorization: `Bearer ${admin.token}` };
    const users = (await (
      await request.get(`${stack.baseURL}/api/users?filters[username]=master`, { headers })
    ).json()) as { data: { id: number }[] };
    const res = await request.post(`${stack.baseURL}/api/users/${users.data[0]?.id}/force-logout`, { headers });
    expect(res.status()).toBe(200);
    await expect(page).toHaveURL(/\/login/, { timeout: 2000 });
  });
});

test.describe('Microsoft sign-in', () => {
  test('the button appears when the server is configured for it', async ({ page, stack }) => {
    const configured = await stack.startConfigured({ MS_TENANT_ID: 'tenant-di-prova', MS_CLIENT_ID: 'crm-di-prova' });
    try {
      await page.goto(`${configured.baseURL}/login`);
      await expect(page.getByRole('button', { name: 'Accedi con Microsoft' })).toBeVisible();
    } finally {
      await configured.stop();
    }
  });
});
