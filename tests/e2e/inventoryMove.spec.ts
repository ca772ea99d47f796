import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

// A supervisor counts on a phone too (issue 32: a machine found at the wrong branch is moved where it is).
const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

const PASSWORD = 'Spostamenti2026!';

/** Two branches and a supervisor of both of this spec's own, so that no other spec's inventories are touched. */
async function setUp(request: APIRequestContext) {
  const login = await request.post('/login_check', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  const como = await post('/api/filiali-inventario', { nome: 'Como', codiceMago: 'CO01' });
  const lecco = await post('/api/filiali-inventario', { nome: 'Lecco', codiceMago: 'LC01' });
  await post('/api/users', {
    username: 'supervisore.como',
    email: 'supervisore.como@rossinoleggi.it',
    name: 'Marta',
    surname: 'Galli',
    roles: ['ROLE_SUPERVISOR_INVENTARIO_MEZZI'],
    filialiIds: [como, lecco],
    password: PASSWORD,
    confirmPassword: PASSWORD,
    active: 'true',
  });
  return {
    como: await post('/api/inventari_mezzi', { filialeInventarioId: como }),
    lecco: await post('/api/inventari_mezzi', { filialeInventarioId: lecco }),
  };
}

async function lookUp(page: Page, code: string) {
  await page.getByLabel('Cerca o digita un codice').fill(code);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  return page.getByRole('article', { name: code });
}

test('a supervisor moves a machine to the branch where it is, on the phone, and both inventories show it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  const inventories = await setUp(request);
  // Machine 1 of a demo branch is a scissor lift, at home (src/server/plugins/erpFleet.ts).
  const code = 'CO01-PLF-001';
  await signIn(page, 'supervisore.como', PASSWORD);
  await page.goto(`/inventarioMezzi/${inventories.como}`);
  await expect(page.getByRole('heading', { name: 'Inventario Como' })).toBeVisible();

  const card = await lookUp(page, code);
  await card.getByRole('button', { name: 'Sposta in altra filiale' }).click();
  const dialog = page.getByRole('dialog', { name: `Sposta ${code} in un'altra filiale` });
  // No branch chosen: said by the field, nothing sent.
  await dialog.getByRole('button', { name: 'Avanti' }).click();
  await expect(dialog.getByText('Il campo «Filiale di destinazione» è obbligatorio')).toBeVisible();
  // The picker searches the branches as the user types.
  const picker = dialog.getByRole('combobox', { name: /Filiale di destinazione/ });
  await picker.click();
  await picker.fill('lec');
  await page.getByRole('option', { name: 'Lecco' }).click();
  await dialog.getByRole('button', { name: 'Avanti' }).click();
  await expect(dialog).toContainText(
    `Spostare ${code} nella filiale Lecco? L'ERP registrerà il mezzo a Lecco; in questo inventario resterà come «Trasferito a Lecco».`,
  );
  await shot('move-confirm');
  await dialog.getByRole('button', { name: 'Sposta' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Mezzo ${code} trasferito a Lecco`)).toBeVisible();
  await expect(card.getByText('Trasferito a Lecco')).toBeVisible();
  await expect(card.getByText(/^Spostato da Marta Galli il \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)).toBeVisible();
  // Gone from here: no status to tap, no second move.
  await expect(card.getByRole('button', { name: 'Presente' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Sposta in altra filiale' })).toHaveCount(0);
  await page.getByRole('button', { name: /Trasferiti ad altra filiale/ }).click();
  await expect(page.getByRole('region', { name: 'Chiusura del conteggio' }).getByText(code)).toBeVisible();
  await shot('moved-origin');

  // The destination's inventory has it as found, moved from Como.
  await page.goto(`/inventarioMezzi/${inventories.lecco}`);
  await expect(page.getByRole('heading', { name: 'Inventario Lecco' })).toBeVisible();
  const arrived = await lookUp(page, code);
  await expect(arrived.getByText('Trasferito da Como')).toBeVisible();
  await expect(page.getByRole('button', { name: /Trovati in filiale/ })).toContainText('1');
  await shot('moved-destination');
});
