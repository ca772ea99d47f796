import type { Page } from '@playwright/test';
import { freePort } from '../helpers/freePort.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/testSmtpServer.ts';
import { expect, loginAs, test } from './fixtures.ts';

// The e-mail outbox delivers to an SMTP server of this test, so "Reinvia" really sends.
const smtp = { port: freePort() + 1, password: `pw-${Math.random().toString(36).slice(2)}` };
test.use({ serverEnv: { SMTP_URL: `smtp://crm:${smtp.password}@127.0.0.1:${smtp.port}` } });
test.use({ viewport: { width: 1440, height: 900 } });

let mailServer: TestSmtpServer;
test.beforeAll(async () => {
  mailServer = await startTestSmtpServer(smtp);
});
test.afterAll(async () => mailServer.close());

/** Rome wall time as Asterisk writes it in its CDR (`2026-11-23 09:12:00`). */
const asteriskTime = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'medium' }).format(at);

const row = (page: Page, text: string) => page.locator('tbody tr[data-row-id]').filter({ hasText: text });

test('a call posted by the PBX shows up live, is called back and reported; a failed e-mail is sent again', async ({
  page,
  request,
  stack,
  login,
}) => {
  // Through the contract proxy: what the PBX sends and gets back must match openapi.yaml.
  const api = `http://127.0.0.1:${stack.proxyPort}`;
  await login();
  // The admin gives the integration user `api` (ROLE_API) the token the switchboard will post with.
  await page.goto('/utenti/users?f.username=api');
  // The first screen after the login loads the app's chunks: on a busy machine that takes a while.
  await row(page, 'Servizio').getByRole('button', { name: 'Token del centralino per api' }).click({ timeout: 30_000 });
  const token = await page.getByRole('textbox', { name: 'Token', exact: true }).inputValue();
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(page.getByRole('button', { name: 'Chiudi', exact: true }).last()).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/contact-centre-pbx-token.png' });
  await page.keyboard.press('Escape');
  const postCalls = async (calls: object[]) => {
    const res = await request.post(`${api}/api/pbx/calls`, {
      headers: { authorization: `Bearer ${token}` },
      data: { source: 'asterisk', calls },
    });
    expect(res.status()).toBe(200);
    return (await res.json()).data;
  };

  await page.goto('/contactCenter/missed-calls');
  await expect(row(page, '02.4567.8901').first()).toBeVisible();
  const badge = page.getByRole('navigation', { name: 'Menu principale' }).getByLabel(/da gestire/);
  const before = Number(await badge.innerText());

  // A customer rings the Milan line; nobody answers. The open screen shows it without a reload.
  const rang = new Date(Date.now() - 60_000);
  const ended = new Date(rang.getTime() + 35_000);
  const cdr = {
    uniqueid: `e2e.${Date.now()}`,
    src: '+39 02 9988 7766',
    dst: '0212345678',
    start: asteriskTime(rang),
    answer: '',
    end: asteriskTime(ended),
    duration: 35,
    billsec: 0,
    disposition: 'NO ANSWER',
  };
  expect(await postCalls([cdr])).toMatchObject({ created: 1, missedCalls: 1 });
  const missed = row(page, '02.9988.7766');
  await expect(missed).toBeVisible({ timeout: 2_000 });
  await expect(missed).toContainText('Milano');
  await expect(badge).toHaveText(String(before + 1));
  // The same call posted again is one call.
  expect(await postCalls([cdr])).toMatchObject({ created: 0, duplicates: 1 });
  await expect(missed).toHaveCount(1);
  await page.screenshot({ path: 'test-results/contact-centre-missed-calls.png' });

  // "Richiama": the operator takes it; nobody answers, so a call-back goes in the agenda.
  await missed.getByRole('button', { name: 'Richiama 02.9988.7766' }).click();
  await expect(page.getByText('Stai richiamando 02.9988.7766')).toBeVisible();
  await expect(missed).toContainText('Amministratore di sistema');
  await missed.getByRole('button', { name: 'Nessuna risposta da 02.9988.7766: pianifica la richiamata' }).click();
  await expect(page.getByText('Richiamata pianificata nella tua agenda')).toBeVisible();

  // The second try connects (extension 201 → the customer, 48 s of talk): the case closes by itself, live.
  const back = new Date();
  await postCalls([
    {
      uniqueid: `e2e.${Date.now()}.back`,
      src: '201',
      dst: '0299887766',
      start: asteriskTime(back),
      answer: asteriskTime(new Date(back.getTime() + 4_000)),
      end: asteriskTime(new Date(back.getTime() + 52_000)),
      duration: 52,
      billsec: 48,
      disposition: 'ANSWERED',
    },
  ]);
  await expect(missed.getByRole('cell', { name: 'Sì', exact: true })).toBeVisible();
  await expect(badge).toHaveText(String(before));

  // The call report of today (its default date), latest first: both calls with their durations, and the totals.
  await page.goto('/contactCenter/report-calls?sort=callDateTime&desc=1');
  await expect(page.getByRole('textbox', { name: 'Data' })).toHaveValue(
    new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' })
      .format(new Date())
      .replace(/\//g, '-'),
  );
  const inbound = row(page, 'Sede Milano').filter({ hasText: '02.9988.7766' });
  await expect(inbound).toContainText('Non risposta');
  await expect(inbound).toContainText('00:35');
  const outbound = row(page, 'Interno 201').filter({ hasText: '02.9988.7766' });
  await expect(outbound).toContainText('Risposta');
  await expect(outbound).toContainText('00:48');
  await expect(outbound).toContainText('00:52');
  const totals = page.getByRole('region', { name: 'Totali del giorno' });
  await expect(totals).toContainText('In uscita');
  // Calls per hour counted whole, in Italian digits: no "0.5" on the axis.
  const ticks = totals.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
  await expect(ticks.first()).toBeVisible();
  for (const tick of await ticks.allTextContents()) expect(tick).toMatch(/^(\d{1,3}(\.\d{3})*)?$/);
  // Steps of whole calls (1, 2, 5... as the day's counts need, whatever other tests added to the day).
  const values = (await ticks.allTextContents()).map((t) => Number(t.replace(/\./g, '')));
  expect(values.length).toBeGreaterThan(1);
  expect(values.every((v, i) => i === 0 || v > (values[i - 1] ?? 0))).toBe(true);
  await page.screenshot({ path: 'test-results/contact-centre-report-calls.png' });

  // Branch offices: the users of Milan, one added and removed.
  await page.getByRole('link', { name: 'Sedi' }).click();
  await row(page, 'Milano').getByRole('button', { name: 'Utenti della sede Milano' }).click();
  await expect(page).toHaveURL(/\/contactCenter\/branch-office-users\?.*f\.branchOfficeId=/);
  await page.getByRole('button', { name: 'Aggiungi' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Sede' }).click();
  await page.getByRole('option', { name: 'Milano' }).click();
  await dialog.getByRole('combobox', { name: 'Utente' }).click();
  await page.getByRole('option', { name: 'contactcenter' }).click();
  await dialog.getByRole('button', { name: 'Salva' }).click();
  const assigned = row(page, 'Giulia Bianchi');
  await expect(assigned).toContainText('Milano');
  await assigned.getByRole('button', { name: /^Elimina/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(assigned).toHaveCount(0);

  // E-mails: a message as it was sent, with the link it carried, its body drawn where no script can run.
  await page.getByRole('link', { name: 'Email' }).click();
  await row(page, 'Offerta di noleggio OFF-2025-000112')
    .getByRole('cell', { name: /^Offerta di noleggio/ })
    .click();
  const panel = page.getByRole('dialog').or(page.locator('.MuiDrawer-paper')).filter({ hasText: 'Email inviata' });
  await expect(panel.getByText('paolo.brambilla@ediliziabrambilla.it')).toBeVisible();
  const offerLink = 'https://crm.rossinoleggi.it/trattativeCp/offers/3q2-7wVn0b8Jk1xQeQp0AQ';
  await expect(
    panel.getByRole('list', { name: 'Link nel messaggio' }).getByRole('link', { name: offerLink }),
  ).toBeVisible();
  const body = panel.locator('iframe[title="Testo del messaggio"]');
  await expect(body).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe[title="Testo del messaggio"]').getByText('Gentile Paolo Brambilla,'),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('email-inviata.png') });
  await page.keyboard.press('Escape');

  // The failed message goes back in the queue and reaches the mail server.

  const failed = row(page, 'Scheda tecnica piattaforma aerea 16 m');
  await expect(failed).toContainText('Non riuscita');
  await failed.getByRole('button', { name: 'Reinvia «Scheda tecnica piattaforma aerea 16 m»' }).click();
  await expect(page.getByText('Email rimessa in coda')).toBeVisible();
  const [sent] = await mailServer.waitFor(1, (m) => m.mail.subject === 'Scheda tecnica piattaforma aerea 16 m');
  expect(sent?.envelope.to).toEqual(['ufficio.tecnico@allestimentigarda.it']);
  await page.reload();
  await expect(failed).toContainText('Inviata');
});

test('"Nessuna risposta" plans the call-back in the operator\'s own home and agenda, not in the salespeople\'s', async ({
  page,
  login,
  browser,
  baseURL,
  demoPassword,
}) => {
  // Two users, five screens opened by their address.
  test.setTimeout(120_000);
  await login('contactcenter');
  await page.goto('/contactCenter/missed-calls?f.recalled=N&f.internal=N');
  // A screen opened by its address loads the app again: on a busy machine that takes a while.
  const loading = { timeout: 30_000 };
  // A demo case the other test leaves alone.
  const open = page
    .locator('tbody tr[data-row-id]')
    .filter({ has: page.getByRole('button', { name: /^Richiama / }) })
    .filter({ hasNotText: '02.4567.8901' })
    .first();
  await open.waitFor(loading);
  const label = (await open.getByRole('button', { name: /^Richiama / }).getAttribute('aria-label')) ?? '';
  const phone = label.replace(/^Richiama /, '');
  expect(phone).toMatch(/^\d/);
  await open.getByRole('button', { name: `Richiama ${phone}` }).click();
  await expect(page.getByText(`Stai richiamando ${phone}`)).toBeVisible();
  await open.getByRole('button', { name: `Nessuna risposta da ${phone}: pianifica la richiamata` }).click();
  await expect(page.getByText('Richiamata pianificata nella tua agenda')).toBeVisible();

  // The operator's home: the call-back is among the activities to complete (and today's, when it is today).
  await page.getByRole('link', { name: 'Home' }).click();
  const toComplete = page.getByRole('region', { name: 'Attività da completare' });
  await expect(toComplete.getByText(new RegExp(`^\\d{2}-\\d{2}-\\d{4} Richiamare ${phone}`))).toBeVisible(loading);
  await expect(page.getByRole('region', { name: 'Attività di oggi' })).toBeVisible();
  await page.screenshot({ path: 'test-results/contact-centre-home.png', fullPage: true });
  // Its agenda lists it, with the text of the case.
  await toComplete.getByRole('link', { name: 'Vedi tutte' }).click();
  const activity = page.getByRole('row', { name: new RegExp(`Richiamare ${phone}`) });
  await expect(activity).toContainText('Giulia Bianchi', loading);
  await activity.getByRole('button', { name: `Modifica Richiamare ${phone}` }).click();
  await expect(page.getByRole('dialog').getByLabel('Descrizione')).toHaveValue(
    /^Chiamata persa del \d{2}-\d{2}-\d{4} \d{2}:\d{2}, \d+ (tentativo|tentativi)\. Nessuna risposta alla richiamata\.$/,
  );
  await page.screenshot({ path: 'test-results/contact-centre-callback.png' });
  await page.keyboard.press('Escape');

  // A salesperson's home and list do not hold it.
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const salesperson = await context.newPage();
  const plannings = () => salesperson.waitForResponse((r) => new URL(r.url()).pathname === '/api/plannings' && r.ok());
  const home = Promise.all([plannings(), plannings()]);
  await loginAs(salesperson, 'commerciale.cp', demoPassword('commerciale.cp'));
  await home;
  await expect(salesperson.getByRole('region', { name: 'Attività da completare' })).toBeVisible();
  await expect(salesperson.getByText(`Richiamare ${phone}`)).toHaveCount(0);
  const list = plannings();
  await salesperson.goto('/listPlannings');
  await list;
  await expect(salesperson.getByRole('heading', { name: 'Attività', exact: true })).toBeVisible(loading);
  await expect(salesperson.getByText(`Richiamare ${phone}`)).toHaveCount(0);
  await context.close();
});
