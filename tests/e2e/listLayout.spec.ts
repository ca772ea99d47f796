import type { Page } from '@playwright/test';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import { expect, openInApp, test } from './fixtures.ts';

const PAGER = /^\d+-\d+ di \d+$/;

/** Nothing of the page lies beyond the window's right edge. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('lists at desktop widths', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every list with row buttons keeps its Azioni column on screen at 1440 px, and nothing is off screen', async ({
    page,
    login,
  }) => {
    test.setTimeout(240_000);
    await login();
    await page.goto('/');
    let checked = 0;
    for (const entry of Object.values(resourceIndex).filter((r) => r.route && r.menu)) {
      const def = await entry.load();
      if (def.single || !def.api.list) continue;
      await openInApp(page, def.route ?? '/');
      await expect(page.getByRole('heading', { name: def.label, exact: true }), def.name).toBeVisible();
      // Loaded: rows (or the empty-table row) on screen and the table no longer busy.
      await expect(page.locator('tbody tr').first(), def.name).toBeVisible();
      await expect(page.locator('.MuiTableContainer-root[aria-busy="true"]'), def.name).toHaveCount(0);
      expect(await fitsWidth(page), def.name).toBe(true);
      if (!(def.api.update || def.api.delete || def.api.uploadImage)) continue;
      await expect(page.getByRole('columnheader', { name: 'Azioni', exact: true }), def.name).toBeInViewport({
        ratio: 1,
      });
      const firstEdit = page.getByRole('button', { name: /^(Modifica|Elimina) / }).first();
      if (await firstEdit.count()) await expect(firstEdit, def.name).toBeInViewport({ ratio: 1 });
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  test('the widest list at 1366 px: the table scrolls sideways inside itself, its buttons stay at the right edge', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await login();
    await page.goto('/utenti/users');
    await expect(page.getByText(PAGER)).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    const edit = page.getByRole('button', { name: 'Modifica admin.demo' });
    await expect(edit).toBeInViewport({ ratio: 1 });
    const box = await edit.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
  });

  test('a long list scrolls inside the table under a fixed header; the pager and the footer stay in view', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/configurations/materials');
    await expect(page.getByText(PAGER).or(page.getByText('Nessun record da mostrare')).first()).toBeVisible();
    await page.evaluate(async () => {
      const { api } = (window as unknown as { crm: { api: { POST: (p: string, i: object) => Promise<unknown> } } }).crm;
      for (let i = 1; i <= 40; i++)
        await api.POST('/api/materials', { body: { name: `Materiale di prova ${String(i).padStart(2, '0')}` } });
    });
    await page.goto('/configurations/materials?size=50&f.name=Materiale%20di%20prova');
    await expect(page.getByText('1-40 di 40')).toBeVisible();
    const container = page.locator('.MuiTableContainer-root');
    const sizes = await container.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // The page itself does not scroll: the pager and the footer are on screen.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    await expect(page.getByText('1-40 di 40')).toBeInViewport();
    await expect(page.getByRole('contentinfo')).toBeInViewport();
    await container.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.getByRole('cell', { name: 'Materiale di prova 40', exact: true })).toBeInViewport();
    await expect(page.getByRole('columnheader', { name: /^Nome / })).toBeInViewport();
  });

  test('hidden columns and density are remembered for the user who chose them, not for another', async ({
    page,
    login,
  }) => {
    // The table animates its padding when the density changes: read the values it ends on, not one on the way.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '* { transition: none !important; }';
        document.head.append(style);
      }),
    );
    await login();
    await page.goto('/configurations/nations');
    await expect(page.getByText(PAGER)).toBeVisible();
    const firstCell = page.getByRole('cell', { name: 'Austria', exact: true });
    const padding = () => firstCell.evaluate((el) => getComputedStyle(el).paddingTop);
    const comfortable = await padding();
    await page.getByRole('button', { name: 'Mostra/Nascondi colonne' }).click();
    await page.getByRole('menuitem').filter({ hasText: 'Codice' }).getByRole('switch').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cambia densità' }).click();
    await expect(page.getByRole('columnheader', { name: /^Codice / })).toHaveCount(0);
    await expect.poll(padding).not.toBe(comfortable);
    const compact = await padding();

    await page.reload();
    await expect(page.getByText(PAGER)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /^Codice / })).toHaveCount(0);
    await expect.poll(padding).toBe(compact);

    await page.getByRole('button', { name: 'Esci' }).click();
    await login('admin.demo');
    await page.goto('/configurations/nations');
    await expect(page.getByText(PAGER)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /^Codice / })).toBeVisible();
    await expect.poll(padding).toBe(comfortable);
  });
});
