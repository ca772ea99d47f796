import type { Page } from '@playwright/test';
import { romeToday } from '../../src/domain/calendar/index.ts';
import { formatDate } from '../../src/domain/dates.ts';
import { expect, signIn, test } from './fixtures.ts';

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

    // Drag to the next day at 14:00.
    const from = await event.boundingBox();
    const to = await slot(page, second, '14:00:00');
    if (!from) throw new Error('no event');
    await page.mouse.move(from.x + from.width / 2, from.y + 5);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 5 });
    await page.mouse.move(to.x, to.y + 5, { steps: 15 });
    await page.mouse.up();
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
    await page.getByRole('button', { name: 'Modifica utente.cp' }).click();
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
