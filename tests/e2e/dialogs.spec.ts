import { expect, test } from './fixtures.ts';

test.describe('record dialogs from the keyboard', () => {
  test('a new record: the caret is in the first field, typing goes there, Enter saves', async ({ page, login }) => {
    await login();
    await page.goto('/configurations/gruppiCrm');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo gruppo CRM' });
    await expect(dialog.getByLabel('Descrizione')).toBeFocused();
    await page.keyboard.type('Area Liguria');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Salvataggio avvenuto correttamente' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Area Liguria', exact: true })).toBeVisible();
    // Nothing typed landed in the list's own search box.
    await expect(page.getByRole('search', { name: 'Filtri' }).getByLabel('Descrizione')).toHaveValue('');
  });

  test('Enter in a text area starts a new line instead of saving', async ({ page, login }) => {
    await login();
    await page.goto('/listPlannings');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova attività' });
    const description = dialog.getByLabel('Descrizione');
    await description.click();
    await page.keyboard.type('Prima riga');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Seconda riga');
    await expect(description).toHaveValue('Prima riga\nSeconda riga');
    await expect(dialog).toBeVisible();
  });

  test('Escape closes an untouched dialog at once, and asks first when something was typed', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/configurations/nations');
    await page.getByRole('button', { name: 'Modifica Italia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica nazione' });
    await expect(dialog.getByLabel('Nome')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Modifica Italia' }).click();
    await expect(dialog.getByLabel('Nome')).toBeFocused();
    await page.keyboard.type(' (modificata)');
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Modifiche non salvate' });
    await expect(confirm).toBeVisible();
    // Escape in the question keeps editing, with what was typed.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(dialog.getByLabel('Nome')).toHaveValue('Italia (modificata)');
    await page.keyboard.press('Escape');
    await confirm.getByRole('button', { name: 'Chiudi senza salvare' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Italia', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Italia (modificata)' })).toHaveCount(0);
  });

  test('a picker of several records stays open after a choice, and Escape closes only it', async ({ page, login }) => {
    await login();
    await page.goto('/listPlannings');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova attività' });
    await dialog.getByLabel('Oggetto').fill('Visita in cantiere');
    const meetings = dialog.getByRole('combobox', { name: 'Incontri pianificati' });
    await meetings.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.getByRole('option').first().click();
    // Still open for the next choice: the Escape below is meant for it.
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Modifiche non salvate' })).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(meetings).toBeFocused();
  });
});

test.describe('fields the server fills', () => {
  test('an inventory: none on the new page, then who created it and when', async ({ page, login }) => {
    await login();
    await page.goto('/inventarioMezzi/inventariMezzi');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    // The inventory has a hand-built page (issue 18): the new one asks only for the branch.
    await expect(page).toHaveURL(/\/inventarioMezzi$/);
    await expect(page.getByText('Creato da')).toHaveCount(0);
    await page.getByRole('combobox', { name: /^Filiale/ }).click();
    await page.getByRole('option', { name: 'Bergamo' }).click();
    await page.getByRole('button', { name: 'Crea inventario' }).click();
    await expect(page).toHaveURL(/\/inventarioMezzi\/\d+$/);
    await expect(
      page.getByText(/^Creato da Amministratore di sistema il \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Torna agli inventari' }).click();
    await expect(page.getByRole('cell', { name: 'Amministratore di sistema', exact: true }).first()).toBeVisible();
  });
});
