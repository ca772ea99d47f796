// @ts-expect-error: a plain .mjs helper shared with npm start
import { ensureBuilt } from '../../scripts/ensureBuilt.mjs';

export default function globalSetup() {
  (ensureBuilt as () => void)();
}
