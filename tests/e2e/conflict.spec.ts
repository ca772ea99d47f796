import { expect, signIn, test } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

test('two people edit the same record: the second save is refused with a reload offer, nothing is lost silently', async ({
  page,
  browser,
  stack,
}) => {
  const other = await browser.newContext({ baseURL: stack.baseURL, serviceWorkers: 'block', locale: 'it-IT' });
  const page2 = await other.newPage();
  try {
    for (const p of [page, page2]) {
      await signIn(p, 'admin', ADMIN_PASSWORD);
      await p.goto('/configurations/commerciali');
      await p.getByRole('button', { name: 'Modifica Roberto Marchetti' }).click();
    }
    await page.getByRole('dialog').getByLabel('Descrizione').fill('Roberto Marchetti (Bergamo)');
    await page2.getByRole('dialog').getByLabel('Descrizione').fill('R. Marchetti');

    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    const dialog2 = page2.getByRole('dialog');
    await dialog2.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog2.getByText('Il record è stato modificato da un altro utente', { exact: true })).toBeVisible();
    await expect(dialog2.getByLabel('Descrizione')).toHaveValue('R. Marchetti');
    await dialog2.getByRole('button', { name: 'Ricarica i dati' }).click();
    await expect(dialog2.getByLabel('Descrizione')).toHaveValue('Roberto Marchetti (Bergamo)');
    await dialog2.getByLabel('Descrizione').fill('Roberto Marchetti (Bergamo e Brescia)');
    await dialog2.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog2).toBeHidden();
    await expect(page2.getByRole('cell', { name: 'Roberto Marchetti (Bergamo e Brescia)', exact: true })).toBeVisible();
  } finally {
    await other.close();
  }
});
