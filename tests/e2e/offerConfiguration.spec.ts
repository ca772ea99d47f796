import { PDF, PNG } from '../helpers/sampleFiles.ts';
import { expect, test } from './fixtures.ts';

test.describe('offer configuration: pictures and equipment of resource groups', () => {
  test('the picture dialog uploads, previews and replaces a picture, and refuses other files', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/gruppiRisorse/gruppiRisorse');
    const row = page.getByRole('row', { name: /Piattaforma verticale 12 m/ });
    // Columns: code, description, CRM description, family, active, picture.
    const pictureCell = row.getByRole('cell').nth(5);
    await expect(pictureCell).toHaveText('No');
    await row.getByRole('button', { name: 'Immagine: Piattaforma verticale 12 m' }).click();
    const dialog = page.getByRole('dialog', { name: 'Immagine: Piattaforma verticale 12 m' });
    await expect(dialog.getByText('Nessuna immagine caricata')).toBeVisible();

    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'documento.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(dialog.getByText('Tipo di file non ammesso: sono accettate immagini png, jpg e jpeg')).toBeVisible();

    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'piattaforma.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('immagine salvata')).toBeVisible();
    const img = dialog.getByRole('img', { name: 'Immagine di Piattaforma verticale 12 m' });
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
    await expect(dialog.getByRole('button', { name: 'Sostituisci immagine' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(pictureCell).toHaveText('Sì');

    // The picture is on the server: it is there after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Immagine: Piattaforma verticale 12 m' }).click();
    await expect(page.getByRole('img', { name: 'Immagine di Piattaforma verticale 12 m' })).toBeVisible();
  });

  test('equipment articles of a resource group are added, priced (at least 1) and removed in the dialog', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/gruppiRisorse/gruppiRisorse');
    await page.getByRole('button', { name: 'Modifica Piattaforma articolata 16 m' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifica gruppo risorse' });
    await dialog.getByRole('button', { name: 'Aggiungi elemento' }).click();
    await dialog.getByRole('textbox', { name: 'Descrizione', exact: true }).last().fill('Cestello doppio');
    await dialog.getByLabel('Prezzo').fill('0.5');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Attenzione. Ci sono errori in alcuni campi')).toBeVisible();
    await expect(dialog.getByText('Il prezzo di un articolo deve essere almeno 1,00 €')).toBeVisible();
    await dialog.getByLabel('Prezzo').fill('42.50');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Modifica Piattaforma articolata 16 m' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Descrizione', exact: true }).last()).toHaveValue(
      'Cestello doppio',
    );
    await expect(dialog.getByLabel('Prezzo')).toHaveValue('42,5');
    await dialog.getByRole('button', { name: 'Rimuovi' }).click();
    await expect(dialog.getByLabel('Prezzo')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Modifica Piattaforma articolata 16 m' }).click();
    await expect(dialog.getByLabel('Prezzo')).toHaveCount(0);
  });
});

test.describe('other configuration: one record, its screen is its form', () => {
  test('shows the settings, refuses a bad value keeping the input, saves twice in a row and keeps them after a reload', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Menu principale' })
      .getByRole('link', { name: 'Altre configurazioni' })
      .click();
    await expect(page).toHaveURL(/\/configurations\/altreConfigurazioni$/);
    const discount = page.getByLabel('Sconto massimo in offerta (%)');
    await expect(discount).toHaveValue('5');
    await expect(page.getByLabel('Mittente delle email')).toHaveValue('noleggio@rossinoleggi.it');
    await expect(page.getByRole('button', { name: 'Salva' })).toBeDisabled();
    const validity = await page.getByLabel("Validità dell'offerta (giorni)").inputValue();

    await discount.fill('150');
    await page.getByLabel("Validità dell'offerta (giorni)").fill('45');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Attenzione. Ci sono errori in alcuni campi')).toBeVisible();
    await expect(page.getByLabel("Validità dell'offerta (giorni)")).toHaveValue('45');

    await discount.fill('7,5');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio avvenuto correttamente')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salva' })).toBeDisabled();
    // The second save carries the new version: no conflict.
    await page.getByLabel('Codice cliente per i listini del gestionale').fill('222');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('button', { name: 'Salva' })).toBeDisabled();
    await expect(page.getByText('Il record è stato modificato da un altro utente')).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('Sconto massimo in offerta (%)')).toHaveValue('7,5');
    await expect(page.getByLabel("Validità dell'offerta (giorni)")).toHaveValue('45');
    await expect(page.getByLabel('Codice cliente per i listini del gestionale')).toHaveValue('222');

    // The settings as they were: the specs that run next on this server price offers with them.
    await page.getByLabel('Sconto massimo in offerta (%)').fill('5');
    await page.getByLabel("Validità dell'offerta (giorni)").fill(validity);
    await page.getByLabel('Codice cliente per i listini del gestionale').fill('111');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('button', { name: 'Salva' })).toBeDisabled();
    await page.reload();
    await expect(page.getByLabel('Codice cliente per i listini del gestionale')).toHaveValue('111');
  });
});
