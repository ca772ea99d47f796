import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, Stack, type Database } from './stack.ts';

export const test = base.extend<
  {
    /** Signs in as admin, or as a demo user with the password the server generated for it. */
    login: (username?: string, password?: string) => Promise<void>;
    demoPassword: (username: string) => string;
  },
  { database: Database; serverEnv: Record<string, string>; stack: Stack }
>({
  database: ['pglite', { option: true, scope: 'worker' }],
  serverEnv: [{}, { option: true, scope: 'worker' }],
  stack: [
    async ({ database, serverEnv }, use) => {
      const stack = new Stack(database, serverEnv);
      await stack.start();
      await use(stack);
      const violations = stack.contractViolations();
      await stack.stop();
      expect(violations, 'the contract proxy reported violations').toEqual([]);
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.baseURL),
  login: async ({ page, stack }, use) => {
    await use(async (username = 'admin', password?: string) =>
      loginAs(page, username, password ?? (username === 'admin' ? ADMIN_PASSWORD : stack.demoPassword(username))),
    );
  },
  demoPassword: async ({ stack }, use) => use((username) => stack.demoPassword(username)),
});

export async function loginAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export { expect };

/**
 * Opens a route inside the running app, as a click on a link would (the router follows history), without
 * loading the page again: for walks over many screens where the cold start is not what is tested.
 */
export async function openInApp(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
}
