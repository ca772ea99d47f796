import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startProcess, type Started } from '../helpers/startProcess.ts';
import { freePort } from '../helpers/freePort.ts';
import { ADMIN_PASSWORD, withSeededData } from './stack.ts';

// `npm run dev` and `npm run dev:mock` as a developer starts them, on free ports; no product stack needed.
// Output without colours, so that the readiness lines can be matched.
const PLAIN = { NO_COLOR: '1', FORCE_COLOR: '0' };

async function seesLogin(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Username')).toBeVisible();
}

test.describe('development modes', () => {
  test.describe.configure({ timeout: 240_000 });
  let started: Started | undefined;
  let dataDir: string | undefined;
  test.afterEach(async () => {
    await started?.stop();
    started = undefined;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('npm run dev: Vite serves the app, the API goes to the server, the admin signs in', async ({ page }) => {
    const [serverPort, vitePort] = [freePort(), freePort()];
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-dev-'));
    withSeededData(dataDir);
    started = await startProcess(
      'npm',
      ['run', 'dev'],
      /CRM Noleggi: http[\s\S]*Local:|Local:[\s\S]*CRM Noleggi: http/,
      {
        env: { ...PLAIN, PORT: String(serverPort), VITE_PORT: String(vitePort), DATA_DIR: dataDir, ADMIN_PASSWORD },
        timeoutMs: 120_000,
      },
    );
    const url = `http://127.0.0.1:${vitePort}`;
    // The app's own module under src/web/api/ and a call of the API share the /api/ prefix.
    const module = await page.request.get(`${url}/api/client.ts`);
    expect(module.headers()['content-type']).toContain('javascript');
    const call = await page.request.get(`${url}/api/users/me`);
    expect(call.status()).toBe(401);
    await seesLogin(page, url);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible({ timeout: 90_000 });
  });

  test('npm run dev:mock: Vite serves the app against the Prism mock', async ({ page }) => {
    const [mockPort, vitePort] = [freePort(), freePort()];
    started = await startProcess(
      'npm',
      ['run', 'dev:mock'],
      /Prism is listening[\s\S]*Local:|Local:[\s\S]*Prism is listening/,
      {
        env: { ...PLAIN, MOCK_PORT: String(mockPort), VITE_PORT: String(vitePort) },
        timeoutMs: 120_000,
      },
    );
    const url = `http://127.0.0.1:${vitePort}`;
    const module = await page.request.get(`${url}/api/client.ts`);
    expect(module.headers()['content-type']).toContain('javascript');
    // Prism answers the contract's calls: JSON, not the app's HTML.
    const call = await page.request.get(`${url}/api/users/me`);
    expect(call.headers()['content-type']).toContain('json');
    await seesLogin(page, url);
  });
});
