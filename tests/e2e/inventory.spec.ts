import ExcelJS from 'exceljs';
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

// Branch staff count on their phones (issue 18).
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

const card = (page: Page, code: string) => page.getByRole('article', { name: code });
const progress = (page: Page) => page.getByTestId('inventory-progress');

async function lookUp(page: Page, code: string): Promise<Locator> {
  await page.getByLabel('Cerca o digita un codice').fill(code);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  return card(page, code);
}

async function tap(item: Locator, status: string) {
  await item.getByRole('button', { name: status, exact: true }).click();
  await expect(item.getByRole('button', { name: status, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

// One story from the first tap to the file: two sign-ins and a build of 250 machines take their time on a busy machine.
test('a branch counts its fleet on the phone, the supervisor concludes and exports it', async ({
  page,
  browser,
  baseURL,
  login,
  demoPassword,
}, testInfo) => {
  test.setTimeout(120_000);
  // What the phone shows, kept with the test's output for a reviewer to look at.
  const shot = (p: Page | Locator, name: string) => p.screenshot({ path: testInfo.outputPath(`${name}.png`) });

  // The counter opens a new inventory of their branch: the only one, already chosen.
  await login('inventario');
  await page.goto('/inventarioMezzi/inventariMezzi');
  // The top bar on a phone: the user's initials on one line, the full name still the profile link's.
  const profile = page.getByRole('banner').getByRole('link', { name: 'Stefano Ruggiero' });
  await expect(profile).toHaveText('SR');
  expect((await profile.boundingBox())?.height ?? 99).toBeLessThanOrEqual(48);
  await page.getByRole('button', { name: 'Aggiungi' }).click();
  await expect(page).toHaveURL(/\/inventarioMezzi$/);
  await expect(page.getByRole('combobox', { name: /^Filiale/ })).toHaveText('Milano Nord');
  await page.getByRole('button', { name: 'Crea inventario' }).click();
  await expect(page).toHaveURL(/\/inventarioMezzi\/\d+$/);
  const url = page.url();
  await expect(page.getByRole('heading', { name: 'Inventario Milano Nord' })).toBeVisible();
  // Blind: nothing expected is listed, and no expected total.
  await expect(progress(page)).toHaveText('0 verificati');
  await expect(page.getByRole('article')).toHaveCount(0);

  await tap(await lookUp(page, 'mi01-plf-001'), 'Presente');
  await expect(progress(page)).toHaveText('1 verificato');
  await tap(await lookUp(page, 'MI01-ESC-002'), 'Non trovato');
  const repair = await lookUp(page, 'MI01-SOL-004');
  await tap(repair, 'In riparazione');
  await expect(progress(page)).toHaveText('3 verificati');
  // A second tap on the chosen status clears it.
  await repair.getByRole('button', { name: 'In riparazione', exact: true }).click();
  await expect(repair.getByRole('button', { name: 'In riparazione', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(progress(page)).toHaveText('2 verificati');
  // Counted twice, counted once: the second look-up says who counted it.
  await lookUp(page, 'MI01-PLF-001');
  await expect(
    page.getByRole('alert').filter({ hasText: /MI01-PLF-001 è già stato contato da te il \d{2}-\d{2}-\d{4} alle/ }),
  ).toBeVisible();

  // A machine on the yard that the list lacks.
  await lookUp(page, 'XX-999');
  await page.getByRole('button', { name: 'Aggiungi XX-999' }).click();
  const add = page.getByRole('dialog', { name: 'Mezzo trovato in filiale' });
  await expect(add.getByLabel('Codice mezzo')).toHaveValue('XX-999');
  await add.getByLabel('Note').fill('Dietro il capannone');
  await add.getByRole('button', { name: 'Salva' }).click();
  await expect(add).toBeHidden();
  await expect(card(page, 'XX-999').getByText('Aggiunto a mano')).toBeVisible();
  await expect(progress(page)).toHaveText('3 verificati');
  await page.getByLabel('Cerca o digita un codice').fill('');
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
  await shot(page, 'counter-phone');

  // The supervisor, on another phone, sees the whole list and what the ERP expects.
  const other = await browser.newContext({ viewport: PHONE, baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const supervisor = await other.newPage();
  await signIn(supervisor, 'supervisore.inventario', demoPassword('supervisore.inventario'));
  await supervisor.goto(url);
  await expect(progress(supervisor)).toHaveText(/^3 di \d{3} verificati$/);
  const total = Number(/di (\d+)/.exec((await progress(supervisor).textContent()) ?? '')?.[1]);
  await expect(supervisor.getByRole('article')).toHaveCount(50);
  await expect(supervisor.getByRole('button', { name: 'Trovati in filiale' })).toContainText('1');

  // A change by the counter reaches the supervisor's page, until reloaded.
  await tap(await lookUp(page, 'MI01-PLT-006'), 'Presente');
  await expect(supervisor.getByText('Dati aggiornati da un altro utente.')).toBeVisible();
  await supervisor.getByRole('button', { name: 'Ricarica' }).click();
  await expect(supervisor.getByText('Dati aggiornati da un altro utente.')).toBeHidden();
  await expect(progress(supervisor)).toHaveText(`4 di ${total} verificati`);
  await shot(supervisor, 'supervisor-phone');
  await shot(supervisor.getByRole('region', { name: 'Chiusura del conteggio' }), 'supervisor-closing');

  await supervisor.getByRole('button', { name: 'Concludi inventario' }).click();
  const question = supervisor.getByRole('dialog', { name: "Concludere l'inventario" });
  await expect(question).toContainText("Concludere l'inventario? L'inventario non potrà più essere modificato.");
  await question.getByRole('button', { name: 'Concludi inventario' }).click();
  await expect(supervisor.getByText(/^Concluso da Laura Costa il /)).toBeVisible();
  await expect(supervisor.getByRole('button', { name: 'Presente' })).toHaveCount(0);

  // Everything is read-only for the counter too, who now sees the whole list.
  await page.reload();
  await expect(page.getByText(/^Concluso da Laura Costa il /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aggiungi mezzo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Presente' })).toHaveCount(0);
  await expect(progress(page)).toHaveText(`4 di ${total} verificati`);
  await shot(page, 'concluded-phone');

  // The export: every item, with its status and note, named Inventario_<date>_<time>.
  const download = supervisor.waitForEvent('download');
  await supervisor.getByRole('button', { name: 'Esporta Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Inventario_\d{8}_\d{4}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(await file.path()) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]?.slice(0, 5)).toEqual(['Risorsa ERP', 'Descrizione', 'Stato', 'Aggiunto a mano', 'Note']);
  expect(rows.length - 1).toBe(total);
  const byCode = new Map(rows.slice(1).map((r) => [r[0], r]));
  expect(byCode.get('MI01-PLF-001')?.[2]).toBe('Presente');
  expect(byCode.get('MI01-ESC-002')?.[2]).toBe('Non trovato');
  expect(byCode.get('MI01-SOL-004')?.[2]).toBeUndefined();
  expect(byCode.get('XX-999')?.slice(3, 5)).toEqual(['Sì', 'Dietro il capannone']);
  await other.close();
});
