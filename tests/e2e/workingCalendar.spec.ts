import type { Page } from '@playwright/test';
import { addDays, romeToday } from '../../src/domain/calendar/index.ts';
import { formatDate } from '../../src/domain/dates.ts';
import { expect, test } from './fixtures.ts';

const rows = (page: Page) => page.locator('tbody tr[data-row-id]');
/** The «Attesa» cells of the missed calls that counted some business time ("20 min", "2 h 05 min"). */
const someWait = (page: Page) => page.locator('tbody').getByRole('cell', { name: /^(?:[1-9]\d*|\d+ h \d{2}) min$/ });

test('the admin closes the company for a week on the working calendar: a wrong range is refused by field, and the missed calls of that week wait no time', async ({
  page,
  login,
}) => {
  await login();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/contactCenter/missed-calls?f.internal=');
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(someWait(page).first()).toBeVisible();

  await page.goto('/contactCenter/working-calendar');
  await expect(page.getByRole('heading', { name: 'Calendario lavorativo', exact: true })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Chiusura estiva' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Aggiungi' }).click();
  const dialog = page.getByRole('dialog');
  const from = formatDate(addDays(romeToday(), -8));
  const to = formatDate(romeToday());
  await dialog.getByRole('textbox', { name: 'Giorno', exact: true }).fill(to);
  await dialog.getByRole('textbox', { name: 'Fino al giorno', exact: true }).fill(from);
  await dialog.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Chiusura aziendale' }).click();
  await dialog.getByRole('textbox', { name: 'Descrizione', exact: true }).fill('Inventario di fine anno');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog.getByText('Il campo «Fino al giorno» non può venire prima del campo «Giorno»')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Descrizione', exact: true })).toHaveValue(
    'Inventario di fine anno',
  );

  await dialog.getByRole('textbox', { name: 'Giorno', exact: true }).fill(from);
  await dialog.getByRole('textbox', { name: 'Fino al giorno', exact: true }).fill(to);
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  const closure = rows(page).filter({ hasText: 'Inventario di fine anno' });
  await expect(closure).toContainText('Chiusura aziendale');
  try {
    await page.goto('/contactCenter/missed-calls?f.internal=');
    await expect(rows(page).first()).toBeVisible();
    await expect(someWait(page)).toHaveCount(0);
    await expect(page.locator('tbody').getByRole('cell', { name: '0 min', exact: true }).first()).toBeVisible();
  } finally {
    await page.goto('/contactCenter/working-calendar');
    await closure.getByRole('button', { name: /^Elimina/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
    await expect(closure).toHaveCount(0);
  }
  await page.goto('/contactCenter/missed-calls?f.internal=');
  await expect(someWait(page).first()).toBeVisible();
});
