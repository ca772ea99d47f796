// @ts-expect-error: a plain .mjs helper shared with npm start
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';
import { seedDataDir } from './stack.ts';

/** The web app built, and a database seeded once for every PGlite server of the run; returns the clean-up. */
export default async function globalSetup() {
  (ensureBuilt as () => void)();
  return seedDataDir();
}
