import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';

/** What the database does not change: run on PGlite only (the postgres project leaves out this tag). */
const SCREEN_ONLY = { tag: '@screen-only' };

test.describe('a generated master-data screen against the real server', () => {
  test('from the home page: create, filter (kept in the URL), edit, refuse bad input, delete', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Benvenuto, Amministratore di sistema/ })).toBeVisible();
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Fonti' }).click();
    await expect(page).toHaveURL(/\/configurations\/fonti/);
    await expect(page.getByRole('heading', { name: 'Fonti' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Sito web', exact: true })).toBeVisible();

    // Create
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Nuova fonte')).toBeVisible();
    await dialog.getByLabel('Descrizione').fill('Fiera di Verona');
    await dialog.getByLabel('Ordinamento').fill('5');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio avvenuto correttamente')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Fiera di Verona', exact: true })).toBeVisible();

    // Filter, and the filter survives a reload
    await page.getByRole('search', { name: 'Filtri' }).getByLabel('Descrizione').fill('verona');
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await expect(page).toHaveURL(/f\.description=verona/);
    await expect(page.getByRole('cell', { name: 'Sito web', exact: true })).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Fiera di Verona', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('search', { name: 'Filtri' }).getByLabel('Descrizione')).toHaveValue('verona');
    await expect(page.getByRole('cell', { name: 'Sito web', exact: true })).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Fiera di Verona', exact: true })).toBeVisible();

    // Edit; bad input keeps the dialog open with what was typed
    await page.getByRole('button', { name: 'Modifica Fiera di Verona' }).click();
    await expect(dialog.getByLabel('Descrizione')).toHaveValue('Fiera di Verona');
    await dialog.getByLabel('Descrizione').fill('');
    await dialog.getByLabel('Ordinamento').fill('7');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Attenzione. Ci sono errori in alcuni campi')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Ordinamento')).toHaveValue('7');
    await dialog.getByLabel('Descrizione').fill('Fiera di Bologna');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await expect(page.getByRole('cell', { name: 'Fiera di Bologna', exact: true })).toBeVisible();
    await expect(
      page.getByRole('row', { name: /Fiera di Bologna/ }).getByRole('cell', { name: '7', exact: true }),
    ).toBeVisible();

    // Delete after confirmation
    await page.getByRole('button', { name: 'Elimina Fiera di Bologna' }).click();
    await expect(page.getByText("Eliminare Fiera di Bologna? L'operazione non si può annullare.")).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByText('eliminazione avvenuta correttamente')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Fiera di Bologna', exact: true })).toBeHidden();
  });

  test('a refusal only the server can make keeps the dialog open with everything typed', async ({ page, login }) => {
    await login();
    await page.goto('/utenti/users');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('CRM');
    await dialog.getByLabel('Email').fill('silvia.nuova@rossinoleggi.it');
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Silvia');
    await dialog.getByLabel('Cognome').fill('Nuova');
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Benvenuta2025!');
    await dialog.getByLabel('Conferma password').fill('Benvenuta2025!');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Esiste già un record con questi dati')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue('silvia.nuova@rossinoleggi.it');
    await dialog.getByLabel('Username').fill('silvia.nuova');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: 'silvia.nuova', exact: true })).toBeVisible();
  });

  test('a record created in the browser survives a server restart', async ({ page, login, stack }) => {
    await login();
    await page.goto('/configurations/gruppiCrm');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    await page.getByRole('dialog').getByLabel('Descrizione').fill('Area Emilia-Romagna');
    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('cell', { name: 'Area Emilia-Romagna', exact: true })).toBeVisible();

    await stack.restartServer();
    await page.reload();
    await expect(page.getByRole('cell', { name: 'Area Emilia-Romagna', exact: true })).toBeVisible();
  });

  test(
    'a user without the screen roles gets "Non Autorizzato" and no menu entry',
    SCREEN_ONLY,
    async ({ page, login }) => {
      await login('crm');
      await page.goto('/');
      const menu = page.getByRole('navigation', { name: 'Menu principale' });
      await expect(menu.getByRole('link', { name: 'Clienti', exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Fonti' })).toHaveCount(0);
      await page.goto('/configurations/fonti');
      await expect(page.getByRole('heading', { name: 'Non Autorizzato' })).toBeVisible();
    },
  );

  test('export downloads an .xlsx of the filtered list, every matching row', async ({ page, login }) => {
    await login();
    await page.goto('/configurations/fonti?f.description=e');
    // The pager reads "1-3 di 3" once the rows are there (it says "di 0" while loading).
    const pager = page.getByText(/^\d+-\d+ di [1-9]\d*$/);
    await expect(pager).toBeVisible();
    const total = Number((await pager.innerText()).match(/di (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta in Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Fonti_\d{8}_\d{4}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Descrizione',
      'Ordinamento',
      'Colore di sfondo',
      'Colore del carattere',
    ]);
    expect((sheet?.rowCount ?? 0) - 1).toBe(total);
  });

  test(
    'keyboard: N opens a new record, Escape closes it, Enter on a row opens it',
    SCREEN_ONLY,
    async ({ page, login }) => {
      await login();
      await page.goto('/configurations/nations');
      await expect(page.getByRole('cell', { name: 'Italia', exact: true })).toBeVisible();
      await page.keyboard.press('n');
      await expect(page.getByRole('dialog').getByText('Nuova nazione')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.getByRole('row', { name: /Italia/ }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog').getByLabel('Nome')).toHaveValue('Italia');
    },
  );

  test(
    'hidden columns and density are remembered for the user after a reload',
    SCREEN_ONLY,
    async ({ page, login }) => {
      await login();
      await page.goto('/configurations/nations');
      await expect(page.getByRole('columnheader', { name: /Codice/ })).toBeVisible();
      await page.getByRole('button', { name: 'Mostra/Nascondi colonne' }).click();
      await page.getByRole('switch', { name: 'Cambia visibilità Codice' }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('columnheader', { name: /Codice/ })).toBeHidden();
      await page.reload();
      await expect(page.getByRole('cell', { name: 'Italia', exact: true })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: /Codice/ })).toBeHidden();
    },
  );

  test('lookups with colours show their name in a chip of those colours', SCREEN_ONLY, async ({ page, login }) => {
    await login();
    await page.goto('/configurations/statiTrattative');
    const chip = page.getByRole('row', { name: /Chiusa persa/ }).locator('.MuiChip-root');
    await expect(chip).toHaveText('Chiusa persa');
    await expect(chip).toHaveCSS('background-color', 'rgb(198, 40, 40)');
    await expect(chip).toHaveCSS('color', 'rgb(255, 255, 255)');
  });
});

test.describe('no lost form input', () => {
  test('closing a changed dialog asks first; an unchanged one closes at once', SCREEN_ONLY, async ({ page, login }) => {
    await login();
    await page.goto('/configurations/nations');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova nazione' });
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Modifica Italia' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica nazione' });
    await edit.getByLabel('Nome').fill('Italia (IT)');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Modifiche non salvate' });
    await expect(ask.getByText('Ci sono modifiche non salvate. Chiudere senza salvarle?')).toBeVisible();
    await ask.getByRole('button', { name: 'Continua a modificare' }).click();
    await expect(edit.getByLabel('Nome')).toHaveValue('Italia (IT)');
    await edit.getByRole('button', { name: 'Annulla' }).click();
    await ask.getByRole('button', { name: 'Chiudi senza salvare' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Italia', exact: true })).toBeVisible();
  });

  test('a duplicate code is refused next to its field, and the dialog keeps what was typed', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/configurations/nations');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova nazione' });
    await dialog.getByLabel('Nome').fill('Italia bis');
    await dialog.getByLabel('Codice').fill('it');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Esiste già un record con questi dati')).toBeVisible();
    await expect(dialog.getByText('Valore già presente in un altro record')).toBeVisible();
    await expect(dialog.getByLabel('Nome')).toHaveValue('Italia bis');
    await dialog.getByLabel('Codice').fill('IB');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Italia bis', exact: true })).toBeVisible();
  });
});
