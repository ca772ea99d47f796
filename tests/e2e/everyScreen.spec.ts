import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from '@playwright/test';
import { resourceIndex } from '../../generated/resourceIndex.ts';
import type { ResourceDefinition } from '../../src/domain/resourceDefinition.ts';
import { expect, openInApp, test } from './fixtures.ts';

interface Screen {
  route: string;
  /** Values for required fields the default marker does not fit (numbers, e-mails, ranges that must not overlap). */
  values?: Record<string, string>;
  /** The field edited in the round trip, when not the filtered one. */
  edit?: string;
}

// Every generated screen of the master-data issue, with the few values a generic marker cannot be.
const SCREENS: Screen[] = [
  ...[
    'agents',
    'applications',
    'categories',
    'commerciali',
    'communications',
    'competitors',
    'competitorsTrattative',
    'families',
    'filiali',
    'fonti',
    'gruppiCrm',
    'invioBrochure',
    'materials',
    'meetings',
    'motiviPerse',
    'nations',
    'potentials',
    'roles',
    'sectors',
    'sources',
    'statiTrattative',
    'technicians',
    'tipiControllo',
    'usersGruppiCrm',
    'statiOfferte',
  ].map((r) => ({ route: `/configurations/${r}` })),
  { route: '/famiglieGruppiRisorse/famiglieGruppiRisorse' },
  { route: '/gruppiRisorse/gruppiRisorse' },
  { route: '/famiglieMezzi/famiglieMezzi' },
  { route: '/inventarioMezzi/filialiInventario' },
  { route: '/offers/branchesOffer' },
  { route: '/offers/insurances', values: { percentage: '3' } },
  { route: '/offers/transportPrices', values: { minFrom: '9000', minTo: '9100', price: '10' }, edit: 'price' },
  {
    route: '/offers/transportIncreasesDuration',
    values: { durationFrom: '900', durationTo: '950', coefficient: '2' },
    edit: 'coefficient',
  },
  {
    route: '/offers/transportIncreasesScore',
    values: { scoreFrom: '900', scoreTo: '950', coefficient: '2' },
    edit: 'coefficient',
  },
  {
    route: '/utenti/users',
    values: { email: 'e2e.tabella@rossinoleggi.it', password: 'Collaudo2025!', confirmPassword: 'Collaudo2025!' },
  },
];

const definitions = Promise.all(
  Object.values(resourceIndex)
    .filter((r) => r.route)
    .map((r) => r.load()),
);
const byRoute = async (route: string) => {
  const def = (await definitions).find((d) => d.route === route);
  if (!def) throw new Error(`no screen at ${route}`);
  return def;
};

type FormProps = Record<string, { title?: string; maxLength?: number; type?: unknown }>;
const props = (def: ResourceDefinition) => (def.form.schema as { properties?: FormProps }).properties ?? {};
const required = (def: ResourceDefinition) => (def.form.schema as { required?: string[] }).required ?? [];
const rows = (page: Page) => page.locator('tbody tr[data-row-id]');
const field = (page: Page, def: ResourceDefinition, name: string) => {
  const label = { name: props(def)[name]?.title ?? name, exact: true };
  return page
    .getByRole('dialog')
    .getByRole('textbox', label)
    .or(page.getByRole('dialog').getByRole('spinbutton', label));
};

async function exportedRows(page: Page): Promise<number> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Esporta in Excel' }).click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  return (wb.worksheets[0]?.rowCount ?? 1) - 1;
}

async function applyFilter(page: Page, label: string, value: string) {
  const bar = page.getByRole('search', { name: 'Filtri' });
  const input = bar.getByLabel(label, { exact: true });
  // A filter beyond the bar's first line is folded under "Altri filtri".
  if (!(await input.isVisible())) await bar.getByRole('button', { name: /^Altri filtri/ }).click();
  await input.fill(value);
  await bar.getByRole('button', { name: 'Cerca' }).click();
}

/**
 * One screen's round: seeded rows, a filter written to the address, create, edit, export, delete. The page is
 * the running app: the first screen of a group is opened by its address, the others inside the app.
 */
async function roundOf(page: Page, screen: Screen, i: number, first: boolean) {
  const def = await byRoute(screen.route);
  if (first) await page.goto(screen.route);
  else await openInApp(page, screen.route);
  await expect(page.getByRole('heading', { name: def.label, exact: true })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();

  if (!def.api.create) {
    // Read-only lists: a value of the first row narrows the list.
    await expect(page.getByRole('button', { name: 'Aggiungi' })).toHaveCount(0);
    const filter = def.filters.find((f) => f.widget === 'text');
    if (!filter) throw new Error(`${def.name}: no text filter`);
    const column = def.columns.findIndex((c) => c.accessorKey === filter.field);
    const before = await rows(page).count();
    const value = (await rows(page).first().locator('td').nth(column).innerText()).trim();
    await applyFilter(page, filter.label, value);
    await expect(page).toHaveURL(new RegExp(`f\\.${filter.field}=`));
    await expect(rows(page).filter({ hasNotText: value })).toHaveCount(0);
    const after = await rows(page).count();
    expect(after).toBeLessThanOrEqual(before);
    expect(await exportedRows(page)).toBe(after);
    return;
  }

  // Create, with a marker no seeded row contains.
  const marker = `E2E${i}Z`;
  const values: Record<string, string> = {};
  for (const name of required(def)) {
    const p = props(def)[name];
    values[name] = screen.values?.[name] ?? (p?.maxLength ? marker.slice(0, p.maxLength) : marker);
  }
  Object.assign(values, screen.values);
  await page.getByRole('button', { name: 'Aggiungi' }).click();
  for (const [name, value] of Object.entries(values)) await field(page, def, name).fill(value);
  await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Salvataggio avvenuto correttamente')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Filter on the first filter the new record has a value for: exactly that row.
  const filter = def.filters.find((f) => values[f.field] !== undefined);
  if (!filter) throw new Error(`${def.name}: no filter on a required field`);
  await applyFilter(page, filter.label, values[filter.field] ?? '');
  await expect(page).toHaveURL(new RegExp(`f\\.${filter.field}=`));
  // (That a filter in the URL is applied on a cold load is the masterData story's, on both databases.)
  await expect(rows(page)).toHaveCount(1);

  // Edit, then read the stored value back in the dialog.
  const edited = screen.edit ?? filter.field;
  const newValue = screen.edit
    ? String(Number(values[edited]) + 1)
    : `${values[edited] ?? ''}M`.slice(0, props(def)[edited]?.maxLength ?? 255);
  await rows(page)
    .getByRole('button', { name: /^Modifica/ })
    .click();
  await field(page, def, edited).fill(newValue);
  await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  await rows(page)
    .getByRole('button', { name: /^Modifica/ })
    .click();
  await expect(field(page, def, edited)).toHaveValue(newValue);
  await page.getByRole('dialog').getByRole('button', { name: 'Annulla' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Export: the file holds exactly the filtered list.
  expect(await exportedRows(page)).toBe(1);

  // Delete after the confirmation.
  await rows(page)
    .getByRole('button', { name: /^Elimina/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('eliminazione avvenuta correttamente')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
}

/**
 * The screens in groups, each group one test walking its screens in one running app as the drawer would. A test
 * per screen, each in a new browser context loading the app cold, cost twice the CPU (27 November 2026, CI=true,
 * this spec alone on 2 cores: 504 core-s in 260 s, grouped 236 core-s in 127 s). Each screen has its own marker,
 * so the groups are independent and spread over the workers.
 */
const GROUP = 6;
const groups = Array.from({ length: Math.ceil(SCREENS.length / GROUP) }, (_, g) =>
  SCREENS.slice(g * GROUP, (g + 1) * GROUP).map((screen, j) => ({ screen, i: g * GROUP + j })),
);

test.describe('every generated screen, as super admin, against the real server', () => {
  test.describe.configure({ mode: 'parallel' });
  // One sign-in for the whole walk: the session (tokens in local storage) is handed to every test.
  let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  test.beforeEach(async ({ page, login }) => {
    if (session) {
      await page.context().addInitScript((origins) => {
        for (const { localStorage: items } of origins)
          for (const { name, value } of items)
            if (window.localStorage.getItem(name) === null) window.localStorage.setItem(name, value);
      }, session.origins);
      return;
    }
    await login();
    session = await page.context().storageState();
  });

  for (const group of groups) {
    const routes = group.map(({ screen }) => screen.route);
    test(`${routes.join(', ')}: seeded rows, filter written to the URL, create, edit, export, delete`, async ({
      page,
    }) => {
      test.setTimeout(60_000 * group.length);
      for (const [j, { screen, i }] of group.entries())
        await test.step(screen.route, () => roundOf(page, screen, i, j === 0));
    });
  }
});
