import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import { menuEntries } from '../../src/domain/menu.ts';
import { WORKFLOW_PAGES } from '../../src/web/workflows/pages.ts';
import { DEMO_USERS } from '../../src/server/seed/demoData.ts';
import { pdfText } from '../helpers/pdfText.ts';
import { unreadable, type Unreadable } from '../helpers/readableText.ts';
import { PNG } from '../helpers/sampleFiles.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/testSmtpServer.ts';
import { expect, openInApp, signIn as signInPage, test as base, withoutAnimations } from './fixtures.ts';
import { watchListCalls } from './pagedLists.ts';
import { ADMIN_PASSWORD, type Stack } from './stack.ts';

/**
 * What users read (issue 28): every screen, as each role at its screen size (a generated screen once at each size:
 * its code, columns and formats are the same for every role), with the records a real day
 * leaves behind; the PDFs the product makes and the e-mails it sends. Nothing may read as an ISO date, an
 * amount or reading of a thousand or more without its separator, an English word or a technical token
 * (tests/helpers/readableText.ts). The screens come from the app's own route table (src/domain/menu.ts:
 * the generated screens and the workflows'), their parameters from the records made here.
 *
 * The super admin's walk, which sees every screen, also checks that no screen reads a list that may outgrow the
 * ceiling without paging (pagedLists.ts): it opens each screen's pickers and its new-record form with theirs,
 * since each asks for its list.
 */

interface Records {
  /** A negotiation whose offer the customer accepted and signed, and one whose offer waits. */
  accepted: { id: number; code: string };
  open: { id: number; code: string };
  acceptanceId: number;
  inventoryId: number;
  customerId: number;
}

const test = base.extend<object, { smtp: TestSmtpServer; records: Records }>({
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
  records: [
    async ({ playwright, stack, smtp }, use) => {
      const request = await playwright.request.newContext({ baseURL: stack.baseURL });
      await use(await makeRecords(request, stack, smtp));
      await request.dispose();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// The records of a working day, made through the API as the screens would make them.

async function signIn(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/login_check', { data: { username, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return { Authorization: `Bearer ${(await res.json()).token as string}` };
}

async function call<T = { data: Record<string, unknown> }>(
  request: APIRequestContext,
  headers: Record<string, string>,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: object,
): Promise<T> {
  const res = await request[method](url, { headers, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function sentOffer(request: APIRequestContext, admin: Record<string, string>, company: string, email: string) {
  const groups = (
    await call<{ data: { id: number; resourceGroup: string; famigliaGruppoRisorsaId: number }[] }>(
      request,
      admin,
      'get',
      '/api/gruppi-risorse?page=1&rowsPerPage=50',
    )
  ).data;
  const group = groups.find((g) => g.resourceGroup === 'PLT12');
  if (!group) throw new Error('demo resource group PLT12 missing');
  const branch = (
    await call<{ data: { id: number }[] }>(request, admin, 'get', '/api/branches-offer?page=1&rowsPerPage=50')
  ).data[0];
  const id = (
    await call<{ data: { id: number } }>(request, admin, 'post', '/api/trattative_cp', {
      ragioneSociale: company,
      email,
      telefono: '035 412 000',
      contatto: 'Paolo Brambilla',
      destinazioneCantiere: 'Via Roma 1, Bergamo',
    })
  ).data.id;
  // 30 days of PLT12: amounts over a thousand euros, in the builder, the breakdown and the PDFs.
  const offer = `/api/trattative_cp/${id}/offerta`;
  const read = await call<{ data: { version: number } }>(request, admin, 'get', offer);
  await call(request, admin, 'put', offer, {
    version: read.data.version,
    filialeNoleggioId: branch?.id,
    famigliaGruppoRisorsaId: group.famigliaGruppoRisorsaId,
    gruppoRisorsaId: group.id,
    durata: 30,
    durataUnita: 'G',
    assicurazioneTipo: 'BASE',
    contributoAmbientale: 'base',
    trasportoAbilitato: true,
    trasporto: 100,
    trasportoRitorno: 50,
    km: 42,
    scontoPercentuale: 5,
  });
  await call(request, admin, 'post', '/api/trattative_cp/invia-offerta', { idTrattativaCp: id, email: [email] });
  const code = (await call<{ data: { documentToken: string } }>(request, admin, 'get', `/api/trattative_cp/${id}`)).data
    .documentToken;
  return { id, code };
}

async function makeRecords(request: APIRequestContext, stack: Stack, smtp: TestSmtpServer): Promise<Records> {
  const admin = await signIn(request, 'admin', ADMIN_PASSWORD);
  const accepted = await sentOffer(request, admin, 'Cantieri Lombardi S.r.l.', 'ufficio@cantierilombardi.it');
  const open = await sentOffer(request, admin, 'Edilizia Orobica S.p.A.', 'acquisti@ediliziaorobica.it');
  await call(request, admin, 'post', '/api/trattative_cp/invia-anagrafica', {
    idTrattativaCp: open.id,
    email: ['acquisti@ediliziaorobica.it'],
  });

  // The customer confirms the first offer on its public page, with the page's own token.
  const pub = await request.get(`/public/login-api-from-client?code=${accepted.code}`);
  const publicHeaders = { Authorization: `Bearer ${(await pub.json()).data.token as string}` };
  const offer = (
    await call<{ data: { offerta: { hash: string; opzioni: { code: string; figures: Record<string, number> }[] } } }>(
      request,
      publicHeaders,
      'get',
      `/api/trattative-cp/${accepted.code}`,
    )
  ).data.offerta;
  const option = offer.opzioni.find((o) => o.code === 'BASE') ?? offer.opzioni[0];
  if (!option) throw new Error('no insurance option');
  await call(request, publicHeaders, 'put', `/api/trattative-cp/confirm-offer/${accepted.code}`, {
    ...option.figures,
    assicurazioneTipo: option.code,
    assicurazionePrezzo: option.figures.prezzoAssicurazione,
    acceptedByCustomer: 'Y',
    hash: offer.hash,
    condizioniAccettate: true,
    firmatario: 'Paolo Brambilla',
    firma: `data:image/png;base64,${PNG.toString('base64')}`,
  });

  // A vehicle checked in on the yard, with readings in the thousands, a photo and a signature.
  const yard = await signIn(request, 'accettazione', stack.demoPassword('accettazione'));
  const operator = (await call<{ data: { id: number } }>(request, yard, 'get', '/api/users/me')).data.id;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const acceptance = await request.post('/api/accettazioni_mezzi', {
    headers: yard,
    multipart: {
      operatore: String(operator),
      dataAccettazione: today,
      matricole: 'SN-LETTURE-1',
      km: '12500',
      ore: '3420',
      danni: 'true',
      carburante: '3',
      noteCliente: 'Restituito pulito',
      'foto-0': { name: 'foto.png', mimeType: 'image/png', buffer: PNG },
      firma: { name: 'firma.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(acceptance.ok(), await acceptance.text()).toBe(true);
  const acceptanceId = (await acceptance.json()).data.id as number;

  // An inventory of the counter's branch, filled from the ERP.
  const counter = await signIn(request, 'inventario', stack.demoPassword('inventario'));
  const branches = (await call<{ data: { id: number }[] }>(request, counter, 'get', '/api/users/me/filiali-inventario'))
    .data;
  const inventoryId = (
    await call<{ data: { id: number } }>(request, counter, 'post', '/api/inventari_mezzi', {
      filialeInventarioId: branches[0]?.id,
    })
  ).data.id;

  const customerId = (
    await call<{ data: { id: number }[] }>(request, admin, 'get', '/api/customers?page=1&rowsPerPage=1')
  ).data[0]?.id;
  if (!customerId) throw new Error('no demo customer');
  // The messages of all this have left: the walk reads them as they arrived.
  await smtp.waitFor(5);
  return { accepted, open, acceptanceId, inventoryId, customerId: Number(customerId) };
}

// ---------------------------------------------------------------------------------------------------------
// The walk.

const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 375, height: 812 };

/** Each role at the size of the screen it works on (README, "Try what you change"). */
const viewportOf = (role: string) => (/ACCETTAZIONE/.test(role) ? TABLET : /INVENTARIO/.test(role) ? PHONE : DESKTOP);

const SUPER_ADMIN = ['ROLE_SUPER_ADMIN'];

const WALKERS: { username: string; roles: readonly string[] }[] = [
  { username: 'admin', roles: SUPER_ADMIN },
  // The integration user has no screens: it posts calls.
  ...DEMO_USERS.filter((u) => !u.roles.includes('ROLE_API')),
];

/** The generated screens (one per resource): the same code, columns and formats for every role that may open them. */
const GENERATED = new Set(Object.values(resourceIndex).flatMap((r) => (r.route && r.menu ? [r.route] : [])));

/**
 * Every screen the roles may open, from the app's route table, with the records made above in its parameters. A
 * generated screen is read once at each size: at 1440 px by the super admin, who may open them all; another
 * role at that size reads the workflows' screens, whose content depends on who reads them.
 */
function screensOf(roles: readonly string[], r: Records): string[] {
  const readBySuperAdmin = roles !== SUPER_ADMIN && viewportOf(roles.join(' + ')) === DESKTOP;
  const entries = menuEntries(Object.values(resourceIndex), WORKFLOW_PAGES).filter(
    (e) =>
      (e.roles.length === 0 || e.roles.some((role) => roles.includes(role))) &&
      !(readBySuperAdmin && GENERATED.has(e.route)),
  );
  const byParameter: Record<string, string[]> = {
    '/customers/:id?': ['/customers', `/customers/${r.customerId}`],
    '/trattativeCp/trattativa/:id?': [
      '/trattativeCp/trattativa',
      `/trattativeCp/trattativa/${r.accepted.id}`,
      `/trattativeCp/trattativa/${r.open.id}`,
    ],
    '/accettazioniMezzi/accettazioneMezzo/:id': [`/accettazioniMezzi/accettazioneMezzo/${r.acceptanceId}`],
  };
  const routes = entries.flatMap((e) => byParameter[e.route] ?? [e.route]);
  // The inventory's own page is reached from its list (SPEC.md: always permitted for whoever sees the list).
  const inventories = entries.some((e) => e.route === '/inventarioMezzi/inventariMezzi');
  return ['/', '/profile', ...routes, ...(inventories ? [`/inventarioMezzi/${r.inventoryId}`] : [])].filter(
    (route) => !route.includes(':'),
  );
}

/** Requests in flight on a page (the event stream of the hub never ends, so it does not count). */
function trackRequests(page: Page) {
  let inFlight = 0;
  let started = 0;
  const counts = (url: string) => !new URL(url).pathname.startsWith('/hub');
  page.on('request', (r) => {
    if (!counts(r.url())) return;
    inFlight++;
    started++;
  });
  const done = (r: { url(): string }) => {
    if (counts(r.url())) inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // A frame drawn, then the page's main thread idle: what the last answers started (renders, effects, the calls
  // they make) has run. Not a fixed wait: a screen is read as soon as it is still, however loaded the machine.
  const still = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 5_000 })),
        ),
    );
  return async () => {
    // Quiet: no call in flight, and none started while the page drew what the last ones answered.
    await expect
      .poll(
        async () => {
          if (inFlight > 0) return false;
          const before = started;
          // Twice: a call the page started just before it went still may reach this process after the page's answer.
          await still();
          await still();
          return inFlight === 0 && started === before;
        },
        { timeout: 20_000, intervals: [50] },
      )
      .toBe(true);
    // A loading indicator still turning (a progress bar with a value, "0 di 247 verificati", is content).
    await expect(page.locator('[role="progressbar"]:not([aria-valuenow]):visible')).toHaveCount(0, { timeout: 20_000 });
  };
}

/** What a person reads: the visible text, the page's title, and the labels and hints of visible controls. */
function readPage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const shown = (e: Element) => (e as HTMLElement).checkVisibility({ checkVisibilityCSS: true, checkOpacity: true });
    const labels = [...document.querySelectorAll('[title], [aria-label], [placeholder]')]
      .filter(shown)
      .flatMap((e) => ['title', 'aria-label', 'placeholder'].map((a) => e.getAttribute(a) ?? ''))
      .filter(Boolean);
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
}

interface Finding extends Unreadable {
  where: string;
}
const findings = (where: string, text: string, options?: { evidenceAtEnd?: boolean }): Finding[] =>
  unreadable(text, options).map((p) => ({ where, ...p }));

/** Opens every picker and select in view, then closes it: each asks for its list. */
async function openEvery(page: Page, scope: ReturnType<Page['locator']>) {
  const boxes = scope.getByRole('combobox');
  for (let i = 0; i < (await boxes.count()); i++) {
    const box = boxes.nth(i);
    if (!(await box.isVisible()) || !(await box.isEnabled())) continue;
    await box.click();
    await page.keyboard.press('Escape');
  }
}

/** The screen's pickers, and its new-record form's when it has one (opened, then cancelled). */
async function openControls(page: Page, idle: () => Promise<void>) {
  // The filters folded beyond the bar's first line too.
  const more = page.getByRole('search', { name: 'Filtri' }).getByRole('button', { name: /^Altri filtri/ });
  if ((await more.count()) === 1) await more.click();
  await openEvery(page, page.locator('main'));
  const add = page.getByRole('main').getByRole('button', { name: 'Aggiungi', exact: true });
  if ((await add.count()) === 1 && (await add.isEnabled())) {
    await add.click();
    const dialog = page.getByRole('dialog');
    if (await dialog.isVisible()) {
      await openEvery(page, dialog);
      await idle();
      await dialog.getByRole('button', { name: 'Annulla' }).click();
      await expect(dialog).toBeHidden();
    }
  }
  await idle();
}

interface Walked {
  found: Finding[];
  /** List calls of a growing table made without paging, and how many list calls the walk made. */
  unpaged: string[];
  listCalls: number;
}

async function walk(
  context: BrowserContext,
  who: string,
  routes: string[],
  { withControls }: { withControls: boolean },
): Promise<Walked> {
  const page = await context.newPage();
  const idle = trackRequests(page);
  const lists = watchListCalls(page);
  const found: Finding[] = [];
  for (const [i, route] of routes.entries()) {
    // The first by its address, the others inside the running app, as a click in the drawer would.
    if (i === 0) await page.goto(route);
    else await openInApp(page, route);
    await idle();
    await expect(page.getByRole('heading').first(), `${who} ${route}`).toBeVisible();
    found.push(...findings(`${who} ${route}`, await readPage(page)));
    if (withControls) await openControls(page, idle);
  }
  await page.close();
  return { found, unpaged: lists.unpaged, listCalls: lists.seen };
}

test.describe('what users read: no ISO date, no ungrouped thousands, no English, no technical token; no list of a growing table read unpaged', () => {
  test.describe.configure({ mode: 'serial' });

  for (const { username, roles } of WALKERS) {
    const role = roles.join(' + ');
    test(`every screen of ${username} (${role}) at ${viewportOf(role).width} px`, async ({
      browser,
      records,
      stack,
    }) => {
      // The super admin's walk opens every picker and form too: the time of the two walks it replaced.
      test.setTimeout(roles === SUPER_ADMIN ? 1_200_000 : 600_000);
      const context = await browser.newContext({
        baseURL: stack.baseURL,
        viewport: viewportOf(role),
        ...(viewportOf(role) === DESKTOP ? {} : { hasTouch: true }),
        locale: 'it-IT',
        timezoneId: 'Europe/Rome',
        serviceWorkers: 'block',
      });
      await withoutAnimations(context);
      const page = await context.newPage();
      await signInPage(page, username, username === 'admin' ? ADMIN_PASSWORD : stack.demoPassword(username));
      await page.close();
      const routes = screensOf(roles, records);
      expect(routes.length).toBeGreaterThan(1);
      const everyScreen = roles === SUPER_ADMIN;
      // The other roles at this size leave the generated screens to this walk: it must read every one of them.
      if (everyScreen) expect(routes).toEqual(expect.arrayContaining([...GENERATED]));
      const walked = await walk(context, username, routes, { withControls: everyScreen });
      expect(walked.found).toEqual([]);
      if (everyScreen) {
        // The walk did read lists (the check is not vacuous), and none of a growing table unpaged.
        expect(walked.listCalls).toBeGreaterThan(routes.length);
        expect(walked.unpaged).toEqual([]);
      }
      await context.close();
    });
  }

  test('the customer page of an open offer and of a signed one, on a phone', async ({ browser, records, stack }) => {
    const phone = await phoneContext(browser, stack.baseURL);
    const routes = [`/trattativeCp/offers/${records.open.code}`, `/trattativeCp/offers/${records.accepted.code}`];
    const found: Finding[] = [];
    for (const route of routes) {
      const page = await phone.newPage();
      const idle = trackRequests(page);
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await idle();
      found.push(...findings(`cliente ${route}`, await readPage(page)));
      await page.close();
    }
    expect(found).toEqual([]);
    await phone.close();
  });

  test('the PDFs: the offer as sent, the signed offer and the acceptance report', async ({ request, records }) => {
    // Signed in now: the records' token, made when the worker started, may have expired behind a slow walk.
    const headers = await signIn(request, 'admin', ADMIN_PASSWORD);
    const pdfs: [string, string][] = [
      ['offerta inviata', `/api/trattative_cp/${records.open.id}/offerta/versioni/1/pdf`],
      ['offerta accettata', `/api/trattative_cp/${records.accepted.id}/offerta/versioni/1/pdf`],
      ['offerta firmata', `/api/trattative_cp/${records.accepted.id}/offerta-firmata`],
      ['accettazione', `/api/accettazioni_mezzi/${records.acceptanceId}/pdf`],
    ];
    const found: Finding[] = [];
    for (const [what, url] of pdfs) {
      const res = await request.get(url, { headers });
      expect(res.ok(), `${what}: ${res.status()}`).toBe(true);
      const text = await pdfText(await res.body());
      // Each PDF closes with its evidence, and there is something to read before it.
      expect(text, what).toContain('Dati di verifica');
      expect(text).toMatch(/\d\.\d{3}(,\d{2} €| km| h)/);
      found.push(...findings(`PDF ${what}`, text, { evidenceAtEnd: true }));
    }
    expect(found).toEqual([]);
  });

  test('the e-mails, as the mail server received them', async ({ smtp, records }) => {
    expect(records.accepted.id).toBeGreaterThan(0);
    const kinds = smtp.received.map((m) => m.mail.subject ?? '');
    // The offers, the signed copy for the customer, the notice to the salesperson, the registry data.
    expect(kinds.filter((s) => s.startsWith('Offerta di noleggio'))).toHaveLength(2);
    expect(kinds.some((s) => s.startsWith('Offerta firmata'))).toBe(true);
    expect(kinds.some((s) => s.startsWith('Offerta accettata'))).toBe(true);
    expect(kinds.some((s) => s.startsWith('Dati anagrafici'))).toBe(true);
    const found = smtp.received.flatMap((m) =>
      findings(`e-mail «${m.mail.subject ?? ''}»`, `${m.mail.subject ?? ''}\n${m.mail.text ?? ''}`),
    );
    expect(found).toEqual([]);
  });
});

const phoneContext = (browser: Browser, baseURL: string) =>
  browser.newContext({
    baseURL,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
