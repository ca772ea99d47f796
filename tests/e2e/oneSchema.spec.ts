import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { test as base, expect } from '@playwright/test';
import { copyProject, editJson } from '../helpers/copyProject.ts';
import { run } from '../helpers/run.ts';
import { startProcess, type Started } from '../helpers/startProcess.ts';
import { freePort } from '../helpers/freePort.ts';
import { SERVER_COMMAND, SERVER_READY } from '../helpers/startServer.ts';
import { signIn } from './fixtures.ts';
import { ADMIN_PASSWORD, withSeededData } from './stack.ts';

// The contract suite proves one schema edit reaches every generated file; this proves it reaches the
// running product: a copy of the project with one new property, regenerated, built and served.
const test = base.extend<object, { copy: { baseURL: string } }>({
  copy: [
    // Playwright reads a fixture's dependencies from this destructuring: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { root, remove } = copyProject('crm-one-schema-live-');
      // The run's seeded database, as a developer's own: the new property's column is added at the start.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-one-schema-data-'));
      withSeededData(dataDir);
      let server: Started | undefined;
      try {
        editJson(path.join(root, 'schemas/agent.json'), (s) => {
          (s.properties as Record<string, unknown>).cellulareAziendale = {
            type: 'string',
            title: 'Cellulare aziendale',
            maxLength: 30,
            examples: ['335 765 4321'],
          };
        });
        for (const [cmd, args] of [
          ['node', ['scripts/generate.ts']],
          ['vite', ['build', '--logLevel', 'warn']],
        ] as const) {
          const r = run(root, cmd, [...args]);
          expect(r.code, r.out).toBe(0);
        }
        const port = freePort();
        server = await startProcess(SERVER_COMMAND[0], [...SERVER_COMMAND[1]], SERVER_READY, {
          cwd: root,
          env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD, DEMO_DATA: 'base' },
          timeoutMs: 90_000,
        });
        await use({ baseURL: `http://127.0.0.1:${port}` });
      } finally {
        await server?.stop();
        remove();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ copy }, use) => use(copy.baseURL),
});

test('a property added to one schema shows in the live screen and form, and the server stores it', async ({ page }) => {
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/configurations/agents');
  await expect(page.getByRole('columnheader', { name: /Cellulare aziendale/ })).toBeVisible();
  await page.getByRole('button', { name: 'Aggiungi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo agente' });
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Paola Neri');
  await dialog.getByLabel('Cellulare aziendale').fill('335 765 4321');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(
    page.getByRole('row', { name: /Paola Neri/ }).getByRole('cell', { name: '335 765 4321', exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Modifica Paola Neri' }).click();
  await expect(page.getByRole('dialog').getByLabel('Cellulare aziendale')).toHaveValue('335 765 4321');
});
