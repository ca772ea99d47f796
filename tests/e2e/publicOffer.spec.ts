import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/testSmtpServer.ts';
import { expect, test as base } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

// The product sends real e-mail to an SMTP server in this process (loopback only).
const test = base.extend<object, { smtp: TestSmtpServer }>({
  smtp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const smtp = await startTestSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url }), { scope: 'worker' }],
});

const COMPANY = 'Edilizia Brambilla S.r.l.';
const CUSTOMER = 'paolo.brambilla@ediliziabrambilla.it';

/** The staff side through the API, as the salesperson's screens would call it. */
async function staffApi(request: APIRequestContext, baseURL: string) {
  const login = await request.post(`${baseURL}/login_check`, { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
  return {
    async get(url: string) {
      const res = await request.get(`${baseURL}${url}`, { headers });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json();
    },
    async send(method: 'post' | 'put', url: string, data: object) {
      const res = await request[method](`${baseURL}${url}`, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json();
    },
  };
}

/** The salesperson saves an offer and sends it (through the API: the builder is another story); the link mailed. */
async function sendOffer(request: APIRequestContext, baseURL: string, smtp: TestSmtpServer, to: string) {
  const staff = await staffApi(request, baseURL);
  const groups = (await staff.get('/api/gruppi-risorse?page=1&rowsPerPage=50')).data as {
    id: number;
    resourceGroup: string;
    famigliaGruppoRisorsaId: number;
  }[];
  const plt12 = groups.find((g) => g.resourceGroup === 'PLT12');
  if (!plt12) throw new Error('demo resource group PLT12 missing');
  const branch = (await staff.get('/api/branches-offer?page=1&rowsPerPage=50')).data[0] as { id: number };
  const created = await staff.send('post', '/api/trattative_cp', {
    ragioneSociale: COMPANY,
    email: to,
    contatto: 'Paolo Brambilla',
    destinazioneCantiere: 'Via Roma 1, Bergamo',
  });
  const id = created.data.id as number;
  const { version } = (await staff.get(`/api/trattative_cp/${id}/offerta`)).data as { version: number };
  await staff.send('put', `/api/trattative_cp/${id}/offerta`, {
    version,
    filialeNoleggioId: branch.id,
    famigliaGruppoRisorsaId: plt12.famigliaGruppoRisorsaId,
    gruppoRisorsaId: plt12.id,
    durata: 12,
    durataUnita: 'G',
    assicurazioneTipo: 'BASE',
    contributoAmbientale: 'base',
    trasportoAbilitato: true,
    trasporto: 100,
    trasportoRitorno: 50,
    km: 42,
    scontoPercentuale: 5,
  });
  await staff.send('post', '/api/trattative_cp/invia-offerta', { idTrattativaCp: id, email: [to] });
  // The customer's e-mail carries the link to the public page.
  const [offerMail] = await smtp.waitFor(1, (m) => m.envelope.to.includes(to));
  const link = /\/trattativeCp\/offers\/[A-Za-z0-9_-]+/.exec(offerMail?.mail.text ?? '')?.[0];
  if (!link) throw new Error(`no offer link in: ${offerMail?.mail.text ?? ''}`);
  return { id, link, staff };
}

/** A phone: 375 × 812, touch. */
const phoneContext = (browser: Browser, baseURL: string) =>
  browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });

/** A stroke drawn with a finger: touch events, as a phone sends them. */
async function drawWithFinger(page: Page, testId: string) {
  const pad = page.getByTestId(testId);
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  const cdp = await page.context().newCDPSession(page);
  const at = (x: number, y: number) => [{ x: box.x + x, y: box.y + y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(30, 90) });
  for (let i = 1; i <= 20; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(30 + i * 12, 90 + Math.sin(i / 2) * 40),
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.describe('the public offer: the customer confirms on a phone', () => {
  test('from the e-mailed link: breakdown, insurance, signature, confirm; the staff see it accepted with the signed PDF', async ({
    browser,
    page,
    login,
    stack,
    smtp,
    request,
  }) => {
    test.setTimeout(120_000);
    const { id, link, staff } = await sendOffer(request, stack.baseURL, smtp, CUSTOMER);

    // The salesperson keeps the negotiation open meanwhile.
    await login();
    await page.goto(`/trattativeCp/trattativa/${id}`);
    const answer = page.getByRole('region', { name: 'Risposta del cliente' });
    await expect(answer.getByText("Il cliente non ha ancora aperto l'offerta.")).toBeVisible();

    // On a phone: 375 × 812, touch.
    const phone = await phoneContext(browser, stack.baseURL);
    const customer = await phone.newPage();
    await customer.goto(link);
    await expect(
      customer.getByRole('heading', { level: 1, name: /^Offerta di noleggio OFF-\d{4}-\d{6}$/ }),
    ).toBeVisible();
    // No top bar, no drawer: nothing of the back office.
    await expect(customer.getByRole('button', { name: /menu|Esci/i })).toHaveCount(0);
    const why = customer.getByRole('region', { name: 'Perché questo prezzo' });
    await expect(why.getByText('12 giorni × 95,00 € (fascia 6–15 giorni)')).toBeVisible();
    await expect(why.getByText('Contributo ambientale (Base)')).toBeVisible();
    await expect(why.getByText('Trasporto andata')).toBeVisible();
    // The insurance the salesperson proposed is chosen; each option says its total, priced by the server.
    const optionTotal = async (name: RegExp) =>
      ((await customer.getByRole('radio', { name }).locator('xpath=ancestor::label').innerText()).match(
        /Totale con questa scelta: (.+€)/,
      ) ?? [])[1];
    await expect(customer.getByRole('radio', { name: /Base/ })).toBeChecked();
    await expect(customer.getByTestId('totale')).toHaveText((await optionTotal(/Base/)) ?? 'assente');
    const noHorizontalScroll = await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noHorizontalScroll).toBe(true);

    const axe = await new AxeBuilder({ page: customer }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    const fullTotal = await optionTotal(/Full/);
    await customer.getByRole('radio', { name: /Full/ }).check();
    await expect(customer.getByTestId('totale')).toHaveText(fullTotal ?? 'assente');
    // Confirming without conditions, name and signature says what is missing, in Italian.
    await customer.getByRole('button', { name: "Conferma l'offerta" }).click();
    const conditionsError = customer.getByText('È necessario accettare le condizioni contrattuali');
    const signerError = customer.getByText('Scrivere nome e cognome di chi firma');
    const signatureError = customer.getByText('Firmare nel riquadro con il dito o con il mouse');
    for (const error of [conditionsError, signerError, signatureError]) await expect(error).toBeVisible();
    // Each message goes as soon as its field is right, before confirming again; and comes back if undone.
    await customer.getByLabel('Ho letto e accetto le condizioni contrattuali').check();
    await expect(conditionsError).toHaveCount(0);
    await expect(signerError).toBeVisible();
    await customer.getByLabel('Nome e cognome di chi firma').fill('Pa');
    await expect(signerError).toBeVisible();
    await customer.getByLabel('Nome e cognome di chi firma').fill('Paolo Brambilla');
    await expect(signerError).toHaveCount(0);
    await customer.getByLabel('Ho letto e accetto le condizioni contrattuali').uncheck();
    await expect(conditionsError).toBeVisible();
    await customer.getByLabel('Ho letto e accetto le condizioni contrattuali').check();
    await drawWithFinger(customer, 'firma');
    await expect(signatureError).toHaveCount(0);
    await expect(conditionsError).toHaveCount(0);

    // Meanwhile the Full insurance costs more: the server refuses the old figures, the page reloads the
    // prices and says why, and what the customer typed and drew stays.
    const insurances = (await staff.get('/api/assicurazioni')).data as { id: number; code: string }[];
    const full = insurances.find((i) => i.code === 'FULL');
    if (!full) throw new Error('demo insurance FULL missing');
    // (14%: the contract proxy checks `multipleOf: 0.01` without the server's float tolerance, and refuses
    // amounts like 148,20 € that a double cannot hold exactly; the server itself accepts them.)
    await staff.send('put', `/api/insurances/${full.id}`, { ...full, percentage: 14 });
    await customer.getByRole('button', { name: "Conferma l'offerta" }).click();
    await expect(customer.getByText('Prezzi aggiornati')).toBeVisible();
    await expect(
      customer.getByText(
        /^Il prezzo dell'assicurazione inviato \(136,80\s€\) è diverso da quello calcolato \(159,60\s€\)$/,
      ),
    ).toBeVisible();
    await expect(customer.getByText(/Assicurazione 159,60\s€ \(14,00% del noleggio\)/)).toBeVisible();
    await expect(customer.getByTestId('totale')).toHaveText((await optionTotal(/Full/)) ?? 'assente');
    await expect(customer.getByLabel('Nome e cognome di chi firma')).toHaveValue('Paolo Brambilla');
    await customer.getByRole('button', { name: "Conferma l'offerta" }).click();
    await expect(customer.getByText('Offerta confermata', { exact: true })).toBeVisible();
    // The confirmation is at the top of the screen, not below the fold where the button was, and has the focus.
    await expect(customer.getByText('Offerta confermata', { exact: true })).toBeInViewport();
    expect(await customer.evaluate(() => window.scrollY)).toBe(0);
    expect(await customer.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Offerta confermata');
    await customer.screenshot({ path: test.info().outputPath('conferma-375.png') });
    await expect(
      customer.getByText(/Confermata da Paolo Brambilla il \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}/),
    ).toBeVisible();
    await expect(customer.getByRole('button', { name: "Conferma l'offerta" })).toHaveCount(0);

    // The signed PDF reaches the customer.
    const [signed] = await smtp.waitFor(1, (m) => m.mail.subject?.startsWith('Offerta firmata') ?? false);
    expect(signed?.envelope.to).toEqual([CUSTOMER]);
    expect(signed?.mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    await phone.close();

    // The salesperson is told at once (push hub), and the open page shows it accepted with the signed PDF.
    await expect(page.getByText(`Offerta accettata e firmata: Paolo Brambilla (${COMPANY})`)).toBeVisible();
    await expect(answer.getByText(/^Offerta OFF-\d{4}-\d{6} accettata$/)).toBeVisible();
    await expect(answer.getByText(/Offerta aperta dal cliente/)).toBeVisible();
    await expect(answer.getByText(/Firmata da Paolo Brambilla/)).toBeVisible();
    const download = page.waitForEvent('download');
    await answer.getByRole('button', { name: 'Scarica il PDF firmato' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/^Offerta_OFF-\d{4}-\d{6}_firmata\.pdf$/);
  });

  test('the customer declines with a reason: the offer is lost with it and the page says so', async ({
    browser,
    stack,
    smtp,
    request,
  }) => {
    const to = 'acquisti@ediliziabrambilla.it';
    const { id, link, staff } = await sendOffer(request, stack.baseURL, smtp, to);
    const phone = await phoneContext(browser, stack.baseURL);
    const customer = await phone.newPage();
    await customer.goto(link);
    await customer.getByRole('button', { name: "Non è interessato? Rifiuti l'offerta" }).click();
    const decline = customer.getByRole('region', { name: "Rifiutare l'offerta" });
    await decline.getByRole('button', { name: "Rifiuta l'offerta" }).click();
    await expect(decline.getByText('Scegliere il motivo')).toBeVisible();
    await decline.getByRole('combobox', { name: 'Motivo' }).click();
    await customer.getByRole('option', { name: 'Prezzo troppo alto' }).click();
    await expect(decline.getByText('Scegliere il motivo')).toHaveCount(0);
    await decline.getByLabel('Note (facoltative)').fill('Abbiamo trovato un mezzo più vicino');
    await decline.getByRole('button', { name: "Rifiuta l'offerta" }).click();
    await expect(customer.getByText('Offerta rifiutata', { exact: true })).toBeVisible();
    await expect(customer.getByText('Offerta rifiutata', { exact: true })).toBeInViewport();
    expect(await customer.evaluate(() => window.scrollY)).toBe(0);
    await expect(customer.getByRole('button', { name: "Conferma l'offerta" })).toHaveCount(0);
    await phone.close();
    const stored = (await staff.get(`/api/trattative_cp/${id}`)).data;
    expect(stored).toMatchObject({ acceptedByCustomer: 'N', notePersa: 'Abbiamo trovato un mezzo più vicino' });
    expect(stored.motivoPersaId).toEqual(expect.any(Number));
  });
});
