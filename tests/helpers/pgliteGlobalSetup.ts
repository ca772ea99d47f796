import type { TestProject } from 'vitest/node';
import { migratedPgliteCluster } from './migratedDatabase.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/** The schema built once for the run: each test's in-memory PGlite starts from its dump (testApp). */
export default async function setup(project: TestProject) {
  const { file, remove } = await migratedPgliteCluster();
  project.provide('pgliteSnapshot', file);
  return remove;
}
