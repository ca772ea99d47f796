import { expect, test } from './fixtures.ts';

type Crm = { crm: { api: { POST: (path: string, init: object) => Promise<{ response: Response }> } } };

test.describe('the home page of each role', () => {
  test('contact centre: the missed calls to call back, and the way to them', async ({ page, login }) => {
    await login('contactcenter');
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Chiamate perse da richiamare' });
    await expect(card.getByText('02.4567.8901')).toBeVisible();
    await expect(card.getByText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2} · Milano/).first()).toBeVisible();
    // Its call-backs are its activities (contactCentre.spec.ts plans one).
    await expect(page.getByRole('region', { name: 'Attività di oggi' })).toBeVisible();
    await card.getByRole('link', { name: 'Apri le chiamate perse' }).click();
    await expect(page).toHaveURL(/\/contactCenter\/missed-calls\?f\.recalled=N&f\.internal=N$/);
    await expect(page.getByRole('heading', { name: 'Chiamate perse' })).toBeVisible();
  });

  test("CRM: today's activities and those still to complete, with links to the user's screens", async ({
    page,
    login,
  }) => {
    await login('crm');
    await page.goto('/');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const status = await page.evaluate(
      async (date) =>
        (
          await (window as unknown as Crm).crm.api.POST('/api/plannings', {
            body: {
              date,
              startTime: '09:00',
              endTime: '10:00',
              subject: 'Visita cantiere Brambilla',
              completed: false,
            },
          })
        ).response.status,
      today,
    );
    expect(status).toBe(201);
    await page.reload();
    const todayCard = page.getByRole('region', { name: 'Attività di oggi' });
    await expect(todayCard.getByText('09:00–10:00 Visita cantiere Brambilla')).toBeVisible();
    const toComplete = page.getByRole('region', { name: 'Attività da completare' });
    await expect(toComplete.getByText(/^\d+ attività da completare$/)).toBeVisible();
    await expect(toComplete.getByText(/Visita cantiere Brambilla/)).toBeVisible();
    // Not a contact-centre user, nor one of the negotiations.
    await expect(page.getByRole('region', { name: 'Chiamate perse da richiamare' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Le mie trattative aperte' })).toHaveCount(0);
    const links = page.getByRole('region', { name: 'Le tue schermate' });
    await links.getByRole('link', { name: 'Clienti', exact: true }).click();
    await expect(page).toHaveURL(/\/customers\/all$/);
  });

  test('the negotiations card shows when its call answers and stays away, quietly, while it answers 501', async ({
    page,
    login,
  }) => {
    await login('utente.cp');
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Le mie trattative aperte' }).getByText('Nessuna trattativa aperta a tuo nome.'),
    ).toBeVisible();
    await page.route('**/api/trattative_cp?**', (route) =>
      route.fulfill({
        status: 501,
        contentType: 'application/json',
        body: JSON.stringify({ code: 501, message: 'Funzione non ancora disponibile' }),
      }),
    );
    await page.reload();
    await expect(page.getByRole('region', { name: 'Attività di oggi' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Le mie trattative aperte' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a user without screens is told so, not left with an empty page', async ({ page, login }) => {
    await login('marketing');
    await page.goto('/');
    await expect(page.getByText(/non sono ancora assegnate schermate del menu/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Il tuo profilo' })).toBeVisible();
  });
});

test.describe('the drawer', () => {
  test('one collapsible section per menu group, the current page’s open, the others folded', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/configurations/fonti');
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    const trattative = nav.getByRole('button', { name: 'Trattative', exact: true });
    const contactCenter = nav.getByRole('button', { name: 'Contact center' });
    await expect(trattative).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Fonti' })).toBeVisible();
    await expect(contactCenter).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Chiamate perse' })).toBeHidden();
    await contactCenter.click();
    await expect(contactCenter).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Chiamate perse' }).click();
    await expect(page.getByRole('heading', { name: 'Chiamate perse' })).toBeVisible();
    await expect(trattative).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Fonti' })).toBeHidden();
    await trattative.click();
    await expect(nav.getByRole('link', { name: 'Fonti' })).toBeVisible();
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: /Benvenuto/ })).toBeVisible();
  });
});

test.describe('keyboard and missing pages', () => {
  test('the first Tab reaches "Vai al contenuto", which skips the top bar and the drawer', async ({ page, login }) => {
    await login();
    await page.goto('/configurations/fonti');
    await expect(page.getByRole('heading', { name: 'Fonti' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Vai al contenuto' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await expect(page.getByRole('search', { name: 'Filtri' }).getByLabel('Descrizione')).toBeFocused();
  });

  test('a record that does not exist: the not-found page, with which record and a way home, no error toast', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/customers/999');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Il cliente 999 non esiste, è stato eliminato o non è visibile al tuo utente.'),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.goto('/customers/non-un-numero');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await page.getByRole('link', { name: 'Torna alla Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('words', () => {
  test('buttons in sentence case as written, and the locale cookie kept for 365 days', async ({ page, login }) => {
    await login();
    await page.goto('/configurations/fonti');
    const add = page.getByRole('button', { name: 'Aggiungi' });
    await expect(add).toHaveCSS('text-transform', 'none');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('it');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
  });
});
