import type { TestProject } from 'vitest/node';
import { SEEDED_ADMIN_PASSWORD, seedDataDir } from './seededDataDir.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

/** One first start of the real server for the run: the child-server tests copy its data directory. */
export default async function setup(project: TestProject) {
  const { dir, remove } = await seedDataDir({ ADMIN_PASSWORD: SEEDED_ADMIN_PASSWORD, DEMO_DATA: '0' });
  project.provide('seededDataDir', dir);
  return remove;
}
