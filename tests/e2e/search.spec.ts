import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('one search box for the whole company (Ctrl+K)', () => {
  test('Ctrl+K finds a customer by part of its name and by VAT number; arrows and Enter open it', async ({
    page,
    login,
  }) => {
    await login('admin');
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Apri la ricerca (Ctrl+K)' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Cerca in tutta l’azienda' });
    await expect(box).toBeFocused();
    await box.fill('brambi');
    const results = page.getByRole('listbox', { name: 'Risultati' });
    const customer = results.getByRole('option').filter({ hasText: 'Edilizia Brambilla S.r.l.' }).first();
    await expect(customer).toContainText('Cliente');
    // A typo still finds it, marked as a similar name.
    await box.fill('Bramblla');
    await expect(results.getByRole('option').filter({ hasText: 'Edilizia Brambilla S.r.l.' }).first()).toContainText(
      'nome simile',
    );
    await box.fill('IT 00743110157');
    const first = results.getByRole('option').first();
    await expect(first).toContainText('Edilizia Brambilla S.r.l.');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/customers\/\d+$/);
    await expect(page.getByLabel('Ragione sociale')).toHaveValue('Edilizia Brambilla S.r.l.');

    // Opened again with an empty box, it offers the record just opened.
    await page.keyboard.press('Control+k');
    const recent = page.getByRole('listbox', { name: 'Aperti di recente' });
    await expect(recent.getByRole('option').first()).toContainText('Edilizia Brambilla S.r.l.');
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();
  });

  test('what is typed at once after Ctrl+K is in the box: the dialog is there before the first key', async ({
    page,
    login,
  }) => {
    await login('admin');
    // The dialog's code comes while the page is idle, before anyone presses Ctrl+K.
    const dialogCode = page.waitForResponse(/\/assets\/SearchDialog-[\w-]+\.js$/);
    await page.goto('/');
    await dialogCode;
    await page.keyboard.press('Control+k');
    await page.keyboard.type('brambi');
    const box = page.getByRole('combobox', { name: 'Cerca in tutta l’azienda' });
    await expect(box).toHaveValue('brambi');
    await expect(
      page
        .getByRole('listbox', { name: 'Risultati' })
        .getByRole('option')
        .filter({ hasText: 'Edilizia Brambilla S.r.l.' }),
    ).not.toHaveCount(0);
  });

  test('a phone number in any format opens its caller: the customer and its open negotiations', async ({
    page,
    login,
  }) => {
    await login('admin');
    await page.goto('/');
    await page.getByRole('button', { name: 'Apri la ricerca (Ctrl+K)' }).click();
    const box = page.getByRole('combobox', { name: 'Cerca in tutta l’azienda' });
    await box.fill('+39 02.4567.8901');
    await expect(page.getByRole('region', { name: /Chiamante 02\.4567\.8901/ })).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Risultati' }).getByRole('option').first()).toContainText(
      'Edilizia Brambilla S.r.l.',
    );
  });

  test('the screens of the drawer are found too, and a user without the negotiation roles finds none', async ({
    page,
    login,
  }) => {
    await login('crm');
    await page.goto('/');
    // The shortcut belongs to the back office's shell: it answers once the shell is on screen.
    await expect(page.getByRole('button', { name: 'Apri la ricerca (Ctrl+K)' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Cerca in tutta l’azienda' });
    await box.fill('clienti');
    const results = page.getByRole('listbox', { name: 'Risultati' });
    await expect(results.getByRole('option').filter({ hasText: 'Schermata' }).first()).toBeVisible();
    await box.fill('brambilla');
    await expect(results.getByRole('option').filter({ hasText: 'Cliente' }).first()).toBeVisible();
    await expect(results.getByRole('option').filter({ hasText: 'Trattativa' })).toHaveCount(0);
  });
});
