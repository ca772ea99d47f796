import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import { PNG } from '../helpers/sampleFiles.ts';
import type { ResourceDefinition } from '../../src/domain/resourceDefinition.ts';
import { expect, openInApp, test } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

const PAGER = /^\d+-\d+ di \d+$/;
const LONG_NAME = 'Costruzioni Generali Lombarde S.p.A. Unipersonale, sede legale e amministrativa di Milano';

type Api = { POST: (p: string, i: object) => Promise<unknown> };

/** Nothing of the page lies beyond the window's right edge. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The list's own table does not scroll sideways either: its scroll width is its width. */
async function expectNoSidewaysScroll(page: Page, name: string) {
  const sizes = await page
    .locator('.MuiTableContainer-root')
    .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll, `${name}: the table's scroll width`).toBe(sizes.client);
  expect(await fitsWidth(page), `${name}: the page`).toBe(true);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A column's header, by its title alone (the sort button's label is part of the cell's name). */
const header = (page: Page, title: string): Locator =>
  page
    .locator('thead th')
    .filter({ has: page.locator('.Mui-TableHeadCell-Content-Wrapper', { hasText: new RegExp(`^${escape(title)}$`) }) });

/** Each of these headers is on screen, whole: no word of it cut. */
async function expectHeaders(page: Page, name: string, titles: string[]) {
  for (const title of titles) {
    const th = header(page, title);
    await expect(th, `${name}: ${title}`).toBeInViewport({ ratio: 1 });
    expect(await th.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name}: ${title} cut`).toBe(true);
  }
}

/** Amounts, dates, codes and flags are never cut: each one-line cell shows its whole text. */
async function expectOneLineCellsWhole(page: Page, name: string) {
  const cut = await page
    .locator('td [data-wrap="none"]')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
  expect(cut, `${name}: cut values`).toEqual([]);
}

const defaultColumns = (def: ResourceDefinition) =>
  def.columns.filter((c) => c.priority !== 'detail').map((c) => c.header);

const piva = (first10: string) => {
  const sum = [...first10].reduce((s, ch, i) => {
    const d = Number(ch) * (i % 2 === 1 ? 2 : 1);
    return s + (d > 9 ? d - 9 : d);
  }, 0);
  return first10 + String((10 - (sum % 10)) % 10);
};

/** Rows with long names where the demo has none: negotiations, a sent offer, an acceptance, an inventory. */
async function seedLongRows(request: APIRequestContext) {
  const login = await request.post('/login_check', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const call = async (method: 'get' | 'post' | 'put', url: string, options: object = {}) => {
    const res = await request[method](url, { headers, ...options });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as { data: Record<string, unknown> & Record<string, unknown>[] };
  };
  const first = async (url: string) => (await call('get', `${url}?page=1&rowsPerPage=1`)).data[0] ?? {};
  // A worker started again after a failure shares the server: the rows are there already, once.
  const seeded = await call('get', `/api/trattative_cp?filters[ragioneSociale]=${encodeURIComponent(LONG_NAME)}`);
  if (seeded.data.length > 0) return;
  const vat = ['0123456780', '0123456781', '0123456782'].map(piva);
  const ids: unknown[] = [];
  for (const [i, company] of [LONG_NAME, 'Impresa Edile Fratelli Brambilla & Figli S.n.c.', 'Rota'].entries()) {
    const body = { ragioneSociale: company, partitaIva: vat[i], richiamareInData: '2026-12-01' };
    ids.push((await call('post', '/api/trattative_cp', { data: body })).data.id);
  }
  const group = await first('/api/gruppi-risorse');
  const branch = await first('/api/branches-offer');
  const offer = `/api/trattative_cp/${String(ids[0])}/offerta`;
  await call('put', offer, {
    data: {
      // The version the offer was read at, as the builder sends it.
      version: (await call('get', offer)).data.version,
      filialeNoleggioId: branch.id,
      famigliaGruppoRisorsaId: group.famigliaGruppoRisorsaId,
      gruppoRisorsaId: group.id,
      durata: 28,
      durataUnita: 'G',
      assicurazioneTipo: 'BASE',
      contributoAmbientale: 'base',
      trasportoAbilitato: false,
      articoli: [],
    },
  });
  await call('post', '/api/trattative_cp/invia-offerta', {
    data: { idTrattativaCp: ids[0], email: ['ufficio.acquisti@costruzionigeneralilombarde.it'] },
  });
  const operator = (await call('get', '/api/accettazioni_mezzi/operatori')).data[0] ?? {};
  await call('post', '/api/accettazioni_mezzi', {
    multipart: {
      operatore: String(operator.id),
      dataAccettazione: '2026-11-20',
      matricole: 'FE123AB, FE456CD, PLT-ARTICOLATA-16M-00042',
      danni: 'true',
      carburante: '3',
      km: '125400',
      ore: '8200',
      firma: { name: 'firma.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  // One inventory in progress per branch: a worker started again after a failure finds it there already.
  const inventory = await request.post('/api/inventari_mezzi', {
    headers,
    data: { filialeInventarioId: (await first('/api/filiali-inventario')).id },
  });
  expect([201, 409], await inventory.text()).toContain(inventory.status());
}

/** Loaded: rows (or the empty-table row) on screen and the table no longer busy. */
async function loaded(page: Page, def: { name: string; label: string }) {
  // A screen's code may still be on its way on a busy machine.
  await expect(page.getByRole('heading', { name: def.label, exact: true }), def.name).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('tbody tr').first(), def.name).toBeVisible();
  await expect(page.locator('.MuiTableContainer-root[aria-busy="true"]'), def.name).toHaveCount(0);
}

test.beforeAll(async ({ playwright, stack }) => {
  const request = await playwright.request.newContext({ baseURL: stack.baseURL });
  await seedLongRows(request);
  await request.dispose();
});

test.describe('lists at desktop widths', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every list screen at 1440 px shows all its default columns, whole, with no sideways scroll', async ({
    page,
    login,
  }) => {
    // Some fifty screens, each loaded and measured: minutes on a busy machine.
    test.setTimeout(600_000);
    await login();
    await page.goto('/');
    let checked = 0;
    for (const entry of Object.values(resourceIndex).filter((r) => r.route && r.list)) {
      const def = await entry.load();
      if (def.single || !def.api.list) continue;
      await openInApp(page, def.route ?? '/');
      await loaded(page, def);
      await expectNoSidewaysScroll(page, def.name);
      await expectHeaders(page, def.name, defaultColumns(def));
      await expectOneLineCellsWhole(page, def.name);
      checked++;
      if (!(def.api.update || def.api.delete || def.api.uploadImage)) continue;
      await expect(page.getByRole('columnheader', { name: 'Azioni', exact: true }), def.name).toBeInViewport({
        ratio: 1,
      });
      const firstEdit = page.getByRole('button', { name: /^(Modifica|Elimina) / }).first();
      if (await firstEdit.count()) await expect(firstEdit, def.name).toBeInViewport({ ratio: 1 });
    }
    expect(checked).toBeGreaterThan(40);
  });

  test('an inventory’s machines at 1440 px: nothing sideways', async ({ page, login }) => {
    await login();
    await page.goto('/inventarioMezzi/inventariMezzi');
    await page.locator('tbody tr[data-row-id]').first().click();
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
    expect(await fitsWidth(page)).toBe(true);
  });

  test('a name too long for its column is cut on two lines, whole on hover; the amount beside it is whole', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/offers/offers');
    const row = page.locator('tbody tr[data-row-id]').filter({ hasText: 'Costruzioni Generali Lombarde' });
    const name = row.locator('[data-wrap="lines"]').filter({ hasText: 'Costruzioni Generali Lombarde' });
    await name.hover();
    await expect(name).toHaveAttribute('title', LONG_NAME);
    const lines = await name.evaluate((el) =>
      Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)),
    );
    expect(lines).toBe(2);
    const amount = row.locator('td').filter({ hasText: /€$/ });
    await expect(amount).toHaveText(/^[\d.]+,\d{2}\s€$/);
    await expectOneLineCellsWhole(page, 'offers');
    // A value that fits has no title to repeat it.
    const short = page.locator('tbody [data-wrap="none"]').first();
    await short.hover();
    await expect(short).not.toHaveAttribute('title');
  });

  test('the widest list at 1366 px still fits: its buttons at the right edge, nothing off screen', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await login();
    await page.goto('/utenti/users');
    // The first screen after the login loads the app's chunks: on a busy machine that takes a while.
    await expect(page.getByText(PAGER)).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, 'users');
    const edit = page.getByRole('button', { name: 'Modifica Alessandra Conti' });
    await expect(edit).toBeInViewport({ ratio: 1 });
    const box = await edit.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
  });

  test('a list opened cold draws its first frame with the same columns, at the same places, as its table', async ({
    page,
    login,
  }) => {
    await login();
    const edges = (cells: Element[]) =>
      cells.map((c) => {
        const box = c.getBoundingClientRect();
        return [Math.round(box.left), Math.round(box.right)];
      });
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const w = window as unknown as { pictured?: number[][] };
        const cells = [...document.querySelectorAll('[aria-hidden="true"] th')];
        if (cells.length === 0 || w.pictured) return;
        w.pictured = cells.map((c) => {
          const box = c.getBoundingClientRect();
          return [Math.round(box.left), Math.round(box.right)];
        });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/trattativeCp/trattativeCp');
    await expect(page.locator('tbody tr[data-row-id]').first()).toBeVisible();
    const pictured = await page.evaluate(() => (window as unknown as { pictured?: number[][] }).pictured);
    const drawn = await page.locator('thead th').evaluateAll(edges);
    expect(pictured?.length).toBeGreaterThan(5);
    expect(pictured).toEqual(drawn);
  });

  test('hidden columns and density are remembered for the user who chose them, not for another', async ({
    page,
    login,
  }) => {
    // The table animates its padding when the density changes: read the values it ends on, not one on the way.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '* { transition: none !important; }';
        document.head.append(style);
      }),
    );
    await login();
    await page.goto('/configurations/nations');
    await expect(page.getByText(PAGER)).toBeVisible();
    const firstCell = page.getByRole('cell', { name: 'Austria', exact: true });
    const padding = () => firstCell.evaluate((el) => getComputedStyle(el).paddingTop);
    const comfortable = await padding();
    await page.getByRole('button', { name: 'Mostra/Nascondi colonne' }).click();
    await page.getByRole('menuitem').filter({ hasText: 'Codice' }).getByRole('switch').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cambia densità' }).click();
    await expect(page.getByRole('columnheader', { name: /^Codice / })).toHaveCount(0);
    await expect.poll(padding).not.toBe(comfortable);
    const compact = await padding();

    await page.reload();
    await expect(page.getByText(PAGER)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /^Codice / })).toHaveCount(0);
    await expect.poll(padding).toBe(compact);

    await page.getByRole('button', { name: 'Esci' }).click();
    await login('admin.demo');
    await page.goto('/configurations/nations');
    await expect(page.getByText(PAGER)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /^Codice / })).toBeVisible();
    await expect.poll(padding).toBe(comfortable);
  });

  test('a column kept in the rows’ detail comes into the table when the user shows it, and stays there', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/contactCenter/emails');
    await expect(page.getByText(PAGER)).toBeVisible();
    await expect(header(page, 'Mittente')).toHaveCount(0);
    // It is in each row's detail meanwhile.
    await page.getByRole('button', { name: 'Espandi', exact: true }).first().click();
    await expect(page.locator('dt', { hasText: /^Mittente$/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Mostra/Nascondi colonne' }).click();
    await page.getByRole('menuitem').filter({ hasText: 'Mittente' }).getByRole('switch').click();
    await page.keyboard.press('Escape');
    await expectHeaders(page, 'emails', ['Mittente']);
    await expectNoSidewaysScroll(page, 'emails');
    await page.reload();
    await expect(page.getByText(PAGER)).toBeVisible();
    await expectHeaders(page, 'emails', ['Mittente']);
    await expectNoSidewaysScroll(page, 'emails');
  });

  test('a row’s detail is drawn once it is opened, and only for that row; the arrow keys move between the cells', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/contactCenter/emails');
    await expect(page.getByText(PAGER)).toBeVisible();
    const details = page.locator('tbody tr.Mui-TableBodyCell-DetailPanel');
    await expect(details).toHaveCount(0);
    await page.getByRole('button', { name: 'Espandi', exact: true }).nth(1).click();
    await expect(details).toHaveCount(1);
    await expect(details.locator('dt', { hasText: /^Mittente$/ })).toBeVisible();
    // The open row is the second one: its detail follows it.
    const second = page.locator('tbody tr[data-row-id]').nth(1);
    await expect(second.locator('xpath=following-sibling::tr[1]')).toHaveClass(/Mui-TableBodyCell-DetailPanel/);
    // MRT's button keeps its name, its tooltip reads "Chiudi".
    await second.getByRole('button', { name: 'Espandi', exact: true }).click();
    await expect(details).toHaveCount(0);

    const first = page.locator('tbody tr[data-row-id]').first();
    await first.locator('td').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(first.locator('td').nth(1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(second.locator('td').nth(1)).toBeFocused();
  });

  test('a long list scrolls inside the table under a fixed header; the pager and the footer stay in view', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/configurations/materials');
    await expect(page.getByText(PAGER).or(page.getByText('Nessun record da mostrare')).first()).toBeVisible();
    await page.evaluate(async () => {
      const { api } = (window as unknown as { crm: { api: Api } }).crm;
      for (let i = 1; i <= 40; i++)
        await api.POST('/api/materials', { body: { name: `Materiale di prova ${String(i).padStart(2, '0')}` } });
    });
    await page.goto('/configurations/materials?size=50&f.name=Materiale%20di%20prova');
    await expect(page.getByText('1-40 di 40')).toBeVisible();
    const container = page.locator('.MuiTableContainer-root');
    const sizes = await container.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // The page itself does not scroll: the pager and the footer are on screen.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    await expect(page.getByText('1-40 di 40')).toBeInViewport();
    await expect(page.getByRole('contentinfo')).toBeInViewport();
    await container.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.getByRole('cell', { name: 'Materiale di prova 40', exact: true })).toBeInViewport();
    await expect(page.getByRole('columnheader', { name: /^Nome / })).toBeInViewport();
  });
});

test.describe('the workflows’ lists on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('the acceptances at 1024 px: every column, no sideways scroll; the negotiations keep the rest in each row’s detail', async ({
    page,
    login,
  }) => {
    await login();
    const acceptances = await resourceIndex.accettazioneMezzo.load();
    await page.goto(acceptances.route ?? '');
    await loaded(page, acceptances);
    await expectNoSidewaysScroll(page, 'acceptances');
    await expectHeaders(page, 'acceptances', defaultColumns(acceptances));
    const row = page.locator('tbody tr[data-row-id]').filter({ hasText: 'PLT-ARTICOLATA-16M-00042' });
    // Other specs on this server add newer check-ins above it: the table scrolls down to it (never sideways, above).
    await row.scrollIntoViewIfNeeded();
    await expect(row).toBeInViewport();
    await expect(row).toContainText('20-11-2026');
    await expectOneLineCellsWhole(page, 'acceptances');

    const negotiations = await resourceIndex.trattativaCp.load();
    await page.goto(negotiations.route ?? '');
    await loaded(page, negotiations);
    await expectNoSidewaysScroll(page, 'negotiations');
    const priority = (rank: number) => negotiations.columns.filter((c) => (c.priority ?? 2) === rank);
    await expectHeaders(page, 'negotiations', [...priority(1).map((c) => c.header), 'Stato trattativa']);
    // What has no room is in each row's detail, under its title: never off screen.
    await expect(header(page, 'Partita IVA')).toHaveCount(0);
    const rota = page
      .locator('tbody tr[data-row-id]')
      .filter({ hasText: /^Rota$|Rota/ })
      .first();
    await rota.getByRole('button', { name: 'Espandi', exact: true }).click();
    const detail = page.locator('.Mui-TableBodyCell-DetailPanel dl').filter({ visible: true });
    await expect(detail.locator('dt', { hasText: /^Partita IVA$/ })).toBeVisible();
    await expect(detail.locator('dd', { hasText: /^\d{11}$/ })).toBeVisible();
    await expectNoSidewaysScroll(page, 'negotiations, a row open');
  });

  test('the filters beyond the bar’s first line are folded under "Altri filtri"; one chosen in the address shows', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/trattativeCp/trattativeCp');
    const bar = page.getByRole('search', { name: 'Filtri' });
    const more = bar.getByRole('button', { name: /^Altri filtri/ });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    // One line: the first filter (the search box) and the buttons side by side, the list's rows under them.
    const first = await bar.getByRole('searchbox', { name: 'Ricerca' }).boundingBox();
    const button = await more.boundingBox();
    expect(Math.abs((first?.y ?? 0) - (button?.y ?? 99))).toBeLessThan(10);
    await expect(bar.getByLabel('Commerciale', { exact: true })).toBeHidden();
    await expect(bar.getByLabel('Ragione sociale', { exact: true })).toBeHidden();
    // (The default "Archiviata: No", folded too, is the list's usual state: it does not unfold the rest.)

    await more.click();
    await expect(bar.getByRole('button', { name: 'Meno filtri' })).toHaveAttribute('aria-expanded', 'true');
    await bar.getByLabel('Partita IVA', { exact: true }).fill('0341');
    await bar.getByRole('button', { name: 'Cerca' }).click();
    await expect(page).toHaveURL(/f\.partitaIva=0341/);
    // Opened from the address (a bookmark, the Back button), a chosen folded filter is in view, with its value;
    // the other folded filters stay folded.
    await page.reload();
    await expect(bar.getByLabel('Partita IVA', { exact: true })).toHaveValue('0341');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(bar.getByLabel('Commerciale', { exact: true })).toBeHidden();
  });
});

test.describe('the inventory on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the inventories at 375 px are cards with their priority fields, and so are its machines: nothing sideways', async ({
    page,
    login,
  }) => {
    await login();
    const inventories = await resourceIndex.inventarioMezzi.load();
    await page.goto(inventories.route ?? '');
    const card = page.locator('li[data-row-id]').first();
    await expect(card).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    // Named by its branch, whole; then the priority-2 fields with their labels; the rest a tap away.
    await expect(card.locator('p').first()).toHaveText(/^(Milano Nord|Bergamo)$/);
    for (const label of ['Creato il', 'Stato', 'Anomalie', 'Concluso'])
      await expect(card.locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeInViewport();
    await expect(card.locator('dt', { hasText: /^Creato da$/ })).toHaveCount(0);
    await card.getByRole('button', { name: 'Altri dati' }).click();
    await expect(card.locator('dt', { hasText: /^Creato da$/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Ordina per' })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);

    // Other specs on this server open (still blind, nothing counted) and conclude inventories of their own: the
    // demo's open one, counted already, is the oldest still open.
    const open = page
      .locator('li[data-row-id]')
      .filter({ has: page.locator('dt:text-is("Concluso") + dd', { hasText: /^No$/ }) })
      .last();
    await open.locator('p').first().click();
    await expect(page).toHaveURL(/\/inventarioMezzi\/\d+$/);
    const machine = page.getByRole('article').first();
    await expect(machine).toBeInViewport();
    await expect(machine.getByRole('heading')).toHaveText(/^[A-Z0-9-]+$/);
    await expect(machine.getByRole('button', { name: 'Presente', exact: true })).toBeInViewport({ ratio: 1 });
    expect(await fitsWidth(page)).toBe(true);
  });
});
