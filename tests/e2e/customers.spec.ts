import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { EXE, PDF, PNG } from '../helpers/sampleFiles.ts';
import { expect, test } from './fixtures.ts';

test.describe('customers: the customer page', () => {
  test('a VAT number already used shows the exact warning and blocks saving; one known to the ERP says so', async ({
    page,
    login,
  }) => {
    await login('crm');
    await page.goto('/customers/all');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByRole('heading', { name: 'Nuovo cliente' })).toBeVisible();
    await page.getByLabel('Ragione sociale').fill('Cantieri Lario S.r.l.');
    await page.getByLabel('Partita IVA').fill('00743110157');
    const warning = "Il cliente con partita iva 00743110157 è già presente. Si prega di contattare l'agente Luca Verdi";
    await expect(page.getByRole('alert').filter({ hasText: warning })).toBeVisible();
    // The field itself is marked, with the same words.
    await expect(page.getByLabel('Partita IVA')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(warning)).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Salva' })).toBeDisabled();

    await page.getByLabel('Partita IVA').fill('01114601006');
    await expect(page.getByText('Partita iva già presente in Mago')).toBeVisible();
    await expect(page.getByText(/è già presente\. Si prega/)).toHaveCount(0);
    await expect(page.getByLabel('Partita IVA')).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByRole('button', { name: 'Salva' })).toBeEnabled();
    await expect(page.getByLabel('Ragione sociale')).toHaveValue('Cantieri Lario S.r.l.');
  });

  test('an invalid VAT number is refused next to the field, keeping what was typed', async ({ page, login }) => {
    await login('crm');
    await page.goto('/customers');
    await page.getByLabel('Ragione sociale').fill('Cantieri Lario S.r.l.');
    await page.getByLabel('Partita IVA').fill('00743110158');
    await page.getByLabel('Città').fill('Como');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Attenzione. Ci sono errori in alcuni campi')).toBeVisible();
    await expect(page.getByText('La partita IVA non è valida')).toBeVisible();
    await expect(page.getByLabel('Città')).toHaveValue('Como');
    await expect(page).toHaveURL(/\/customers$/);
  });

  test('create a customer, then its contacts and details; the list opens the page', async ({ page, login }) => {
    await login('crm');
    await page.goto('/customers');
    await expect(page.getByText('Salvare il cliente per aggiungere contatti e dettagli.')).toBeVisible();
    await page.getByLabel('Ragione sociale').fill('Noleggi Adda S.r.l.');
    await page.getByLabel('Partita IVA').fill('05556667771');
    await page.getByLabel('Città').fill('Lecco');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio avvenuto correttamente')).toBeVisible();
    await expect(page).toHaveURL(/\/customers\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Noleggi Adda S.r.l.', level: 1 })).toBeVisible();

    const contacts = page.getByRole('region', { name: 'Contatti' });
    await contacts.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo contatto' });
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Marta');
    await dialog.getByLabel('Cognome').fill('Colombo');
    await dialog.getByLabel('Email').fill('marta.colombo@noleggiadda.it');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
    await expect(contacts.getByRole('cell', { name: 'marta.colombo@noleggiadda.it' })).toBeVisible();
    await contacts.getByRole('button', { name: 'Modifica Marta' }).click();
    await page.getByRole('dialog').getByLabel('Telefono').fill('0341 123 456');
    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    // Shown in the dotted groups of SPEC.md section 9.
    await expect(contacts.getByRole('cell', { name: '0341.123.456' })).toBeVisible();

    const details = page.getByRole('region', { name: 'Dettagli' });
    await details.getByRole('button', { name: 'Aggiungi' }).click();
    await page.getByRole('dialog').getByLabel('Concorrente (testo libero)').fill('Noleggi Brianza');
    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await expect(details.getByRole('cell', { name: 'Noleggi Brianza' })).toBeVisible();

    // Stored: after a reload, and reachable from the list.
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Contatti' }).getByRole('cell', { name: 'Colombo', exact: true }),
    ).toBeVisible();
    await page.goto('/customers/all?f.companyName=Adda');
    await page.getByRole('cell', { name: 'Noleggi Adda S.r.l.', exact: true }).click();
    await expect(page).toHaveURL(/\/customers\/\d+$/);
    // The list stays on screen, its "Città" column too, until the customer page is drawn.
    await expect(page.getByRole('heading', { name: 'Noleggi Adda S.r.l.', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Città')).toHaveValue('Lecco');

    await page.getByRole('region', { name: 'Contatti' }).getByRole('button', { name: 'Elimina Marta' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByText('eliminazione avvenuta correttamente')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contatti' }).getByText('Nessun elemento')).toBeVisible();
  });
});

test.describe('customers: the list', () => {
  test('its search box finds a customer by part of its phone number, keeps it in the address, and exports what it found', async ({
    page,
    login,
  }) => {
    await login('crm');
    await page.goto('/customers/all');
    const search = page.getByRole('searchbox', { name: 'Ricerca' });
    await expect(search).toHaveAttribute('placeholder', 'Codice, ragione sociale, partita IVA, telefono');
    await expect(page.getByRole('cell', { name: 'Edilizia Brambilla S.r.l.', exact: true })).toBeVisible();
    // Allestimenti Garda's number is 030 778 899: its start, grouped another way.
    await search.fill('030 77');
    await search.press('Enter');
    await expect(page).toHaveURL(/f\.q=030\+77/);
    await expect(page.getByRole('cell', { name: 'Allestimenti Garda S.n.c.', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Edilizia Brambilla S.r.l.', exact: true })).toHaveCount(0);

    await page.reload();
    await expect(search).toHaveValue('030 77');
    await expect(page.getByText('1-1 di 1')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta in Excel' }).click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0];
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(2).value).toBe('Allestimenti Garda S.n.c.');
  });
});

test.describe('customers: documents', () => {
  test('upload several files to the customer and one to a contact, download, refuse a disguised file, delete', async ({
    page,
    login,
  }) => {
    await login('crm');
    await page.goto('/customers/all?f.companyName=Brambilla');
    await page.getByRole('button', { name: 'Modifica Edilizia Brambilla S.r.l.' }).click();
    await page.getByRole('button', { name: 'Documenti di Edilizia Brambilla S.r.l.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Documenti: Edilizia Brambilla S.r.l.' });
    await expect(dialog.getByText('Nessun documento')).toBeVisible();

    // Chosen files wait for "Carica": a description typed after choosing travels with its file.
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'contratto.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'cantiere.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(dialog.getByText('Nessun documento')).toBeVisible();
    await dialog.getByLabel('Descrizione contratto.pdf').fill('Contratto quadro');
    await dialog.getByLabel('Descrizione cantiere.png').fill('Foto del cantiere');
    await dialog.getByRole('button', { name: 'Carica', exact: true }).click();
    await expect(dialog.getByRole('cell', { name: 'contratto.pdf', exact: true })).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'cantiere.png', exact: true })).toBeVisible();
    await expect(page.getByText('documento caricato correttamente').first()).toBeVisible();
    await expect(
      dialog.getByRole('row', { name: /contratto\.pdf/ }).getByRole('cell', { name: 'Contratto quadro' }),
    ).toBeVisible();
    await expect(
      dialog.getByRole('row', { name: /cantiere\.png/ }).getByRole('cell', { name: 'Foto del cantiere' }),
    ).toBeVisible();
    await expect(dialog.getByLabel('Descrizione contratto.pdf')).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Scarica contratto.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('contratto.pdf');
    expect(fs.readFileSync(await download.path()).equals(PDF)).toBe(true);

    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'fattura.pdf', mimeType: 'application/pdf', buffer: EXE });
    await dialog.getByLabel('Descrizione fattura.pdf').fill('Fattura di marzo');
    await dialog.getByRole('button', { name: 'Carica', exact: true }).click();
    await expect(
      dialog.getByText('fattura.pdf: Tipo di file non ammesso: sono accettati png, jpg, jpeg, mp4, mov e pdf'),
    ).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'fattura.pdf', exact: true })).toHaveCount(0);
    // The refused file stays chosen with what was typed for it, until taken off.
    await expect(dialog.getByLabel('Descrizione fattura.pdf')).toHaveValue('Fattura di marzo');
    await dialog.getByRole('button', { name: 'Togli fattura.pdf' }).click();
    await expect(dialog.getByLabel('Descrizione fattura.pdf')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Elimina cantiere.png' }).click();
    await page.getByRole('dialog', { name: 'Elimina' }).getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByText('documento rimosso correttamente')).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'cantiere.png', exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Chiudi' }).click();

    // A contact's documents are its own.
    const contacts = page.getByRole('region', { name: 'Contatti' });
    await contacts.getByRole('button', { name: 'Aggiungi' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Nome', exact: true }).fill('Paolo');
    await page.getByRole('dialog').getByLabel('Cognome').fill('Brambilla');
    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await contacts.getByRole('button', { name: 'Documenti di Paolo Brambilla' }).click();
    const own = page.getByRole('dialog', { name: 'Documenti: Paolo Brambilla' });
    await expect(own.getByText('Nessun documento')).toBeVisible();
    await own.locator('input[type=file]').setInputFiles([
      { name: 'biglietto.png', mimeType: 'image/png', buffer: PNG },
      { name: 'offerta.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await own.getByRole('button', { name: 'Carica', exact: true }).click();
    await expect(own.getByRole('cell', { name: 'biglietto.png', exact: true })).toBeVisible();
    await expect(own.getByRole('cell', { name: 'offerta.pdf', exact: true })).toBeVisible();
    await expect(own.getByRole('cell', { name: 'contratto.pdf', exact: true })).toHaveCount(0);
    const [image] = await Promise.all([
      page.waitForEvent('download'),
      own.getByRole('button', { name: 'Scarica biglietto.png' }).click(),
    ]);
    expect(fs.readFileSync(await image.path()).equals(PNG)).toBe(true);
    // The download button's tooltip would sit over the next row's buttons.
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await own.getByRole('button', { name: 'Elimina offerta.pdf' }).click();
    await page.getByRole('dialog', { name: 'Elimina' }).getByRole('button', { name: 'Elimina' }).click();
    await expect(own.getByRole('cell', { name: 'offerta.pdf', exact: true })).toHaveCount(0);
    await expect(own.getByRole('cell', { name: 'biglietto.png', exact: true })).toBeVisible();
  });
});

test.describe('customers: map', () => {
  test('the customer on the map; without tiles the map says so and the marker still sets the coordinates', async ({
    page,
    login,
  }) => {
    await login('crm');
    await page.goto('/customers/all?f.companyName=Rota');
    await page.getByRole('button', { name: 'Modifica Impresa Rota Costruzioni S.p.A.' }).click();
    const map = page.getByRole('region', { name: 'Posizione' });
    await expect(map.getByText(/Mappa non disponibile/)).toBeVisible();
    const marker = map.getByRole('button', { name: 'Posizione del cliente' });
    await marker.click();
    await expect(map.getByText('Impresa Rota Costruzioni S.p.A.')).toBeVisible();
    await expect(map.getByText('Via Borgo Palazzo 90')).toBeVisible();
    await expect(page.getByLabel('Latitudine')).toHaveValue('45,6983');

    // A click on the map moves the customer there.
    await map.locator('.leaflet-container').scrollIntoViewIfNeeded();
    const box = await map.locator('.leaflet-container').boundingBox();
    if (!box) throw new Error('no map');
    await page.mouse.click(box.x + box.width - 120, box.y + box.height - 80);
    await expect(page.getByLabel('Latitudine')).not.toHaveValue('45,6983');
    const latitude = await page.getByLabel('Latitudine').inputValue();
    const longitude = await page.getByLabel('Longitudine').inputValue();
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio avvenuto correttamente')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Latitudine')).toHaveValue(latitude);
    await expect(page.getByLabel('Longitudine')).toHaveValue(longitude);

    await map.getByRole('button', { name: "Trova dall'indirizzo" }).click();
    await expect(map.getByText('Indirizzo non trovato o servizio di ricerca non raggiungibile')).toBeVisible();
  });

  test('a customer without coordinates shows "Non configurato" at 0,0', async ({ page, login }) => {
    await login('crm');
    await page.goto('/customers');
    const map = page.getByRole('region', { name: 'Posizione' });
    await map.getByRole('button', { name: 'Posizione del cliente' }).click();
    await expect(map.getByText('Non configurato')).toBeVisible();
  });
});
