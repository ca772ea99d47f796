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
});

test.describe('fields the server fills', () => {
  test('an inventory: none on the new form, then who created it and when, read-only', async ({ page, login }) => {
    await login();
    await page.goto('/inventarioMezzi/inventariMezzi');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const created = page.getByRole('dialog', { name: 'Nuovo inventario mezzi' });
    await expect(created.getByLabel('Filiale')).toBeFocused();
    await expect(created.getByLabel('Creato da')).toHaveCount(0);
    await expect(created.getByLabel('Creato il')).toHaveCount(0);
    await created.getByLabel('Filiale').click();
    await page.getByRole('option').first().click();
    await created.getByRole('button', { name: 'Salva' }).click();
    await expect(created).toBeHidden();

    await page
      .getByRole('button', { name: /^Modifica / })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: 'Modifica inventario mezzi' });
    await expect(edit.getByLabel('Creato da')).toHaveValue('admin');
    await expect(edit.getByLabel('Creato da')).not.toBeEditable();
    await expect(edit.getByLabel('Creato il')).not.toHaveValue('');
    await expect(edit.getByLabel('Creato il')).not.toBeEditable();
    await expect(edit.getByLabel('Modificato da')).toHaveValue('admin');
    // The first editable field has the caret, not a read-only one.
    await expect(edit.getByLabel('Filiale')).toBeFocused();
  });
});
