import type { Locator, Page } from '@playwright/test';
import { romeToday } from '../../src/domain/calendar/index.ts';
import { pdfText } from '../helpers/pdfText.ts';
import { PNG } from '../helpers/sampleFiles.ts';
import { sign } from './acceptanceHelpers.ts';
import { expect, test } from './fixtures.ts';

const SHOTS = process.env.ACCEPTANCE_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const SERIAL = 'E2E-DANNI-1';

/** A finger on a point of an element, as a fraction of its box. */
async function tapAt(page: Page, target: Locator, fx: number, fy: number) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to tap');
  await page.touchscreen.tap(box.x + box.width * fx, box.y + box.height * fy);
}

/** The mark's dialog: its type, severity, a photo taken on the spot (a screenshot is a real PNG), confirmed. */
async function describeMark(page: Page, type: string, severity: string, note?: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: type, exact: true }).tap();
  await dialog.getByRole('button', { name: severity }).tap();
  if (note) await dialog.getByLabel('Descrizione').fill(note);
  // Without a photo the mark is not kept.
  await dialog.getByRole('button', { name: 'Conferma danno' }).tap();
  await expect(dialog.getByText('Scattare almeno una foto del danno')).toBeVisible();
  const photo = await page.screenshot();
  await dialog.getByTestId('foto-input').setInputFiles([{ name: 'danno.png', mimeType: 'image/png', buffer: photo }]);
  await expect(dialog.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Conferma danno' }).tap();
  await expect(dialog).toBeHidden();
}

/** How many lines an element's text takes on the screen. */
const linesOf = (target: Locator) =>
  target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

const centre = (b: { x: number; y: number; width: number; height: number } | null) =>
  b ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : { x: NaN, y: NaN };

/** A new mark over an earlier one on this view: same point; the earlier one a ring around it, its label outside. */
async function expectBothVisible(view: Locator) {
  const [newOne, oldOne, oldLabel] = await Promise.all([
    view.locator('[data-mark="new"] circle').boundingBox(),
    view.locator('[data-mark="earlier"] circle').boundingBox(),
    view.locator('[data-mark="earlier"] text').boundingBox(),
  ]);
  const [a, b] = [centre(newOne), centre(oldOne)];
  expect(Math.abs(a.x - b.x)).toBeLessThan(2);
  expect(Math.abs(a.y - b.y)).toBeLessThan(2);
  await expect(view.locator('[data-mark="earlier"]')).toHaveAttribute('data-shape', 'ring');
  expect(oldOne?.width ?? 0).toBeGreaterThan((newOne?.width ?? 0) + 4);
  const label = centre(oldLabel);
  // The label lies beyond the red disc's edge.
  expect(Math.hypot(label.x - a.x, label.y - a.y)).toBeGreaterThan((newOne?.width ?? 0) / 2 + 4);
}

test.describe('damage marked on the machine’s outline, on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('two marks, one over the damage already on the same serial, saved offline, sent when back online; the PDF shows both and the earlier damage', async ({
    page,
    context,
    login,
    stack,
    request,
    demoPassword,
  }) => {
    const session = async (username: string) =>
      `Bearer ${
        (
          (await (
            await request.post(`${stack.baseURL}/login_check`, {
              data: { username, password: demoPassword(username) },
            })
          ).json()) as { token: string }
        ).token
      }`;
    const operator = await session('accettazione');
    const me = (
      await (await request.get(`${stack.baseURL}/api/users/me`, { headers: { authorization: operator } })).json()
    ).data;
    // An earlier check-in of the same machine left a scratch on its left side.
    const earlier = await request.post(`${stack.baseURL}/api/accettazioni_mezzi`, {
      headers: { authorization: operator },
      multipart: {
        operatore: String(me.id),
        dataAccettazione: romeToday(),
        matricole: SERIAL,
        ore: '100',
        sagoma: 'furgone',
        danniSegnati: JSON.stringify([{ vista: 'sinistra', x: 0.5, y: 0.55, tipo: 'graffio', gravita: 1, foto: [0] }]),
        'foto-0': { name: 'foto.png', mimeType: 'image/png', buffer: PNG },
        firma: { name: 'firma.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(earlier.status()).toBe(201);
    const earlierId = (await earlier.json()).data.id as number;

    await login('accettazione');
    await page.goto('/accettazioniMezzi/accettazioneMezzo');
    await page.getByLabel('Matricola').fill(SERIAL);
    await page.getByLabel('Ore', { exact: true }).fill('150');
    // The ERP does not know this serial: allowed, with a warning.
    await expect(page.getByTestId('macchina-erp')).toHaveText(
      'Matricola non trovata nel gestionale: verrà registrata così',
    );
    const left = page.locator('svg[data-vista="sinistra"]');
    await expect(left.locator('[data-mark="earlier"]')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Danni già presenti sul mezzo' })).toContainText(
      'P1 · Graffio · Lieve · Lato sinistro',
    );

    // From here the yard has no network.
    await context.setOffline(true);
    await expect(page.getByText('Sei offline')).toBeVisible();
    await page.getByRole('button', { name: 'Furgone o veicolo' }).tap();
    // A dent right over the earlier scratch: the tap goes through the black mark to the outline.
    await left.scrollIntoViewIfNeeded();
    const old = await left.locator('[data-mark="earlier"] circle').boundingBox();
    if (!old) throw new Error('no earlier mark');
    await page.touchscreen.tap(old.x + old.width / 2, old.y + old.height / 2);
    await describeMark(page, 'Ammaccatura', '3 · Grave');
    // A broken mirror seen from above.
    await tapAt(page, page.locator('svg[data-vista="alto"]'), 0.8, 0.12);
    await describeMark(page, 'Rottura', '2 · Media', 'Specchietto rotto');
    await expect(page.locator('[data-mark="new"]')).toHaveCount(2);
    await expect(left.locator('[data-mark="new"]')).toHaveCount(1);
    // The red mark sits on the black one, which stays visible as a ring around it, its P1 beside, clear of the 1.
    await expectBothVisible(left);
    await expect(page.getByRole('list', { name: 'Danni segnati ora' })).toContainText(
      "2 · Rottura · Media · Dall'alto · 1 foto",
    );
    await shot(page, 'danni-1-sagoma');

    await page.getByRole('button', { name: 'Avanti' }).tap();
    await expect(
      page.getByText('Con la firma il cliente conferma anche i 2 danni segnati sulla sagoma.'),
    ).toBeVisible();
    await sign(page);
    await page.getByRole('button', { name: 'Registra accettazione' }).tap();
    await expect(page.getByText('In attesa di invio (1)')).toBeVisible();
    await expect(page.getByText(/E2E-DANNI-1 · \d\d-\d\d-\d{4} · 2 foto/)).toBeVisible();
    await shot(page, 'danni-2-in-attesa');

    // Back online the queue sends it, the marks' photos with it.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('Accettazione mezzi registrata correttamente')).toBeVisible();
    await expect(page.getByTestId('in-attesa')).toHaveCount(0);

    const last = (
      await (
        await request.get(`${stack.baseURL}/api/accettazioni_mezzi/ultima?matricole=${SERIAL}`, {
          headers: { authorization: operator },
        })
      ).json()
    ).data;
    expect(last.id).not.toBe(earlierId);
    expect(last.fotoSha256).toHaveLength(2);
    expect(last.danniSegnati).toMatchObject([
      {
        vista: 'sinistra',
        x: expect.closeTo(0.5, 1),
        y: expect.closeTo(0.55, 1),
        tipo: 'ammaccatura',
        gravita: 3,
        foto: [0],
      },
      { vista: 'alto', tipo: 'rottura', gravita: 2, note: 'Specchietto rotto', foto: [1] },
    ]);

    const supervisor = await session('supervisore.accettazione');
    const pdf = await request.get(`${stack.baseURL}/api/accettazioni_mezzi/${last.id}/pdf`, {
      headers: { authorization: supervisor },
    });
    expect(pdf.status()).toBe(200);
    const text = await pdfText(await pdf.body());
    expect(text).toContain('Danni segnati sulla sagoma');
    expect(text).toContain('1 Lato sinistro Ammaccatura Grave Foto 1');
    expect(text).toContain("2 Dall'alto Rottura Media Specchietto rotto Foto 2");
    expect(text).toMatch(
      new RegExp(`P1 n. ${earlierId} del \\d\\d-\\d\\d-\\d{4} Lato sinistro Graffio Lieve Da riparare`),
    );
    expect(text.indexOf('Danni segnati sulla sagoma')).toBeLessThan(text.indexOf('Firma del cliente'));

    // The workshop marks the dent repaired on the acceptance's page.
    await login('supervisore.accettazione');
    await page.goto(`/accettazioniMezzi/accettazioneMezzo/${last.id}`);
    await expect(page.locator('[data-mark="new"]')).toHaveCount(2);
    await expect(page.locator('[data-mark="earlier"]')).toHaveCount(1);
    await expectBothVisible(page.locator('svg[data-vista="sinistra"]'));
    // The drawer marks the list this check-in belongs to, not the new check-in its address begins with.
    const drawer = page.getByRole('navigation', { name: 'Menu principale' });
    await expect(drawer.getByRole('link', { name: 'Accettazioni mezzi' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: 'Accettazione mezzo' })).not.toHaveAttribute('aria-current', 'page');
    // At 1024 px neither the button nor the date breaks over two lines.
    expect(await linesOf(page.getByRole('button', { name: 'Segna riparato' }).first())).toBe(1);
    await page.getByRole('button', { name: 'Segna riparato' }).first().click();
    await page.getByRole('button', { name: 'Registra riparazione' }).click();
    await expect(page.getByText('Riparazione registrata')).toBeVisible();
    await expect(page.getByText(/riparato il \d\d-\d\d-\d{4} \(Elena Greco\)/)).toBeVisible();
    expect(await linesOf(page.getByTestId('riparato-il'))).toBe(1);
    await shot(page, 'danni-3-officina');
  });
});
