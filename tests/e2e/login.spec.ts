import { expect, loginAs, test } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

// The login page as its user meets it. Every other spec signs in through the API (fixtures.ts), the same call
// this page makes.
test.describe('the login page', () => {
  test('the admin signs in with the form and lands on the home page', async ({ page }) => {
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /Benvenuto, Amministratore di sistema/ })).toBeVisible();
  });

  test('wrong credentials show the Italian message and stay on the login page', async ({ page }) => {
    await page.goto('/configurations/fonti');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fconfigurations%2Ffonti/);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Username e/o password non validi');
    await expect(page).toHaveURL(/\/login/);
  });

  test('redirect parameter: the full path, the existing redirect, none for / and /login', async ({ page }) => {
    await page.goto('/login');
    // Not configured on this server: no Microsoft button.
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accedi con Microsoft' })).toHaveCount(0);
    await page.goto('/configurations/fonti?f.description=web');
    await expect(page).toHaveURL('/login?redirect=%2Fconfigurations%2Ffonti%3Ff.description%3Dweb');
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/login?redirect=%2Fconfigurations%2Fnations');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page).toHaveURL(/\/configurations\/nations$/);
  });

  test('the rest of the app is prefetched while the login page idles', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/AuthenticatedApp')) chunks.push(r.url());
    });
    await page.goto('/login');
    await expect.poll(() => chunks.length, { timeout: 6000 }).toBeGreaterThan(0);
  });
});
