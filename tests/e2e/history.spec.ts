import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('Storico: who changed what, and when', () => {
  test("a customer's VAT number and a negotiation's state, each old → new in its Storico", async ({ page, login }) => {
    test.setTimeout(120_000);
    await login();

    // The customer: created with one VAT number, then saved with another.
    await page.goto('/customers');
    await page.getByLabel('Ragione sociale').fill('Movimento Terra Brenta S.r.l.');
    await page.getByLabel('Partita IVA').fill('04371850266');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(page).toHaveURL(/\/customers\/\d+$/);
    // The saved customer's page, read back: its history starts with the creation.
    const customerHistory = page.getByRole('region', { name: 'Storico' });
    await expect(customerHistory.locator('[data-event="creazione"]')).toBeVisible();
    await page.getByLabel('Partita IVA').fill('03912450230');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(page.getByText('Salvataggio avvenuto correttamente').first()).toBeVisible();
    const vatChange = customerHistory.locator('[data-event="modifica"] [data-field="vatNumber"]');
    await expect(vatChange).toHaveText('Partita IVA: 04371850266 → 03912450230');

    // The negotiation: created in one state, moved to another.
    await page.goto('/trattativeCp/trattativeCp');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    await expect(page.getByRole('heading', { name: 'Nuova trattativa' })).toBeVisible();
    await page.getByLabel('Ragione sociale').fill('Movimento Terra Brenta S.r.l.');
    await page.getByRole('combobox', { name: 'Stato trattativa' }).click();
    await page.getByRole('option', { name: 'Nuova' }).click();
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(page).toHaveURL(/\/trattativeCp\/trattativa\/\d+$/);
    const history = page.getByRole('region', { name: 'Storico' });
    await expect(history.locator('[data-event="creazione"]')).toBeVisible();
    await page.getByRole('combobox', { name: 'Stato trattativa' }).click();
    await page.getByRole('option', { name: 'In corso' }).click();
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(history.locator('[data-event="modifica"] [data-field="statoTrattativaId"]')).toHaveText(
      'Stato trattativa: Nuova → In corso',
    );
    // The state names are links to where the states are kept.
    await expect(
      history
        .locator('[data-event="modifica"] [data-field="statoTrattativaId"]')
        .getByRole('link', { name: 'In corso' }),
    ).toBeVisible();

    // "solo lo stato": the filter by field keeps only the entries that change it.
    await history.getByRole('combobox', { name: 'Campo' }).click();
    await page.getByRole('option', { name: 'Stato trattativa', exact: true }).click();
    await expect(history.locator('[data-field]').filter({ hasNotText: 'Stato trattativa' })).toHaveCount(0);
    await expect(history.locator('[data-field="statoTrattativaId"]').first()).toBeVisible();
    await history.screenshot({ path: test.info().outputPath('storico-trattativa.png') });
  });
});
