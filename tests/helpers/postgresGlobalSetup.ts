import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/lib/postgresServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** One PostgreSQL server for the whole run; each test file makes its own database in it. */
export default function setup(project: TestProject) {
  const server = startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
