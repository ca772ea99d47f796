import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { RoleNameOptions } from '../../generated/enums.ts';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import { createMenu, type DrawerSection } from '../../src/domain/menu.ts';
import { WORKFLOW_PAGES } from '../../src/web/workflows/pages.ts';
import { startProcess, type Started } from '../helpers/startProcess.ts';
import { freePort } from '../helpers/freePort.ts';
import { openInApp } from './fixtures.ts';
import { ADMIN_PASSWORD, withSeededData } from './stack.ts';

// `npm run dev` and `npm run dev:mock` as a developer starts them, on free ports; no product stack needed.
// Output without colours, so that the readiness lines can be matched.
const PLAIN = { NO_COLOR: '1', FORCE_COLOR: '0' };

async function seesLogin(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Username')).toBeVisible();
}

const MOCK_ROLE = 'Ruolo (solo sul mock)';

/** The generated list screens in the drawer of a user with these roles (workflow pages and settings forms apart). */
async function listScreensOf(roles: string[]) {
  const entries = (s: DrawerSection): string[] => [...s.entries.map((e) => e.route), ...s.children.flatMap(entries)];
  const routes = createMenu(Object.values(resourceIndex), WORKFLOW_PAGES).drawerFor(roles).flatMap(entries);
  const defs = await Promise.all(Object.values(resourceIndex).map((r) => r.load()));
  return defs.filter((d) => d.route && routes.includes(d.route) && d.api.list && !d.single);
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
        env: {
          ...PLAIN,
          PORT: String(serverPort),
          VITE_PORT: String(vitePort),
          DATA_DIR: dataDir,
          ADMIN_PASSWORD,
          DEMO_DATA: 'base',
        },
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
    // Against the real server, no mock users to pick.
    await expect(page.getByLabel(MOCK_ROLE)).toHaveCount(0);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible({ timeout: 90_000 });
  });

  test('npm run dev:mock: Vite serves the app against the Prism mock; the admin of the mock sees rows on every list', async ({
    page,
  }) => {
    test.setTimeout(480_000);
    await page.setViewportSize({ width: 1440, height: 900 });
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

    // A mock user per role (openapi.yaml, the examples of the Tokens answer): whatever is typed, the role picked.
    const picker = page.getByLabel(MOCK_ROLE);
    await expect(picker.locator('option')).toHaveText(RoleNameOptions.map((o) => o.label));
    await picker.selectOption({ label: 'Amministratore' });
    await page.getByLabel('Username').fill('qualsiasi');
    await page.getByLabel('Password').fill('qualsiasi');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Benvenuto, Alessandra Conti' })).toBeVisible({ timeout: 90_000 });
    const navigation = page.getByRole('navigation', { name: 'Menu principale' });
    await expect(navigation.getByText('Configurazione CRM', { exact: true })).toBeVisible();

    const screens = await listScreensOf(['ROLE_ADMIN']);
    expect(screens.length).toBeGreaterThan(40);
    for (const [i, def] of screens.entries()) {
      await test.step(def.label, async () => {
        // The first by its address, the others inside the running app, as a click in the drawer would: in
        // development each load of a page fetches the app's modules one by one, which a walk need not repeat.
        if (i === 0) await page.goto(`${url}${def.route ?? ''}`);
        else await openInApp(page, def.route ?? '');
        await expect(page.getByRole('heading', { level: 1, name: def.label, exact: true })).toBeVisible({
          timeout: 30_000,
        });
        // A row from the mock's example, its referenced records named (an unnamed one shows as "#1"; colours,
        // "#RRGGBB", have six digits), and no error.
        const row = page.locator('main tbody tr').first();
        await expect(row).toBeVisible();
        await expect(row.getByRole('cell').first()).not.toHaveText('');
        await expect(row.getByRole('cell').filter({ hasText: /^#[1-9]\d{0,4}$/ })).toHaveCount(0);
        await expect(page.getByText('Nessun record da mostrare')).toHaveCount(0);
        await expect(page.locator('main [role=alert]').filter({ hasText: /\S/ })).toHaveCount(0);
      });
    }
  });
});
