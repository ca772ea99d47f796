import type { Page } from '@playwright/test';
import { romeToday } from '../../src/domain/calendar/index.ts';
import { formatDate } from '../../src/domain/dates.ts';
import { partitaIvaCheckDigit } from '../../src/domain/partitaIva.ts';
import { expect, signIn, test } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

/** The middle of a day column at a time of day, in the week calendar. */
async function slot(page: Page, date: string, time: string) {
  const column = await page.locator(`[role=columnheader][data-date="${date}"]`).boundingBox();
  const row = await page.locator(`[data-time="${time}"]`).first().boundingBox();
  if (!column || !row) throw new Error(`no slot ${date} ${time}`);
  return { x: column.x + column.width / 2, y: row.y + row.height / 2 };
}

test.describe('planning: the activities calendar', () => {
  test('plan an activity from a click, refuse an end before the start, move it by dragging, edit it in the list, delete it', async ({
    page,
    login,
  }) => {
    await login('crm');
    await page.goto('/plannings');
    await expect(page.getByRole('heading', { name: 'Pianificazione', level: 1 })).toBeVisible();
    const badge = page.getByRole('status').filter({ hasText: 'attività da completare' });
    const before = Number((await badge.innerText()).match(/\d+/)?.[0]);
    const days = await page
      .locator('[role=columnheader][data-date]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-date') ?? ''));
    const [first, second] = days;
    if (!first || !second) throw new Error('no week');

    // A click plans one hour from there.
    const at = await slot(page, first, '10:00:00');
    await page.mouse.click(at.x, at.y + 4);
    const dialog = page.getByRole('dialog', { name: 'Nuova attività' });
    await expect(dialog.getByLabel('Ora inizio')).toHaveValue('10:00');
    await expect(dialog.getByLabel('Ora fine')).toHaveValue('11:00');
    await dialog.getByLabel('Oggetto').fill('Visita cantiere Rota');
    await dialog.getByLabel('Ora fine').fill('09:30');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog.getByText('La data di fine intervento non è valida')).toBeVisible();
    await expect(dialog.getByLabel('Oggetto')).toHaveValue('Visita cantiere Rota');
    await dialog.getByLabel('Ora fine').fill('11:00');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
    const event = page.getByText('Visita cantiere Rota');
    await expect(event).toBeVisible();
    await expect(badge).toHaveText(`${before + 1} attività da completare`);

    // Drag to the next day at 14:00. The creation's notice goes first, so that the move's own is the one seen, and
    // the move is the save of that activity.
    await expect(page.getByText('Salvataggio avvenuto correttamente')).toBeHidden();
    const from = await event.boundingBox();
    const to = await slot(page, second, '14:00:00');
    if (!from) throw new Error('no event');
    const moved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/plannings\/\d+$/.test(r.url()));
    await page.mouse.move(from.x + from.width / 2, from.y + 5);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 5 });
    await page.mouse.move(to.x, to.y + 5, { steps: 15 });
    await page.mouse.up();
    expect((await moved).status()).toBe(200);
    await expect(page.getByText('Salvataggio avvenuto correttamente')).toBeVisible();

    await page.goto('/listPlannings?f.date=' + second);
    const row = page.getByRole('row', { name: /Visita cantiere Rota/ });
    await expect(row.getByRole('cell', { name: '14:00', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '15:00', exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Modifica Visita cantiere Rota' }).click();
    await page.getByRole('dialog').getByLabel('Oggetto').fill('Visita cantiere Rota (Bergamo)');
    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('cell', { name: 'Visita cantiere Rota (Bergamo)', exact: true })).toBeVisible();

    // Delete from the calendar, after the confirmation.
    await page.goto('/plannings');
    await page.getByText('Visita cantiere Rota (Bergamo)').click();
    const edit = page.getByRole('dialog', { name: 'Modifica attività' });
    await edit.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('dialog', { name: 'Elimina' }).getByRole('button', { name: 'Elimina' }).click();
    await expect(page.getByText('eliminazione avvenuta correttamente')).toBeVisible();
    await expect(page.getByText('Visita cantiere Rota (Bergamo)')).toHaveCount(0);
    await expect(badge).toHaveText(`${before} attività da completare`);
  });
});

test.describe('planning: whose activities', () => {
  test("a user linked to an agent sees that agent's activities, and new ones are theirs", async ({
    page,
    login,
    browser,
    baseURL,
    demoPassword,
  }) => {
    // The administrator links the user "utente.cp" to the agent Marco Ferri, and plans one activity for another agent.
    await login();
    await page.goto('/utenti/users?f.username=utente.cp');
    await page.getByRole('button', { name: 'Modifica Davide Fontana' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Agente' }).click();
    await page.getByRole('option', { name: 'Marco Ferri' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.goto('/listPlannings');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const other = page.getByRole('dialog');
    // The date picker takes the date as Italians write it (today in Rome).
    await other.getByRole('textbox', { name: 'Data', exact: true }).fill(formatDate(romeToday()));
    await other.getByLabel('Ora inizio').fill('08:00');
    await other.getByLabel('Ora fine').fill('09:00');
    await other.getByLabel('Oggetto').fill('Giro clienti di Luca');
    await other.getByRole('combobox', { name: 'Agente' }).click();
    await page.getByRole('option', { name: 'Luca Verdi' }).click();
    await other.getByRole('button', { name: 'Salva' }).click();
    await expect(other).toBeHidden();

    const context = await browser.newContext({ baseURL });
    const user = await context.newPage();
    await signIn(user, 'utente.cp', demoPassword('utente.cp'));
    await user.goto('/plannings');
    await expect(user.getByRole('heading', { name: 'Pianificazione', level: 1 })).toBeVisible();
    await expect(user.getByRole('status').filter({ hasText: 'attività da completare' })).toBeVisible();
    await expect(user.getByText('Giro clienti di Luca')).toHaveCount(0);
    const today = await user.locator('[role=columnheader][data-date]').first().getAttribute('data-date');
    const at = await slot(user, today ?? '', '16:00:00');
    await user.mouse.click(at.x, at.y + 4);
    await expect(user.getByRole('dialog').getByRole('combobox', { name: 'Agente' })).toHaveValue('Marco Ferri');
    await context.close();
  });
});

test.describe('planning: the customer picker searches the server', () => {
  test('typing asks once the typing settles, "Cerca altro…" pages through the matches, ↑ ↓ Enter and Tab choose, the last choices come first, the list names the customer', async ({
    page,
    login,
    request,
    stack,
  }) => {
    test.setTimeout(180_000);
    // 11 customers "Cantieri Picker Garda 1…11" and 14 "Cantieri Picker Lario 1…14", through the contract proxy.
    const api = `http://127.0.0.1:${stack.proxyPort}`;
    const asAdmin = await request.post(`${api}/login_check`, { data: { username: 'admin', password: ADMIN_PASSWORD } });
    const headers = { authorization: `Bearer ${((await asAdmin.json()) as { token: string }).token}` };
    for (let i = 1; i <= 25; i++) {
      const [lake, n] = i <= 11 ? ['Garda', i] : ['Lario', i - 11];
      const first10 = `8${String(i).padStart(9, '0')}`;
      const created = await request.post(`${api}/api/customers`, {
        headers,
        data: {
          code: `PK${lake.charAt(0)}${n}`,
          companyName: `Cantieri Picker ${lake} ${n}`,
          vatNumber: first10 + partitaIvaCheckDigit(first10),
        },
      });
      expect(created.status()).toBe(201);
    }

    await login('crm');
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      const q = url.searchParams.get('q');
      if (url.pathname === '/api/customers' && q !== null) searches.push(q);
    });
    await page.goto('/listPlannings');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuova attività' });
    await dialog.getByRole('textbox', { name: 'Data', exact: true }).fill(formatDate(romeToday()));
    await dialog.getByLabel('Ora inizio').fill('07:00');
    await dialog.getByLabel('Ora fine').fill('07:30');
    await dialog.getByLabel('Oggetto').fill('Visita Picker');
    const customer = dialog.getByRole('combobox', { name: 'Cliente' });
    const options = page.getByRole('listbox').getByRole('option');

    // The empty box: the newest customers.
    await customer.click();
    await expect(options.first()).toContainText('Cantieri Picker Lario 14');
    // Typing: 8 of the 11 matches and "Cerca altro…"; one search once the typing settled, not one per key.
    await customer.pressSequentially('picker garda', { delay: 25 });
    // Once the typing settled, the last search asked is the whole text ("picker" alone also lists 8 of Garda).
    await expect.poll(() => searches.at(-1)).toBe('picker garda');
    await expect(options.filter({ hasText: /^Cantieri Picker Garda \d+PKG/ })).toHaveCount(8);
    await expect(options).toHaveCount(9);
    await expect(options.last()).toHaveText('Cerca altro…');
    expect(searches.length).toBeLessThan('picker garda'.length);
    expect(searches.every((q) => 'picker garda'.startsWith(q))).toBe(true);

    // "Cerca altro…": the search of the whole list, a page at a time. Chosen with the keyboard (↑ from the box is the
    // last entry) and typed on at once: the dialog, opened for the first time, has every key.
    await customer.press('ArrowUp');
    await expect(options.last()).toHaveClass(/Mui-focused/);
    await customer.press('Enter');
    await page.keyboard.type(' 1');
    const more = page.getByRole('dialog', { name: 'Cerca: clienti' });
    const moreBox = more.getByRole('textbox', { name: 'Cerca' });
    await expect(moreBox).toHaveValue('picker garda 1');
    await moreBox.press('Backspace');
    await moreBox.press('Backspace');
    await expect(moreBox).toHaveValue('picker garda');
    const rows = more.getByRole('row', { name: /^Scegli/ });
    await expect(rows).toHaveCount(10);
    await expect(more.getByText('1–10 di 11')).toBeAttached();
    await more.getByRole('button', { name: /successiva/i }).click();
    await expect(rows).toHaveCount(1);
    await rows.first().click();
    await expect(more).toBeHidden();
    // By name: Garda 1, 10, 11, 2 … 9.
    await expect(customer).toHaveValue('Cantieri Picker Garda 9');

    // The keyboard: ↓ moves, Enter takes; Tab takes the highlighted one and moves on.
    await customer.fill('picker lario');
    // The search's answer, not the newest customers still shown while it comes (Lario 14 first).
    await expect(options.first()).toContainText(/^Cantieri Picker Lario 1(?!\d)/);
    await expect(options).toHaveCount(9);
    await customer.press('ArrowDown');
    await customer.press('Enter');
    await expect(customer).toHaveValue('Cantieri Picker Lario 10');
    await customer.fill('pkl14');
    await expect(options.first()).toContainText('Cantieri Picker Lario 14');
    await expect(options).toHaveCount(1);
    await customer.press('Tab');
    await expect(customer).toHaveValue('Cantieri Picker Lario 14');
    await expect(dialog.getByRole('combobox', { name: 'Agente' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();

    // The list names the customer from its own answer.
    await expect(
      page.getByRole('row', { name: /Visita Picker/ }).getByRole('cell', { name: 'Cantieri Picker Lario 14' }),
    ).toBeVisible();

    // A new activity: this user's last choices first.
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Cliente' }).click();
    await expect(page.getByText('Scelti di recente')).toBeVisible();
    await expect(options.nth(0)).toContainText('Cantieri Picker Lario 14');
    await expect(options.nth(1)).toContainText('Cantieri Picker Lario 10');
    await expect(options.nth(2)).toContainText('Cantieri Picker Garda 9');
    await page.keyboard.press('Escape');
  });
});
