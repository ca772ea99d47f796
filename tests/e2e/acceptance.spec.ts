import type { Page } from '@playwright/test';
import { romeToday } from '../../src/domain/calendar/index.ts';
import { PNG } from '../helpers/sampleFiles.ts';
import { expect, test } from './fixtures.ts';
import { sign } from './acceptanceHelpers.ts';

const SHOTS = process.env.ACCEPTANCE_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Two different camera photos: screenshots of the page are real PNGs, each different. */
async function twoPhotos(page: Page) {
  const first = await page.screenshot();
  await page.getByLabel('Note interne').fill('Graffio sul cestello');
  const second = await page.screenshot();
  await page.getByTestId('foto-input').setInputFiles([
    { name: 'foto-1.png', mimeType: 'image/png', buffer: first },
    { name: 'foto-2.png', mimeType: 'image/png', buffer: second },
  ]);
  await expect(page.getByRole('img', { name: /^Foto \d$/ })).toHaveCount(2);
}

async function pageOne(page: Page, serial: string, km: string, hours: string) {
  await page.getByLabel('Matricola').fill(serial);
  await page.getByLabel('Km', { exact: true }).fill(km);
  await page.getByLabel('Ore', { exact: true }).fill(hours);
}

test.describe('vehicle acceptance on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('an operator records a check-in with photos and signature; the draft survives a reload; offline it waits and is sent once', async ({
    page,
    context,
    login,
  }) => {
    await login('accettazione');
    await page.goto('/accettazioniMezzi/accettazioneMezzo');
    await expect(page.getByRole('heading', { name: 'Accettazione mezzo' })).toBeVisible();
    await expect(page.getByLabel('Operatore')).toHaveValue('Matteo Barbieri');

    // Page 1, with a bad reading first: the message is on the page, nothing is lost.
    await pageOne(page, 'E2E-4455', '-5', '820');
    await page.getByRole('button', { name: 'Tacca 2' }).tap();
    await expect(page.getByText('Carburante: 2 / 4')).toBeVisible();
    await page.getByRole('button', { name: 'Sì' }).tap();
    await page.getByRole('button', { name: 'Avanti' }).tap();
    await expect(page.getByText('I km devono essere un numero intero non negativo')).toBeVisible();
    await expect(page.getByLabel('Matricola')).toHaveValue('E2E-4455');
    await page.getByLabel('Km', { exact: true }).fill('12540');
    await expect(page.getByText('Nessuna accettazione precedente per questa matricola')).toBeVisible();
    await shot(page, '1-pagina-1');

    // A reload (or a crash) brings the draft back.
    await page.reload();
    await expect(page.getByLabel('Matricola')).toHaveValue('E2E-4455');
    await expect(page.getByLabel('Km', { exact: true })).toHaveValue('12540');
    await expect(page.getByText('Carburante: 2 / 4')).toBeVisible();
    await expect(page.getByText('Ripresa la compilazione lasciata in sospeso')).toBeVisible();

    await page.getByRole('button', { name: 'Avanti' }).tap();
    await expect(page.getByText('Controlli, foto e firma')).toBeVisible();
    await page.getByRole('group', { name: 'Livello olio motore' }).getByRole('button', { name: 'Basso' }).tap();
    await page.getByRole('group', { name: 'Luci funzionanti' }).getByRole('button', { name: 'No' }).tap();
    await page.getByLabel('Livello AdBlue (%)').fill('40');
    await twoPhotos(page);
    await sign(page);
    await page.getByLabel('Note per il cliente').fill('Restituito con un graffio sul cestello');
    await shot(page, '2-pagina-2');

    // The photos and the signature survive a reload too; the tablet may be held upright.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.reload();
    await expect(page.getByRole('img', { name: /^Foto \d$/ })).toHaveCount(2);
    await expect(page.getByLabel('Note per il cliente')).toHaveValue('Restituito con un graffio sul cestello');
    await shot(page, '2b-pagina-2-verticale');

    // Each photo travels on its own: one that fails twice follows on its own retry, the other is not held back.
    const attempts = new Map<string, number>();
    let failing: string | undefined;
    await page.route('**/api/accettazioni_mezzi/foto', async (route) => {
      const hash =
        /name="sha256"\r\n\r\n([0-9a-f]{64})/.exec(route.request().postDataBuffer()?.toString('latin1') ?? '')?.[1] ??
        '';
      const n = (attempts.get(hash) ?? 0) + 1;
      attempts.set(hash, n);
      failing ??= hash;
      if (hash === failing && n <= 2) return route.fulfill({ status: 503, body: '' });
      return route.fallback();
    });
    await page.getByRole('button', { name: 'Registra accettazione' }).tap();
    await expect(page.getByText('Accettazione mezzi registrata correttamente')).toBeVisible();
    expect([...attempts.values()].sort()).toEqual([1, 3]);
    // Reset: page 1, today, fuel 0, the operator.
    await expect(page.getByLabel('Matricola')).toHaveValue('');
    await expect(page.getByText('Carburante: 0 / 4')).toBeVisible();
    await shot(page, '2c-pagina-1-verticale');
    await page.setViewportSize({ width: 1024, height: 768 });

    // The same machine again: its last check-in shows, with its damage and photos; lower hours need a reason.
    await pageOne(page, 'e2e-4455', '12600', '700');
    const previous = page.getByTestId('accettazione-precedente');
    await expect(previous).toContainText('Ultima accettazione di questo mezzo');
    await expect(previous).toContainText('12.540 km · 820 h · Con danni');
    await expect(previous.getByRole('img')).toHaveCount(2);
    await page.getByRole('button', { name: 'Avanti' }).tap();
    await expect(page.getByText(/Le ore \(700 h\) sono inferiori all'ultima lettura \(820 h del/)).toBeVisible();
    await shot(page, '3-lettura-inferiore');
    await page.getByLabel('Motivo della lettura inferiore').fill('Contaore sostituito');
    await page.getByRole('button', { name: 'Avanti' }).tap();

    // Offline: the acceptance waits on the tablet, and goes once the connection is back.
    await context.setOffline(true);
    await expect(page.getByText('Sei offline')).toBeVisible();
    await sign(page);
    await page.getByRole('button', { name: 'Registra accettazione' }).tap();
    await expect(page.getByText('In attesa di invio (1)')).toBeVisible();
    await expect(page.getByText(/e2e-4455 · \d\d-\d\d-\d{4} · 0 foto/)).toBeVisible();
    await shot(page, '4-in-attesa');
    await page.reload().catch(() => undefined);
    await context.setOffline(false);
    await page.goto('/accettazioniMezzi/accettazioneMezzo');
    await expect(page.getByText('Accettazione mezzi registrata correttamente')).toBeVisible();
    await expect(page.getByTestId('in-attesa')).toHaveCount(0);
  });

  test('Registra with nothing filled: Italian messages on the fields, what was typed kept, nothing stored; a refusal of the server is not retried', async ({
    page,
    context,
    login,
    stack,
    request,
    demoPassword,
  }) => {
    // Time is the test's: the queue's 15 s rounds pass when the test says so.
    await page.clock.install();
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/accettazioni_mezzi') sends.push(r.url());
    });
    // The operator's own session on the API, beside the tablet's.
    const token = (
      await (
        await request.post(`${stack.baseURL}/login_check`, {
          data: { username: 'accettazione', password: demoPassword('accettazione') },
        })
      ).json()
    ).token as string;
    const authorization = `Bearer ${token}`;
    const lastCheckIn = async () =>
      (
        await (
          await request.get(`${stack.baseURL}/api/accettazioni_mezzi/ultima?matricole=E2E-VUOTA`, {
            headers: { authorization },
          })
        ).json()
      ).data;

    await login('accettazione');
    await page.goto('/accettazioniMezzi/accettazioneMezzo');
    await expect(page.getByRole('heading', { name: 'Accettazione mezzo' })).toBeVisible();

    // Avanti with nothing filled: the machine and a reading are asked for on their fields, page 1 stays.
    await page.getByRole('button', { name: 'Avanti' }).tap();
    await expect(page.getByText('Attenzione. Ci sono errori in alcuni campi')).toBeVisible();
    await expect(page.getByLabel('Matricola')).toHaveAccessibleDescription('Indicare almeno una matricola del mezzo');
    await expect(page.getByText('Indicare i km o le ore')).toHaveCount(2);
    await shot(page, '7-vuota-pagina-1');
    await page.getByLabel('Matricola').fill('E2E-VUOTA');
    await expect(page.getByText('Indicare almeno una matricola del mezzo')).toHaveCount(0);
    await page.getByRole('button', { name: 'Avanti' }).tap();
    await expect(page.getByText('Indicare i km o le ore')).toHaveCount(2);
    // A new machine: 0 hours is a reading.
    await page.getByLabel('Ore', { exact: true }).fill('0');
    await expect(page.getByText('Indicare i km o le ore')).toHaveCount(0);
    await page.getByRole('button', { name: 'Avanti' }).tap();

    // Registra with nothing filled on page 2: the signature is asked for on the pad; nothing leaves the tablet.
    await expect(page.getByText('Controlli, foto e firma')).toBeVisible();
    await page.getByRole('button', { name: 'Registra accettazione' }).tap();
    const pad = page.getByRole('img', { name: 'Firma del cliente' });
    await expect(pad).toHaveAccessibleDescription('La firma del cliente è obbligatoria');
    await expect(page.getByRole('button', { name: 'Registra accettazione' })).toBeVisible();
    await shot(page, '8-vuota-pagina-2');
    await page.getByRole('button', { name: 'Indietro' }).tap();
    await expect(page.getByLabel('Matricola')).toHaveValue('E2E-VUOTA');
    await expect(page.getByLabel('Ore', { exact: true })).toHaveValue('0');
    expect(sends).toEqual([]);
    expect(await lastCheckIn()).toBeNull();

    // Signed and saved offline; meanwhile the same machine is checked in elsewhere with 50 hours.
    await page.getByRole('button', { name: 'Avanti' }).tap();
    await sign(page);
    await expect(pad).toHaveAccessibleDescription('Il cliente firma qui con il dito');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Registra accettazione' }).tap();
    await expect(page.getByText('In attesa di invio (1)')).toBeVisible();
    const me = (await (await request.get(`${stack.baseURL}/api/users/me`, { headers: { authorization } })).json()).data;
    const elsewhere = await request.post(`${stack.baseURL}/api/accettazioni_mezzi`, {
      headers: { authorization },
      multipart: {
        operatore: String(me.id),
        dataAccettazione: romeToday(),
        matricole: 'E2E-VUOTA',
        ore: '50',
        firma: { name: 'firma.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(elsewhere.status()).toBe(201);

    // Back online the server refuses the queued one (its hours are below the last reading): it says why, once.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const refused = page.getByTestId('in-attesa');
    await expect(refused).toContainText(
      /Rifiutata dal server: Le ore \(0 h\) sono inferiori all'ultima lettura \(50 h del/,
    );
    await expect(refused.getByRole('button', { name: 'Riapri' })).toBeVisible();
    expect(sends).toHaveLength(1);
    await shot(page, '9-rifiutata');
    // A minute of the queue's rounds later it has not been sent again.
    await page.clock.fastForward('01:00');
    await page.clock.fastForward('01:00');
    await expect(refused).toBeVisible();
    expect(sends).toHaveLength(1);
    expect(await lastCheckIn()).toMatchObject({ ore: 50 });
  });

  test('after a machine the ERP knows, the next check-in starts empty: no reading, no outline of the last one', async ({
    page,
    login,
  }) => {
    await login('accettazione');
    await page.goto('/accettazioniMezzi/accettazioneMezzo');
    await page.getByLabel('Matricola').fill('MI01-ESC-002');
    await expect(page.getByTestId('macchina-erp')).toContainText('Trovata nel gestionale');
    await expect(page.getByLabel('Ore', { exact: true })).toHaveValue('424');
    const earthMover = page.getByRole('button', { name: 'Macchina movimento terra' });
    await expect(earthMover).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Avanti' }).tap();
    await sign(page);
    await page.getByRole('button', { name: 'Registra accettazione' }).tap();
    await expect(page.getByText('Accettazione mezzi registrata correttamente')).toBeVisible();

    await expect(page.getByLabel('Matricola')).toHaveValue('');
    // Longer than the serial's settling time: the last machine's answer must not arrive late either.
    await page.waitForTimeout(1000);
    await expect(page.getByLabel('Ore', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Km', { exact: true })).toHaveValue('');
    await expect(earthMover).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('macchina-erp')).toHaveCount(0);
  });

  test('a supervisor finds the check-ins in the list, with photos, signature, addenda and the PDF', async ({
    page,
    login,
  }) => {
    await login('supervisore.accettazione');
    await page.goto('/accettazioniMezzi/accettazioniMezzi');
    // On a tablet "Matricole" is among the filters folded beyond the bar's first line.
    await page.getByRole('button', { name: 'Altri filtri' }).click();
    await page.getByRole('textbox', { name: 'Matricole' }).fill('E2E-4455');
    const rows = page.getByRole('row').filter({ hasText: /e2e-4455/i });
    // Sent once each, although the offline one was tried while the network was down.
    await expect(rows).toHaveCount(2);
    await shot(page, '6-elenco');
    await rows.filter({ hasText: /E2E-4455/ }).click();
    await expect(page).toHaveURL(/\/accettazioniMezzi\/accettazioneMezzo\/\d+$/);
    await expect(page.getByRole('img', { name: /^Foto \d$/ })).toHaveCount(2);
    await expect(page.getByRole('img', { name: 'Firma del cliente' })).toBeVisible();
    // The photos' fingerprints are evidence: collapsed under "Dati di verifica" until asked for.
    await expect(page.getByText('Impronta della foto 1')).toBeHidden();
    await page.getByRole('button', { name: 'Dati di verifica' }).click();
    await expect(page.getByText('Impronta della foto 1')).toBeVisible();
    await expect(page.getByText(/^[0-9a-f]{64}$/).first()).toBeVisible();
    await page.getByLabel('Nuova integrazione').fill('Il graffio era già presente alla consegna');
    await page.getByRole('button', { name: 'Aggiungi integrazione' }).click();
    await expect(page.getByText('Integrazione aggiunta')).toBeVisible();
    await expect(page.getByText('Elena Greco,')).toBeVisible();
    await shot(page, '5-dettaglio');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^accettazione-\d+\.pdf$/);
  });
});
