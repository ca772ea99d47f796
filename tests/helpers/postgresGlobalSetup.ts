import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/lib/postgresServer.ts';
import { migratedPostgresTemplate } from './migratedDatabase.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    postgresTemplate: string;
  }
}

/**
 * One PostgreSQL server for the whole run; each test file makes its own database in it, a copy of the
 * template the current code migrated once (testApp).
 */
export default async function setup(project: TestProject) {
  const server = startPostgres();
  try {
    project.provide('postgresTemplate', await migratedPostgresTemplate(server.url));
  } catch (err) {
    server.stop();
    throw err;
  }
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
