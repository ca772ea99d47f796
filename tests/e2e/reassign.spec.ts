import { expect, signIn, test } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

const PASSWORD = 'Riassegna-2026!';

test('a CP user with ROLE_NL reassigns a negotiation from its page, picking the new operator by name; a CP user without it sees no «Riassegna»', async ({
  page,
  request,
  stack,
  login,
}) => {
  const api = stack.baseURL;
  const tokenOf = async (username: string, password: string) =>
    `Bearer ${(await (await request.post(`${api}/login_check`, { data: { username, password } })).json()).token as string}`;
  const admin = { Authorization: await tokenOf('admin', ADMIN_PASSWORD) };
  const created = await request.post(`${api}/api/users`, {
    headers: admin,
    data: {
      username: 'nadia.leoni',
      email: 'nadia.leoni@rossinoleggi.it',
      name: 'Nadia',
      surname: 'Leoni',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      roles: ['ROLE_USER_CP', 'ROLE_NL'],
      active: 'true',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const nadia = { Authorization: await tokenOf('nadia.leoni', PASSWORD) };
  const negotiation = await request.post(`${api}/api/trattative_cp`, {
    headers: nadia,
    data: { ragioneSociale: 'Cantiere da Riassegnare S.r.l.' },
  });
  expect(negotiation.status(), await negotiation.text()).toBe(201);
  const id = ((await negotiation.json()).data as { id: number }).id;
  const davide = (
    (await (await request.get(`${api}/api/users?q=fontana&page=1&rowsPerPage=10`, { headers: admin })).json()).data as {
      id: number;
      username: string;
    }[]
  ).find((u) => u.username === 'utente.cp');
  expect(davide).toBeTruthy();

  // A CP user without ROLE_NL: their own negotiation, no «Riassegna».
  await login('utente.cp');
  const own = await request.post(`${api}/api/trattative_cp`, {
    headers: { Authorization: await tokenOf('utente.cp', stack.demoPassword('utente.cp')) },
    data: { ragioneSociale: 'Cantiere di Davide S.r.l.' },
  });
  await page.goto(`/trattativeCp/trattativa/${((await own.json()).data as { id: number }).id}`);
  await expect(page.getByRole('button', { name: 'Archivia', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Riassegna', exact: true })).toHaveCount(0);

  await signIn(page, 'nadia.leoni', PASSWORD);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/trattativeCp/trattativa/${id}`);
  await page.getByRole('button', { name: 'Riassegna', exact: true }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Riassegna la trattativa' });
  await dialog.getByLabel('Nuovo operatore').fill('fontà');
  // The list opens in a popper outside the dialog.
  await page.getByRole('option', { name: 'Davide Fontana' }).click();
  await expect(dialog.getByLabel('Nuovo operatore')).toHaveValue('Davide Fontana');
  await dialog.getByRole('button', { name: 'Avanti' }).click();
  await expect(
    dialog.getByText('Riassegnare la trattativa Cantiere da Riassegnare S.r.l. a Davide Fontana?'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Riassegna', exact: true }).click();
  await expect(dialog).toBeHidden();
  const stored = await (await request.get(`${api}/api/trattative_cp/${id}`, { headers: admin })).json();
  expect(stored.data.operatoreId).toBe(davide?.id);
});
