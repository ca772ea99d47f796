import type { APIRequestContext, Page } from '@playwright/test';
import { formatEuro } from '../../src/domain/pricing/index.ts';
import { pdfText } from '../helpers/pdfText.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

const COMPANY = 'Ponteggi Lombardi S.r.l.';
const EMAIL = 'acquisti@ponteggilombardi.it';

/** The demo group PLT12 gets a second article, through the contract proxy as an admin would. */
async function secondArticle(request: APIRequestContext, api: string) {
  const login = await request.post(`${api}/login_check`, { data: { username: 'admin', password: ADMIN_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const groups = (await (await request.get(`${api}/api/gruppi-risorse`, { headers })).json()).data as {
    id: number;
    resourceGroup: string;
  }[];
  const plt12 = groups.find((g) => g.resourceGroup === 'PLT12');
  if (!plt12) throw new Error('demo group PLT12 missing');
  const { data: group } = await (await request.get(`${api}/api/gruppi-risorse/${plt12.id}`, { headers })).json();
  const put = await request.put(`${api}/api/gruppi-risorse/${plt12.id}`, {
    headers,
    data: {
      ...group,
      articoliGruppo: [
        { id: 1, description: 'Cestello portapersone', price: 35, selezionato: false },
        { id: 2, description: 'Forche per pallet', price: 20, selezionato: false },
      ],
    },
  });
  expect(put.status()).toBe(200);
  return headers;
}

const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);
const breakdown = (page: Page, key: string) => page.locator(`[data-breakdown="${key}"]`);

test('a quick offer is built with insurance, transport both ways and two articles, saved, sent, read as PDF, listed first', async ({
  page,
  request,
  stack,
  login,
}) => {
  // One offer's whole story in one page session.
  test.setTimeout(180_000);
  const admin = await secondArticle(request, `http://127.0.0.1:${stack.proxyPort}`);
  await login();

  // "Nuova offerta rapida" from the offers list: a negotiation with only what an offer needs.
  await page.goto('/offers/offers');
  await page.getByRole('button', { name: 'Nuova offerta rapida' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Nuova offerta rapida' });
  await dialog.getByRole('button', { name: 'Crea e apri' }).click();
  await expect(dialog.getByText('Ragione sociale: campo obbligatorio')).toBeVisible();
  await dialog.getByLabel('Ragione sociale').fill(COMPANY);
  await dialog.getByLabel('Email').fill(EMAIL);
  await dialog.getByRole('button', { name: 'Crea e apri' }).click();
  await expect(page).toHaveURL(/\/trattativeCp\/trattativa\/\d+#offerta$/);
  const negotiationPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: COMPANY })).toBeVisible();
  await expect(page.getByLabel('Offerta rapida')).toBeChecked();

  const euros = (cents: number) => formatEuro(cents);
  const offer = page.locator('#offerta');
  const offerDiscount = offer.getByRole('region', { name: "Sconto sull'offerta" }).getByLabel('Sconto %');
  await offer.getByRole('combobox', { name: 'Filiale di noleggio' }).click();
  await page.getByRole('option', { name: /Rossi Noleggi Milano/ }).click();
  await offer.getByRole('combobox', { name: 'Famiglia gruppi risorse' }).click();
  await page.getByRole('option', { name: 'Piattaforme aeree' }).click();
  await offer.getByRole('radio', { name: /PLT12/ }).click();
  await offer.getByLabel('Durata', { exact: true }).fill('12');
  // The default insurance is proposed; the environmental contribution is chosen.
  await expect(offer.getByRole('radio', { name: 'Base (8,00%), predefinita' })).toBeChecked();
  await offer.getByRole('radio', { name: 'Base (2,00%)' }).check();
  // No position of the site: the km are typed; the return leg is charged at half.
  await offer.getByLabel('Km (inseriti a mano)').fill('42');
  await expect(offer.getByText('Distanza inserita a mano: 42,0 km dalla filiale al cantiere')).toBeVisible();
  await offer.getByLabel('Ritorno (% addebitata)').fill('50');
  const cestello = offer.locator('[data-article="Cestello portapersone"]');
  const forche = offer.locator('[data-article="Forche per pallet"]');
  await cestello.getByRole('checkbox').check();
  await cestello.getByLabel('Sconto %').fill('10');
  await forche.getByRole('checkbox').check();
  // An article below 1 € is named next to it, and the price waits.
  await forche.getByLabel('Prezzo').fill('0,5');
  await expect(forche.getByText("Il prezzo dell'articolo «Forche per pallet» deve essere almeno 1,00 €")).toBeVisible();
  await expect(figure(page, 'prezzoTotale')).toContainText('—');
  await forche.getByLabel('Prezzo').fill('20');
  // A discount above 5% is a supervisor's: the admin saving it approves it, a notice says so.
  await offerDiscount.fill('6');
  await expect(
    offer.getByText(/Lo sconto effettivo supera il 5,00% o un articolo è sotto listino: salvando/),
  ).toBeVisible();
  await offerDiscount.fill('3');
  // Every lever counts: the return leg at 50%, the articles' own discounts and 3% off give away 94,44 € of the
  // list's 1.499,00 € (6,30%), which the admin's save approves.
  await expect(figure(page, 'scontoEffettivo')).toContainText('6,30%');
  await expect(figure(page, 'scontoEffettivo')).toContainText(`${euros(9444)} su ${euros(149900)} di listino`);

  // Every figure as the engine computes it, each formula with its numbers.
  await expect(figure(page, 'prezzoNoleggio')).toContainText(euros(114000));
  await expect(figure(page, 'prezzoAssicurazione')).toContainText(euros(9120));
  await expect(figure(page, 'prezzoOneri')).toContainText(euros(2280));
  await expect(figure(page, 'prezzoTrasporto')).toContainText(euros(14250));
  await expect(figure(page, 'prezzoVarie')).toContainText(euros(5150));
  await expect(figure(page, 'prezzoTotale')).toContainText(euros(144800));
  await expect(figure(page, 'prezzoTotaleScontato')).toContainText(euros(140456));
  await expect(breakdown(page, 'noleggio')).toContainText('12 giorni × 95,00 € (fascia 6–15 giorni)');
  await expect(breakdown(page, 'assicurazione')).toContainText('8,00% di 1.140,00 €');
  await expect(breakdown(page, 'oneri')).toContainText('2,00% di 1.140,00 €');
  await expect(breakdown(page, 'distanza')).toContainText('42,0 km dalla filiale al cantiere, 51 minuti di viaggio');
  await expect(breakdown(page, 'trasportoAndata')).toContainText(
    '95,00 € (fascia 31–60 minuti) × 1 (durata 12 giorni)',
  );
  await expect(breakdown(page, 'trasportoAndata')).toContainText('× 100,00%');
  await expect(breakdown(page, 'trasportoRitorno')).toContainText('× 50,00%');
  await expect(breakdown(page, 'trasportoRitorno')).toContainText(euros(4750));
  await expect(breakdown(page, 'articolo').first()).toContainText('35,00 € − 10,00%');
  await expect(breakdown(page, 'sconto')).toContainText('3,00% di 1.448,00 €');
  await expect(cestello).toContainText(euros(3150));
  await page.screenshot({ path: 'test-results/offer-builder.png', fullPage: true });

  await offer.getByRole('button', { name: 'Salva offerta' }).click();
  await expect(page.getByText('Offerta salvata')).toBeVisible();
  // The page reads the stored offer again: the server's prices are the ones shown.
  await expect(figure(page, 'prezzoTotaleScontato')).toContainText(euros(140456));
  await expect(offer.getByLabel('Durata', { exact: true })).toHaveValue('12');
  // A save refused right after takes the earlier "Offerta salvata" away: the two would contradict each other.
  await forche.getByLabel('Prezzo').fill('0,5');
  await offer.getByRole('button', { name: 'Salva offerta' }).click();
  await expect(offer.getByText('Correggere i campi segnalati: l’offerta non è stata salvata')).toBeVisible();
  await expect(page.getByText('Offerta salvata', { exact: true })).toBeHidden({ timeout: 1000 });
  await forche.getByLabel('Prezzo').fill('20');

  // The negotiations' send, in two steps; it freezes version 1 with its number.
  await page.getByRole('button', { name: 'Invia offerta' }).click();
  await expect(page.getByRole('checkbox', { name: EMAIL })).toBeChecked();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText("L'offerta sarà inviata a 1 destinatario.")).toBeVisible();
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  // This server has no mail server: the offer is frozen and its e-mail kept unsent, which the page says.
  await expect(page.getByRole('alert').filter({ hasText: 'Email salvata ma non inviata' })).toContainText('Attenzione');
  const versions = page.getByRole('table', { name: 'Versioni inviate' });
  const first = versions.locator('[data-version]').first();
  await expect(first).toContainText(/OFF-\d{4}-\d{6}/);
  await expect(first).toContainText(euros(140456));
  const number = (await first.getAttribute('data-version')) ?? '';

  // Its PDF opens in a tab; the frozen version's PDF (the same bytes, never rendered from today's data) carries
  // the totals shown on screen.
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    versions.getByRole('button', { name: `Apri PDF ${number}` }).click(),
  ]);
  await tab.waitForURL(/^blob:/);
  const pdf = await request.get(
    `${stack.baseURL}/api${negotiationPath.replace('/trattativeCp/trattativa', '/trattative_cp')}/offerta/versioni/1/pdf`,
    {
      headers: admin,
    },
  );
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const bytes = await pdf.body();
  const text = await pdfText(new Uint8Array(bytes));
  for (const cents of [114000, 9120, 2280, 14250, 5150, 144800, 140456])
    expect(text, `the PDF shows ${euros(cents)}`).toContain(euros(cents).replace(/\s+/g, ' '));
  expect(text).toContain(number);
  await tab.close();

  // The offers list shows it first; its row opens the negotiation's offer.
  await page.goto('/offers/offers');
  const row = page.locator('tbody tr[data-row-id]').first();
  await expect(row).toContainText(number, { timeout: 30_000 });
  await expect(row).toContainText(COMPANY);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`${negotiationPath}#offerta$`));
  await expect(figure(page, 'prezzoTotaleScontato')).toContainText(euros(140456));
});
