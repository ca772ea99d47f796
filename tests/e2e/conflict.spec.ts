import { expect, signIn, test } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

test('two people edit the same record: the second save is refused with a reload offer, nothing is lost silently', async ({
  page,
  browser,
  stack,
}) => {
  const other = await browser.newContext({ baseURL: stack.baseURL, serviceWorkers: 'block', locale: 'it-IT' });
  const page2 = await other.newPage();
  try {
    for (const p of [page, page2]) {
      await signIn(p, 'admin', ADMIN_PASSWORD);
      await p.goto('/configurations/commerciali');
      await p.getByRole('button', { name: 'Modifica Roberto Marchetti' }).click();
    }
    await page.getByRole('dialog').getByLabel('Descrizione').fill('Roberto Marchetti (Bergamo)');
    await page2.getByRole('dialog').getByLabel('Descrizione').fill('R. Marchetti');

    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    const dialog2 = page2.getByRole('dialog');
    await dialog2.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog2.getByText('Il record è stato modificato da un altro utente', { exact: true })).toBeVisible();
    await expect(dialog2.getByLabel('Descrizione')).toHaveValue('R. Marchetti');
    await dialog2.getByRole('button', { name: 'Ricarica i dati' }).click();
    await expect(dialog2.getByLabel('Descrizione')).toHaveValue('Roberto Marchetti (Bergamo)');
    await dialog2.getByLabel('Descrizione').fill('Roberto Marchetti (Bergamo e Brescia)');
    await dialog2.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog2).toBeHidden();
    await expect(page2.getByRole('cell', { name: 'Roberto Marchetti (Bergamo e Brescia)', exact: true })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('two people save the same offer: the second is told who saved, reloads, and keeps their own change on top', async ({
  page,
  browser,
  request,
  stack,
}) => {
  test.setTimeout(120_000);
  // A negotiation with a saved offer, made through the API as an admin would.
  const login = await request.post(`${stack.baseURL}/login_check`, {
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
  const get = async (url: string) => (await (await request.get(`${stack.baseURL}${url}`, { headers })).json()).data;
  const groups = (await get('/api/gruppi-risorse?page=1&rowsPerPage=50')) as {
    id: number;
    resourceGroup: string;
    famigliaGruppoRisorsaId: number;
  }[];
  const plt12 = groups.find((g) => g.resourceGroup === 'PLT12');
  if (!plt12) throw new Error('demo group PLT12 missing');
  const branch = ((await get('/api/branches-offer?page=1&rowsPerPage=50')) as { id: number }[])[0];
  const created = await request.post(`${stack.baseURL}/api/trattative_cp`, {
    headers,
    data: { ragioneSociale: 'Cantiere Conteso S.r.l.' },
  });
  const id = ((await created.json()).data as { id: number }).id;
  const read = (await get(`/api/trattative_cp/${id}/offerta`)) as { version: number };
  const saved = await request.put(`${stack.baseURL}/api/trattative_cp/${id}/offerta`, {
    headers,
    data: {
      version: read.version,
      filialeNoleggioId: branch?.id,
      famigliaGruppoRisorsaId: plt12.famigliaGruppoRisorsaId,
      gruppoRisorsaId: plt12.id,
      durata: 12,
      durataUnita: 'G',
      assicurazioneTipo: 'BASE',
      trasportoAbilitato: true,
      km: 30,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const other = await browser.newContext({ baseURL: stack.baseURL, serviceWorkers: 'block', locale: 'it-IT' });
  const page2 = await other.newPage();
  try {
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await signIn(page2, 'supervisore.cp', stack.demoPassword('supervisore.cp'));
    for (const p of [page, page2]) await p.goto(`/trattativeCp/trattativa/${id}#offerta`);
    const mine = page.locator('#offerta');
    const theirs = page2.locator('#offerta');
    const discount = (offer: typeof mine) =>
      offer.getByRole('region', { name: "Sconto sull'offerta" }).getByLabel('Sconto %');

    // The supervisor saves a note first.
    await theirs.getByLabel('Note dell’offerta').fill('Consegna entro le 7:00');
    await theirs.getByRole('button', { name: 'Salva offerta' }).click();
    await expect(page2.getByText('Offerta salvata')).toBeVisible();

    // The admin's save of the version read before is refused, saying who saved; nothing typed is lost.
    await discount(mine).fill('2');
    await mine.getByRole('button', { name: 'Salva offerta' }).click();
    const conflict = mine.getByRole('alert').filter({ hasText: 'Offerta salvata da un altro utente' });
    await expect(conflict).toContainText('Nel frattempo la trattativa è stata salvata da Roberto Marchetti');
    await expect(discount(mine)).toHaveValue('2');
    await page.screenshot({ path: 'test-results/offer-conflict.png', fullPage: true });

    // Reloaded: the supervisor's note is there, and the admin's discount still on top of it, to save again.
    await conflict.getByRole('button', { name: 'Ricarica i dati' }).click();
    await expect(mine.getByText(/Dati ricaricati/)).toBeVisible();
    await expect(mine.getByLabel('Note dell’offerta')).toHaveValue('Consegna entro le 7:00');
    await expect(discount(mine)).toHaveValue('2');
    await mine.getByRole('button', { name: 'Salva offerta' }).click();
    await expect(page.getByText('Offerta salvata')).toBeVisible();
    const stored = (await get(`/api/trattative_cp/${id}/offerta`)) as {
      input: { scontoPercentuale?: number; noteOfferta?: string };
    };
    expect(stored.input).toMatchObject({ scontoPercentuale: 2, noteOfferta: 'Consegna entro le 7:00' });
  } finally {
    await other.close();
  }
});
