import { expect, test } from './fixtures.ts';

test.describe('the users screen', () => {
  test('the active switch calls its own endpoint and the change is stored', async ({ page, login }) => {
    await login();
    await page.goto('/utenti/users?f.username=marketing');
    const active = page.getByRole('switch', { name: 'Attivo: marketing' });
    await expect(active).toBeChecked();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && /\/api\/users\/\d+\/active\/false$/.test(r.url())),
      active.click(),
    ]);
    expect(request).toBeTruthy();
    await expect(page.getByText('Salvataggio avvenuto correttamente')).toBeVisible();
    await expect(active).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Attivo: marketing' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'Attivo: marketing' }).click();
    await expect(page.getByRole('switch', { name: 'Attivo: marketing' })).toBeChecked();
  });

  test('a new user needs matching passwords; the accreditation link must be a web address', async ({ page, login }) => {
    await login();
    await page.goto('/utenti/users');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo utente' });
    await dialog.getByLabel('Username').fill('paolo.riva');
    await dialog.getByLabel('Email').fill('paolo.riva@rossinoleggi.it');
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Paolo');
    await dialog.getByLabel('Cognome').fill('Riva');
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Benvenuto2025!');
    await dialog.getByLabel('Conferma password').fill('Benvenuto2026!');
    await dialog.getByLabel('Link di accreditamento').fill('non è un link');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog.getByText('Le password non coincidono')).toBeVisible();
    await expect(dialog.getByText(/deve corrispondere al formato "uri"|URL|indirizzo/)).toBeVisible();
    await dialog.getByLabel('Conferma password').fill('Benvenuto2025!');
    await dialog.getByLabel('Link di accreditamento').fill('https://crm.rossinoleggi.it/accredito/paolo');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Modifica paolo.riva' }).click();
    // Passwords are never sent back: the edit form starts them empty.
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
    await expect(page.getByRole('dialog').getByLabel('Link di accreditamento')).toHaveValue(
      'https://crm.rossinoleggi.it/accredito/paolo',
    );
  });

  test('an e-mail another user has is refused on its field, the dialog keeping what was typed', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/utenti/users');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo utente' });
    await dialog.getByLabel('Username').fill('mario.doppio');
    await dialog.getByLabel('Email').fill('ADMIN@rossinoleggi.it');
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Mario');
    await dialog.getByLabel('Cognome').fill('Doppio');
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Benvenuto2025!');
    await dialog.getByLabel('Conferma password').fill('Benvenuto2025!');
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog.getByText("L'e-mail «ADMIN@rossinoleggi.it» è già usata da un altro utente")).toBeVisible();
    await expect(dialog.getByLabel('Username')).toHaveValue('mario.doppio');
  });

  test('an admin lets back in a user who mistyped the password too often ("Sblocca accesso")', async ({
    page,
    login,
    request,
    stack,
    demoPassword,
  }) => {
    const attempt = (password: string) =>
      request.post(`${stack.baseURL}/login_check`, { data: { username: 'noleggio', password } });
    for (let i = 0; i < 5; i++) expect((await attempt(`sbagliata-${i}`)).status()).toBe(401);
    expect((await attempt(demoPassword('noleggio'))).status()).toBe(429);
    await login();
    await page.goto('/utenti/users?f.username=noleggio');
    await page.getByRole('button', { name: "Sblocca l'accesso di Fabio Esposito" }).click();
    await expect(page.getByText('Accesso sbloccato per «noleggio»: un indirizzo era bloccato')).toBeVisible();
    expect((await attempt(demoPassword('noleggio'))).status()).toBe(200);
  });

  test('a super admin works as another user, sees it in the top bar, and goes back', async ({ page, login }) => {
    await login();
    await page.goto('/utenti/users?f.username=crm');
    await page.getByRole('button', { name: 'Impersona Silvia Marini' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'Stai usando il CRM come Silvia Marini' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menu principale' });
    await expect(menu.getByRole('link', { name: 'Clienti' }).first()).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Utenti' })).toHaveCount(0);
    await page.goto('/utenti/users');
    await expect(page.getByRole('heading', { name: 'Non Autorizzato' })).toBeVisible();

    // A reload keeps the impersonation; the button brings the super admin back.
    await page.reload();
    await page.getByRole('button', { name: 'Torna ad Amministratore di sistema' }).click();
    await expect(page).toHaveURL(/\/utenti\/users/);
    await expect(page.getByRole('heading', { name: 'Utenti' })).toBeVisible();
    await expect(page.getByText('Stai usando il CRM come')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Amministratore di sistema' })).toBeVisible();
  });

  test('only a super admin is offered impersonation; an admin unblocks everybody but a super admin', async ({
    page,
    login,
  }) => {
    await login('admin.demo');
    await page.goto('/utenti/users');
    await expect(page.getByRole('cell', { name: 'crm', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Impersona / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: "Sblocca l'accesso di Silvia Marini" })).toBeVisible();
    await expect(page.getByRole('button', { name: "Sblocca l'accesso di Amministratore di sistema" })).toHaveCount(0);
  });
});
