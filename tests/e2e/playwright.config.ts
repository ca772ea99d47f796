import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser; flags that keep it off the network.
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Files whose tests run one after the other in one worker for minutes (everyScreen's spread over the workers). */
const LONGEST = ['**/whatUsersRead.spec.ts', '**/devModes.spec.ts', '**/listLayout.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './globalSetup.ts',
  // Files spread over the workers, each worker with its own server and database (the stack fixture);
  // the walks over many screens (everyScreen, screenAccess) split their tests too.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry on CI: a test that fails twice fails the run; one that passes on retry is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  outputDir: '../../test-results/e2e',
  use: {
    launchOptions: CHROMIUM,
    serviceWorkers: 'block',
    // One browser context and tab per worker, reset between tests (cookies, storage, routes, init scripts), where
    // the tests' context options allow it. The app loads in the same renderer each time, where V8 still holds its
    // compiled code: a cold load of a list took 6.1 CPU-s in a new context and 3.0 in the reused tab.
    reuseContext: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The longest files first (Playwright runs projects in this order, files by name within one): the walk of
    // every screen as every role and the development modes, each minutes in one worker, would otherwise start
    // last and leave the other worker idle at the end. The same name, so `--project=pglite` runs both.
    { name: 'pglite', use: { database: 'pglite' } as never, testMatch: LONGEST },
    // Several server processes share one database only on PostgreSQL.
    {
      name: 'pglite',
      use: { database: 'pglite' } as never,
      testIgnore: ['**/twoProcesses.spec.ts', ...LONGEST],
    },
    // On PostgreSQL, only the stories whose outcome depends on what the database does (records kept across a
    // restart, unique codes, stale saves, visibility and range filters in SQL, blind counts and closing lists):
    // the server suites already run every call on both databases.
    {
      name: 'postgres',
      use: { database: 'postgres' } as never,
      testMatch: [
        '**/masterData.spec.ts',
        '**/conflict.spec.ts',
        '**/negotiations.spec.ts',
        '**/inventory.spec.ts',
        '**/twoProcesses.spec.ts',
      ],
      // Tests of the screen alone in those files (keyboard, chips, a dialog's question) stay on PGlite.
      grepInvert: /@screen-only/,
    },
  ],
});
