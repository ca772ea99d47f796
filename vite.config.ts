import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { postgresAvailable } from './scripts/lib/postgresServer.ts';
import { routePreloadsPlugin } from './scripts/lib/routePreloadsPlugin.ts';

// The server suite runs on in-memory PGlite; again on a PostgreSQL 15 started for the run where the outcome
// depends on the database: SQL of lists and rules, transactions, locks, several processes on one database.
// Headers, token audiences, the contract's bad input, templates and adapters do not: PGlite covers them.
const serverTests = ['src/server/**/*.test.ts'];
const serverTestsOnPostgres = [
  'src/server/crud/**/*.test.ts',
  'src/server/auth/**/*.test.ts',
  'src/server/domains/**/*.test.ts',
  'src/server/plugins/mail/*.test.ts',
  'src/server/storage/*.test.ts',
  'src/server/db/*.test.ts',
  'src/server/plugins/hubAcrossProcesses.test.ts',
];
// In those folders, what no database decides: PDFs, file and image checks, adapters of outside services,
// password hashing, PGlite's own data-directory lock.
const serverTestsOnPgliteOnly = [
  'src/server/auth/passwords.test.ts',
  'src/server/crud/import/fileReader.test.ts',
  'src/server/crud/recordWriter.test.ts',
  'src/server/db/dataDirLock.test.ts',
  'src/server/domains/acceptance/acceptancePdf.test.ts',
  'src/server/domains/files/images.test.ts',
  'src/server/domains/offers/externalServices.test.ts',
  'src/server/domains/public-offer/signedPdf.test.ts',
];

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

// Pure unit tests share one module graph per worker (isolate: false): loading their modules again for each
// file cost more than the tests. A file that replaces modules or globals (vi.mock, vi.stubGlobal, vi.stubEnv)
// keeps a graph of its own, found by reading the files, so that none can leak into another.
const unitFolders = ['src/domain', 'src/web', 'scripts'];
const unitTests = unitFolders.map((folder) => `${folder}/**/*.test.ts`);
const replacingModules = (folders: string[]) =>
  folders
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => `${folder}/${file.split(path.sep).join('/')}`),
    )
    .filter((file) =>
      /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(fs.readFileSync(path.join(projectRoot, file), 'utf8')),
    );
const replacesModules = replacingModules(unitFolders);
// The server tests share one module graph per worker too, and none replaces a module: one that did would
// leak into the files after it.
const serverReplacing = replacingModules(['src/server']);
if (serverReplacing.length > 0)
  throw new Error(
    `${serverReplacing.join(', ')}: a server test replaces a module or a global; the server projects share ` +
      'one module graph per worker (isolate: false): give it a project of its own',
  );
const webRoot = path.join(projectRoot, 'src/web');

// Development: the server's own prefixes (those of openapi.yaml) go to the server or the mock. The app's
// modules in src/web/api/ have URLs under /api/ too (/api/client.ts): a path that is a file of the web root
// is the app's and stays with Vite.
const SERVER_PATHS = '^/(api|hub|login_check|token|public|login-microsoft)(/|\\?|$)';
const isWebFile = (url = '') => {
  const file = path.join(webRoot, decodeURIComponent(url.split('?')[0] ?? ''));
  return file.startsWith(webRoot + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile();
};

export default defineConfig({
  // The web app lives in src/web; the built files go to dist/, served by the server.
  root: 'src/web',
  envDir: projectRoot,
  plugins: [react(), routePreloadsPlugin()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      [SERVER_PATHS]: {
        target: process.env.API_TARGET ?? 'http://127.0.0.1:3000',
        bypass: (req) => (isWebFile(req.url) ? req.url : undefined),
      },
    },
  },
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    sourcemap: true,
    // The service worker is a second entry, served as /sw.js (scope /).
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('src/web/index.html', import.meta.url)),
        sw: fileURLToPath(new URL('src/web/sw.ts', import.meta.url)),
      },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  test: {
    root: projectRoot,
    // Contract and system tests copy the project, run generators, tsc and child servers.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // As the browser suite: on CI a test that fails twice fails the run; one that passes on its second try is listed
    // as flaky by scripts/test.mjs (a run of CI on another machine failed once on a test it did not name).
    retry: process.env.CI ? 1 : 0,
    // Every answer of a server under test is checked against openapi.yaml (src/server/contract/serializers.ts).
    env: { API_CHECK_RESPONSES: '1' },
    // Vitest's default leaves one core free: on a 2-core machine that is one worker for the whole suite.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unitTests,
          exclude: [...configDefaults.exclude, ...replacesModules],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: replacesModules, environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts', 'tests/system/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          include: serverTests,
          exclude: [...configDefaults.exclude, '**/*OnPostgres.test.ts'],
          environment: 'node',
          // As the unit tests: loading the whole server again for each file cost more than many of its
          // files' tests. Each test builds its own app and database (testApp); no server test replaces a
          // module or a global, and fake clocks are given back after each.
          isolate: false,
          globalSetup: ['tests/helpers/pgliteGlobalSetup.ts'],
        },
      },
      ...(postgresAvailable() || process.env.CI
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: serverTestsOnPostgres,
                exclude: [...configDefaults.exclude, ...serverTestsOnPgliteOnly],
                environment: 'node' as const,
                isolate: false,
                globalSetup: ['tests/helpers/postgresGlobalSetup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
