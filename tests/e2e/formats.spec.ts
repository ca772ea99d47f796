import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The desktop the back office is used on.
test.use({ viewport: { width: 1440, height: 900 } });

/** The cell of a column in the first row whose text matches, read as a person reads it. */
async function cellText(page: Page, rowText: string, header: string): Promise<string> {
  const headers = await page.locator('thead th').allInnerTexts();
  const column = headers.findIndex((h) => h.trim().startsWith(header));
  if (column < 0) throw new Error(`no column ${header}`);
  const row = page.locator('tbody tr[data-row-id]').filter({ hasText: rowText }).first();
  return (await row.locator('td').nth(column).innerText()).replace(/\u00a0|\u202f/g, ' ').trim();
}

test.describe('what a field is: Italian messages, formats, dates, layout', () => {
  test('a bad VAT number and a value out of bounds get Italian sentences naming the field, nothing typed is lost', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/trattativeCp/trattativeCp');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    // A negotiation opens in its own page.
    await expect(page.getByRole('heading', { name: 'Nuova trattativa' })).toBeVisible();
    const dialog = page.getByRole('main');
    await dialog.getByLabel('Ragione sociale').fill('Cantieri Lario S.r.l.');
    await dialog.getByLabel('Partita IVA').fill('123');
    await dialog.getByLabel('Punteggio').fill('150');
    await dialog.getByLabel('Importo cauzione').fill('abc');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Attenzione. Ci sono errori in alcuni campi')).toBeVisible();
    await expect(dialog.getByText('La partita IVA deve avere 11 cifre')).toBeVisible();
    await expect(dialog.getByText('Il campo «Punteggio» deve essere compreso tra 0 e 100')).toBeVisible();
    await expect(dialog.getByText('Il campo «Importo cauzione» deve essere un numero')).toBeVisible();
    // No regular expression, no ajv comparison, no English anywhere in the form.
    const text = await dialog.locator('form').innerText();
    expect(text).not.toMatch(/\^|\$|\\d|<=|>=|must|should/);
    await expect(dialog.getByLabel('Ragione sociale')).toHaveValue('Cantieri Lario S.r.l.');
    await expect(dialog.getByLabel('Punteggio')).toHaveValue('150');

    // An Italian VAT number with a wrong check digit: the format's own sentence.
    await dialog.getByLabel('Partita IVA').fill('00743110158');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog.getByText('La partita IVA non è valida')).toBeVisible();
  });

  test('money, percentages and phone numbers read the Italian way in real lists', async ({ page, login }) => {
    await login();
    await page.goto('/offers/transportPrices');
    await expect(page.locator('tbody tr[data-row-id]').first()).toBeVisible();
    expect(await cellText(page, '30', 'Prezzo')).toBe('60,00 €');
    await page.goto('/offers/insurances');
    await expect(page.locator('tbody tr[data-row-id]').first()).toBeVisible();
    // A percentage is a percentage, not euros.
    expect(await cellText(page, 'BASE', 'Percentuale')).toBe('8,00%');
    expect(await cellText(page, 'FULL', 'Percentuale')).toBe('12,00%');
    await page.goto('/contactCenter/missed-calls');
    await expect(page.locator('tbody tr[data-row-id]').first()).toBeVisible();
    // The demo week of calls: the callers still waiting are two demo customers.
    expect(await cellText(page, 'Edilizia Brambilla', 'Numero chiamante')).toBe('02.4567.8901');
    expect(await cellText(page, 'Impresa Rota', 'Numero chiamante')).toBe('035.223.344');
    await expect(page.getByRole('cell', { name: /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/ }).first()).toBeVisible();
  });

  test('a date typed as 31-12-2026 travels as 2026-12-31 and reads back; the calendar is Italian from Monday', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/listPlannings');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova attività' });
    // A date typed only in part is not dropped in silence.
    const reminder = dialog.getByRole('textbox', { name: 'Data promemoria', exact: true });
    await reminder.click();
    await page.keyboard.type('3112');
    await dialog.getByLabel('Oggetto').click();
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog.getByText('Il campo «Data promemoria» deve essere una data valida')).toBeVisible();
    await expect(reminder).toHaveValue('31-12-AAAA');
    await reminder.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await dialog.getByLabel('Oggetto').click();
    await expect(reminder).toHaveValue('');

    const date = dialog.getByRole('textbox', { name: 'Data', exact: true });
    await date.click();
    await page.keyboard.type('31-12-2026');
    await expect(date).toHaveValue('31-12-2026');
    await dialog.getByLabel('Ora inizio').click();
    await page.keyboard.type('0830');
    await dialog.getByLabel('Ora fine').click();
    await page.keyboard.type('0930');
    await dialog.getByLabel('Oggetto').fill('Consegna di fine anno');

    // The calendar, opened from the field: Italian month, weeks from Monday.
    await date.locator('xpath=..').getByRole('button').click();
    const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
    await expect(calendar.getByText('dicembre 2026')).toBeVisible();
    await expect(calendar.getByRole('columnheader').first()).toHaveAttribute('aria-label', 'lunedì');
    await page.keyboard.press('Escape');

    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();

    // Read back from the server after a reload: stored as the contract says (YYYY-MM-DD, HH:MM), shown Italian.
    const [listed] = await Promise.all([
      page.waitForResponse(
        (r) =>
          r.request().method() === 'GET' &&
          new URL(r.url()).pathname === '/api/plannings' &&
          r.url().includes('2026-12-31') &&
          r.ok(),
      ),
      page.goto('/listPlannings?f.date=2026-12-31'),
    ]);
    expect(((await listed.json()) as { data: unknown[] }).data).toContainEqual(
      expect.objectContaining({ subject: 'Consegna di fine anno', date: '2026-12-31', startTime: '08:30' }),
    );
    const row = page.getByRole('row', { name: /Consegna di fine anno/ });
    await expect(row.getByRole('cell', { name: '31-12-2026', exact: true })).toBeVisible();
    await expect(
      page.getByRole('search', { name: 'Filtri' }).getByRole('textbox', { name: 'Data', exact: true }),
    ).toHaveValue('31-12-2026');
    await row.getByRole('button', { name: 'Modifica Consegna di fine anno' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica attività' });
    await expect(edit.getByRole('textbox', { name: 'Data', exact: true })).toHaveValue('31-12-2026');
    await expect(edit.getByLabel('Ora inizio')).toHaveValue('08:30');

    // Leave the calendar as it was: other specs count the activities still to complete.
    await edit.getByRole('button', { name: 'Annulla' }).click();
    await row.getByRole('button', { name: 'Elimina Consegna di fine anno' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByText('eliminazione avvenuta correttamente')).toBeVisible();
  });

  test('the customer page shows its main data on one 1440×900 screen, in sections', async ({ page, login }) => {
    await login('crm');
    await page.goto('/customers/all?f.companyName=Brambilla');
    await page.getByRole('button', { name: 'Modifica Edilizia Brambilla S.r.l.' }).click();
    await expect(page.getByRole('heading', { name: 'Edilizia Brambilla S.r.l.', level: 1 })).toBeVisible();
    for (const section of ['Anagrafica', 'Indirizzo', 'Commerciale'])
      await expect(page.getByRole('heading', { name: section, level: 3 })).toBeInViewport();
    for (const label of [
      'Codice',
      'Ragione sociale',
      'Partita IVA',
      'Codice fiscale',
      'Email',
      'Telefono',
      'Indirizzo',
      'CAP',
      'Città',
      'Provincia',
      'Latitudine',
      'Longitudine',
      'Potenziale di acquisto (€)',
      'Potenziale di acquisto (kg)',
      'Note',
    ])
      await expect(page.getByRole('textbox', { name: label, exact: true }), label).toBeInViewport();
    for (const label of ['Agente', 'Nazione', 'Sorgente', 'Codice tecnico'])
      await expect(page.getByRole('combobox', { name: label, exact: true }), label).toBeInViewport();
    await expect(page.getByRole('checkbox', { name: 'Rivenditore' })).toBeInViewport();
    await expect(page.getByRole('textbox', { name: 'Data', exact: true })).toHaveValue('12-03-2025');
    await expect(page.getByRole('button', { name: 'Salva' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Coordinates with the decimal comma.
    await expect(page.getByRole('textbox', { name: 'Latitudine', exact: true })).toHaveValue(/^45,46/);
  });
});
