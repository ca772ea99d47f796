import { freePort } from '../helpers/freePort.ts';
import { createServer, type Server } from 'node:http';
import { PNG } from '../helpers/sampleFiles.ts';
import { expect, loginAs, test } from './fixtures.ts';

// Map tiles and address search from a server of their own, on another loopback port: the policy
// must let exactly these origins in, as it would OpenStreetMap's.
const MAP_PORT = freePort();
let mapServer: Server;
test.use({
  serverEnv: {
    MAP_TILE_URL: `http://127.0.0.1:${MAP_PORT}/{z}/{x}/{y}.png`,
    MAP_GEOCODER_URL: `http://127.0.0.1:${MAP_PORT}/search`,
  },
});
test.beforeAll(async () => {
  mapServer = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url?.startsWith('/search'))
      return res.writeHead(200, { 'content-type': 'application/json' }).end('[{"lat":"45.698264","lon":"9.677270"}]');
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => mapServer.listen(MAP_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => mapServer.close(() => resolve())));

test.use({ viewport: { width: 1440, height: 900 } });

test('the built app runs under its Content-Security-Policy: login, a list, the customer page with its map, a dialog', async ({
  page,
  demoPassword,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });

  const first = await page.goto('/login');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(first?.headers()['referrer-policy']).toBe('same-origin');

  // Signed in with the form, under the policy (the call goes to the API's origin: connect-src).
  await loginAs(page, 'crm', demoPassword('crm'));
  await page.goto('/customers/all');
  await expect(page.getByRole('button', { name: 'Modifica Edilizia Brambilla S.r.l.' })).toBeVisible();

  await page.goto('/customers/all?f.companyName=Rota');
  await page.getByRole('button', { name: 'Modifica Impresa Rota Costruzioni S.p.A.' }).click();
  const map = page.getByRole('region', { name: 'Posizione' });
  await map.scrollIntoViewIfNeeded();
  // Tiles from their own origin load (img-src), the address search answers (connect-src).
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await map.getByRole('button', { name: "Trova dall'indirizzo" }).click();
  await expect(page.getByLabel('Latitudine')).toHaveValue(/45[.,]698264/);

  await page.getByRole('button', { name: 'Documenti di Impresa Rota Costruzioni S.p.A.' }).click();
  const documents = page.getByRole('dialog', { name: 'Documenti: Impresa Rota Costruzioni S.p.A.' });
  await expect(documents).toBeVisible();
  await documents.getByRole('button', { name: 'Chiudi' }).first().click();

  // A form dialog: its validation (ajv) runs under the policy too.
  const contacts = page.getByRole('region', { name: 'Contatti' });
  await contacts.getByRole('button', { name: 'Aggiungi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo contatto' });
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Attenzione. Ci sono errori in alcuni campi')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Marta');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  await expect(contacts.getByRole('button', { name: 'Modifica Marta' })).toBeVisible();

  expect(violations).toEqual([]);
});
