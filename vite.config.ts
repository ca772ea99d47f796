import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { postgresAvailable } from './scripts/lib/postgresServer.ts';

// The server suite runs twice: on in-memory PGlite and on a PostgreSQL 15 started for the run.
const serverTests = ['src/server/**/*.test.ts'];

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // The web app lives in src/web; the built files go to dist/, served by the server.
  root: 'src/web',
  envDir: projectRoot,
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/hub', '/login_check', '/token', '/public', '/login-microsoft'].map((p) => [
        p,
        process.env.API_TARGET ?? 'http://127.0.0.1:3000',
      ]),
    ),
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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts', 'tests/system/**/*.test.ts'],
          environment: 'node',
        },
      },
      { extends: true, test: { name: 'server-pglite', include: serverTests, environment: 'node' } },
      ...(postgresAvailable() || process.env.CI
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: serverTests,
                environment: 'node' as const,
                globalSetup: ['tests/helpers/postgresGlobalSetup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
