import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_META_NAMES } from '../../src/server/plugins/webApp.ts';

/** A built web app as the server expects it: an index.html with its runtime <meta> tags, and any other files. */
export function fakeWebRoot(files: Record<string, string> = {}): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-dist-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head>${RUNTIME_META_NAMES.map((name) => `<meta name="${name}" content="" />`).join('')}</head>` +
      '<body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>',
  );
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
