import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import { isAllowed } from '../../src/domain/accessRules.ts';
import { expect, openInApp, test } from './fixtures.ts';

/** No serious or critical violation in the page, or in one part of it (a dialog: the page behind was checked). */
async function noSeriousViolations(page: Page, what: string, only?: string) {
  // A dialog still fading in has blended colours: axe would read a contrast nobody sees once it settles.
  // (Endless ones, a spinner, never settle; a cancelled one rejects.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const axe = new AxeBuilder({ page });
  const { violations } = await (only ? axe.include(only) : axe).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${what}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

const screens = Object.values(resourceIndex).filter((r) => r.route && r.menu);

test.describe('who sees which screen', () => {
  test('a user without a screen\'s roles gets "Non Autorizzato" and no menu entry, for every generated screen', async ({
    page,
    login,
  }) => {
    // ROLE_USER_CRM: the customers' role, kept out of every configuration screen.
    await login('crm');
    const menu = page.getByRole('navigation', { name: 'Menu principale' });
    let refused = 0;
    for (const [i, screen] of screens.entries()) {
      const allowed = isAllowed(screen.roles, ['ROLE_USER_CRM']);
      // The first by its address, the others inside the running app (the same router guard, no reload).
      if (i === 0) await page.goto(screen.route ?? '/');
      else await openInApp(page, screen.route ?? '/');
      if (allowed) {
        await expect(page.getByRole('heading', { name: screen.label, exact: true }), screen.route ?? '').toBeVisible();
        await expect(menu.getByRole('link', { name: screen.label, exact: true })).toHaveCount(1);
      } else {
        refused++;
        await expect(page.getByRole('heading', { name: 'Non Autorizzato' }), screen.route ?? '').toBeVisible();
        await expect(menu.getByRole('link', { name: screen.label, exact: true })).toHaveCount(0);
      }
    }
    expect(refused).toBeGreaterThan(30);
  });
});

test.describe('accessibility of the generated screens (axe-core: no serious or critical violations)', () => {
  for (const [route, row] of [
    ['/configurations/fonti', 'Sito web'],
    ['/gruppiRisorse/gruppiRisorse', 'Piattaforma verticale 12 m'],
    ['/utenti/users', 'crm'],
  ] as const) {
    test(`${route}: list, new-record dialog, edit dialog, delete confirmation`, async ({ page, login }) => {
      await login();
      await page.goto(route);
      await expect(page.getByRole('cell', { name: row, exact: true })).toBeVisible();
      await noSeriousViolations(page, 'list');
      await page.getByRole('button', { name: 'Aggiungi' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await noSeriousViolations(page, 'new', '[role="dialog"]');
      await page.getByRole('dialog').getByRole('button', { name: 'Annulla' }).click();
      await page
        .getByRole('row', { name: new RegExp(row) })
        .first()
        .getByRole('button', { name: /^Modifica/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await noSeriousViolations(page, 'edit', '[role="dialog"]');
      await page.getByRole('dialog').getByRole('button', { name: 'Annulla' }).click();
      await page
        .getByRole('row', { name: new RegExp(row) })
        .first()
        .getByRole('button', { name: /^Elimina/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await noSeriousViolations(page, 'delete', '[role="dialog"]');
    });
  }

  test('the picture dialog and the settings screen', async ({ page, login }) => {
    await login();
    await page.goto('/gruppiRisorse/gruppiRisorse');
    // Another spec may have given this group a picture: either way the dialog is checked once loaded.
    await page.getByRole('button', { name: 'Immagine: Sollevatore telescopico 14 m' }).click();
    const dialog = page.getByRole('dialog', { name: 'Immagine: Sollevatore telescopico 14 m' });
    await expect(dialog.getByRole('button', { name: /(Carica|Sostituisci) immagine/ })).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await noSeriousViolations(page, 'picture');
    await page.goto('/configurations/altreConfigurazioni');
    await expect(page.getByLabel('Sconto massimo in offerta (%)')).toBeVisible();
    await noSeriousViolations(page, 'settings');
  });
});
