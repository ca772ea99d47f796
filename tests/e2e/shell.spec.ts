import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

type Crm = { crm: { api: { GET: (path: string, init?: object) => Promise<{ response: Response }> } } };

async function noSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
}

test.describe('the frame and the guard', () => {
  test('page title, language, staging banner, footer, profile link and logout', async ({ page, login }) => {
    await login();
    await page.goto('/');
    await expect(page).toHaveTitle('CRM');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
    await expect(page.getByRole('status').filter({ hasText: 'Ambiente di staging' }).first()).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Rossi Noleggi S.r.l.`);
    await expect(footer).toContainText('Versione 1.34.4 del 24-09-2025');
    await page.getByRole('link', { name: 'Amministratore di sistema' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profilo' })).toBeVisible();
    await page.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('crm_')))).toEqual([]);
  });

  test('unknown route: "Pagina non trovata" with a link home; "lang" becomes the language', async ({ page, login }) => {
    await login();
    await page.goto('/nessuna/pagina');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await page.getByRole('link', { name: 'Torna alla Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/manuale/lang/guida');
    await expect(page).toHaveURL(/\/manuale\/it\/guida$/);
  });

  test('no top bar or drawer on the public offer request path', async ({ page, login }) => {
    await login();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
    // An unknown code: the public page says so, in its own plain frame, even to a signed-in user.
    await page.goto('/trattativeCp/offers/AB12CD');
    await expect(page.getByText('Offerta non trovata')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Esci' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toHaveCount(0);
  });

  test('a path no menu entry of the user allows: "Non Autorizzato"', async ({ page, login }) => {
    await login('contactcenter');
    await page.goto('/contactCenter/report-calls');
    await expect(page.getByRole('heading', { name: 'Non Autorizzato' })).toBeVisible();
    await page.goto('/contactCenter/missed-calls');
    await expect(page.getByRole('heading', { name: 'Chiamate perse' })).toBeVisible();
  });

  test('the drawer shows the groups of the role and their configuration sub-groups', async ({ page, login }) => {
    await login('supervisore.cp');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    await expect(nav.getByText('Trattative', { exact: true })).toBeVisible();
    await expect(nav.getByText('Configurazione', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Fonti' })).toBeVisible();
    await expect(nav.getByText('Contact center')).toHaveCount(0);
    await expect(nav.getByText('Utenti', { exact: true })).toHaveCount(0);
  });

  test('side panel: opened by its event, closed by Escape', async ({ page, login }) => {
    await login();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible();
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('crm:side-panel', {
          detail: {
            visible: true,
            content: { title: 'Dettaglio', subtitle: 'Cliente', body: 'Contenuto del pannello' },
          },
        }),
      ),
    );
    const panel = page.getByRole('dialog', { name: 'Dettaglio' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Contenuto del pannello')).toBeVisible();
    const height = await page.getByTestId('side-panel-content').evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBe(await page.evaluate(() => window.innerHeight - 150));
    // The title and the 'Chiudi' button are in view: not under the top bar or the banner, not below the window.
    for (const target of [
      panel.getByRole('heading', { name: 'Dettaglio' }),
      panel.getByRole('button', { name: 'Chiudi' }).last(),
    ]) {
      const box = await target.boundingBox();
      if (!box) throw new Error('not laid out');
      const onTop = await target.evaluate(
        (el, [x, y]) => el.contains(document.elementFromPoint(x ?? 0, y ?? 0)),
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(onTop).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('crm:side-panel', { detail: { visible: true, content: { title: 'Dettaglio', body: 'x' } } }),
      ),
    );
    await page.getByRole('button', { name: 'Chiudi' }).last().click();
    await expect(panel).toBeHidden();
  });

  test('notifications: success closes after 5 s, an error stays until closed', async ({ page, login }) => {
    await page.clock.install();
    await login();
    await page.goto('/configurations/gruppiCrm');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    await page.getByRole('dialog').getByLabel('Descrizione').fill('Area Piemonte');
    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    const success = page.getByRole('alert').filter({ hasText: 'Salvataggio avvenuto correttamente' });
    await expect(success).toBeVisible();
    await page.clock.runFor(4000);
    await expect(success).toBeVisible();
    await page.clock.runFor(1500);
    await expect(success).toBeHidden();

    await page.evaluate(() =>
      (window as unknown as Crm).crm.api.GET('/api/agents/{id}', { params: { path: { id: 99999 } } }),
    );
    const error = page.getByRole('alert').filter({ hasText: 'Risorsa non trovata' });
    await expect(error).toBeVisible();
    await page.clock.runFor(30_000);
    await expect(error).toBeVisible();
    await error.getByRole('button', { name: 'Chiudi' }).click();
    await expect(error).toBeHidden();
  });

  test('login, home and profile have no serious or critical accessibility violations', async ({ page, login }) => {
    await page.goto('/login');
    await noSeriousA11yViolations(page);
    await login();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible();
    await noSeriousA11yViolations(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profilo' })).toBeVisible();
    await noSeriousA11yViolations(page);
  });
});

test.describe('profile', () => {
  test('change the password with the checks of SPEC.md section 5, then sign in with it', async ({
    page,
    login,
    demoPassword,
  }) => {
    await login('marketing');
    await page.goto('/profile');
    const change = page.getByRole('button', { name: 'Cambia password' });
    await change.click();
    await expect(page.getByText('La vecchia password è obbligatoria')).toBeVisible();
    await page.getByLabel('Vecchia password').fill('sbagliata');
    await page.getByLabel('Nuova password').fill('Marketing2026!');
    await page.getByLabel('Conferma password').fill('Diversa2026!');
    await change.click();
    await expect(page.getByText('Le password non coincidono')).toBeVisible();
    await page.getByLabel('Conferma password').fill('Marketing2026!');
    await change.click();
    await expect(page.getByText('La vecchia password non è corretta')).toBeVisible();
    await page.getByLabel('Vecchia password').fill(demoPassword('marketing'));
    await change.click();
    await expect(page.getByText('Operazione completata con successo')).toBeVisible();
    await page.getByRole('button', { name: 'Esci' }).click();
    await login('marketing', 'Marketing2026!');
  });
});

test.describe('resilience', () => {
  test.describe('with service workers allowed', () => {
    // Blocked in the other tests so that page.route always sees the API calls.
    test.use({ serviceWorkers: 'allow' });
    test('a service worker at /sw.js with scope / takes the app shell', async ({ page, login }) => {
      await login();
      await page.goto('/');
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(new URL(scope).pathname).toBe('/');
      const sw = await page.request.get('/sw.js');
      expect(sw.status()).toBe(200);
      expect(sw.headers()['cache-control']).toBe('no-cache');
    });
  });

  test('a failed chunk load reloads the page once, not in a loop', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => sessionStorage.removeItem('crm_chunk_reload'));
    let reloads = 0;
    page.on('load', () => reloads++);
    const chunkError = () =>
      page
        .evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })))
        .catch(() => undefined);
    await Promise.all([page.waitForEvent('load'), chunkError()]);
    await chunkError();
    await page.waitForTimeout(1000);
    expect(reloads).toBe(1);
  });
});

test('offline, a failed chunk load does not reload the page: what it holds stays', async ({ page, context }) => {
  await page.goto('/login');
  await page.evaluate(() => sessionStorage.removeItem('crm_chunk_reload'));
  await page.getByLabel('Username').fill('in cortile');
  let reloads = 0;
  page.on('load', () => reloads++);
  await context.setOffline(true);
  const reloading = await page.evaluate(() => {
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(reloading).toBe(false);
  await expect(page.getByLabel('Username')).toHaveValue('in cortile');
  expect(reloads).toBe(0);
});

test.describe('a list opened cold', () => {
  test('shows its rows first as a picture, then the table alone, from one call', async ({ page, login }) => {
    await login();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/fonti') calls.push(r.url());
    });
    // What the picture held, noted as it is drawn (it may be gone before a check from outside would look).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const rows = document.querySelectorAll('[aria-hidden="true"] tr[data-preview-row-id]').length;
        const w = window as unknown as { previewRows?: number };
        w.previewRows = Math.max(w.previewRows ?? 0, rows);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/configurations/fonti?f.description=e');
    // The table takes its place, with the same rows, and the picture is gone.
    await expect(page.locator('tbody tr[data-row-id]').first()).toBeVisible();
    const pictured = await page.evaluate(() => (window as unknown as { previewRows?: number }).previewRows ?? 0);
    expect(pictured).toBeGreaterThan(0);
    await expect(page.locator('tbody tr[data-row-id]')).toHaveCount(pictured);
    await expect(page.locator('[data-preview-row-id]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Fonti', level: 1 })).toBeInViewport();
    expect(calls).toHaveLength(1);
    // The app's files, named by the page for later, were asked for once the call was sent: each once.
    expect(await page.locator('meta[name="app-preloads"]').count()).toBe(0);
    const later = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
    );
    expect(later.filter((href) => /\/assets\/AuthenticatedApp-[\w-]+\.js$/.test(href))).toHaveLength(1);
    expect(new Set(later).size).toBe(later.length);
  });
});

test.describe('the plain layout: print views', () => {
  test('a filtered list prints without the frame, with every matching row, and leads back to the same view', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/configurations/fonti?f.description=e');
    const pager = page.getByText(/^\d+-\d+ di [1-9]\d*$/);
    await expect(pager).toBeVisible();
    const total = Number((await pager.innerText()).match(/di (\d+)/)?.[1]);
    await page.getByRole('button', { name: 'Stampa' }).click();
    await expect(page).toHaveURL(/\/stampa\/configurations\/fonti\?f\.description=e/);
    await expect(page.getByRole('heading', { name: 'Fonti', level: 1 })).toBeVisible();
    await expect(page.getByText(`Filtri: Descrizione: e · ${total === 1 ? '1 riga' : `${total} righe`}`)).toBeVisible();
    await expect(
      page.getByText(/Stampato il \d{2}-\d{2}-\d{4} \d{2}:\d{2} da Amministratore di sistema/),
    ).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(total);
    // Plain: no top bar, no drawer, no footer.
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.getByRole('link', { name: "Torna all'elenco" }).click();
    await expect(page).toHaveURL(/\/configurations\/fonti\?f\.description=e/);
    await expect(page.getByRole('search', { name: 'Filtri' }).getByLabel('Descrizione')).toHaveValue('e');
  });

  test("needs a session and the list's roles", async ({ page, login }) => {
    await page.goto('/stampa/configurations/fonti');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fstampa%2Fconfigurations%2Ffonti/);
    await login('crm');
    await page.goto('/stampa/configurations/fonti');
    await expect(page.getByRole('heading', { name: 'Non Autorizzato' })).toBeVisible();
  });
});
