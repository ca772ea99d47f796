import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { sessionStorageKeys } from '../../src/web/session/storageKeys.ts';
import { ADMIN_PASSWORD, Stack, type Database } from './stack.ts';

export const test = base.extend<
  {
    /**
     * Signs in as admin, or as a demo user with the password the server generated for it, through the API
     * (the login page has its own spec, login.spec.ts). The page is left on no screen of the app: the test
     * opens the one it needs, `page.goto('/')` for the home page.
     */
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
  context: async ({ context }, use) => {
    await withoutAnimations(context);
    await use(context);
    // The next test reuses this context (the config's reuseContext), and Playwright's reset leaves it offline if a
    // test set it so.
    await context.setOffline(false);
  },
  login: async ({ page, stack }, use) => {
    await use(async (username = 'admin', password?: string) =>
      signIn(page, username, password ?? (username === 'admin' ? ADMIN_PASSWORD : stack.demoPassword(username))),
    );
  },
  demoPassword: async ({ stack }, use) => use((username) => stack.demoPassword(username)),
});

/**
 * Pages drawn without CSS transitions and animations: no test checks them, and on the suite's two cores their
 * frames (ripples, fades, skeletons, progress bars) took a fifth of the CPU of a run of list and dialog specs.
 * MUI's transitions still run their timers, so a dialog still mounts and unmounts as it does for a user.
 */
export const withoutAnimations = (context: BrowserContext) =>
  context.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
      document.head.append(style);
    }),
  );

/** The session's keys in local storage, for the app as globalSetup built it. */
const KEYS = sessionStorageKeys(process.env.VITE_APP_ENV);

/**
 * Signs in through the API, as the login page does (the same call, from the page's browser context, so that a
 * cookie it sets stays there too), and leaves the tokens where the app's session reads them. The page is left
 * on a blank page of the app's origin (its context's baseURL), not on a screen: the test opens the one it needs.
 */
export async function signIn(page: Page, username: string, password: string) {
  // Local storage needs a page of the origin: a blank one, answered here, so that no screen of the app loads.
  const blank = '**/__e2e__/sign-in';
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>…</title>' }),
  );
  try {
    await page.goto('/__e2e__/sign-in');
  } finally {
    await page.unroute(blank);
  }
  const res = await page.request.post('/login_check', { data: { username, password } });
  expect(res.status(), `sign-in of ${username}: ${await res.text()}`).toBe(200);
  const tokens = (await res.json()) as { token: string; refresh_token: string };
  await page.evaluate(
    ([keys, { token, refresh_token }]) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.refreshToken, refresh_token);
    },
    [KEYS, tokens] as const,
  );
}

/** The UI sign-in, for the login page's own tests. */
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
