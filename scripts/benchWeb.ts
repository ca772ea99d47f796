// What a route ships before it is usable: its JavaScript and stylesheets, gzipped.
// The login route (/login): the entry script, its preloaded imports and the stylesheet. Target (README): at most
// 100 KB; react-admin's minimal app ships 340 KB. A list route (the call report of bench:list): the same, plus
// what its first frame needs (the list's early call, the screen's definition, the cells' text formats), then the
// signed-in app, each with its static imports.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { machine } from './lib/machine.ts';
// @ts-expect-error: a plain .mjs helper shared with npm start
import { ensureBuilt } from './ensureBuilt.mjs';

const BUDGET_KB = 100;
// Chunks a cold open of /contactCenter/report-calls imports on demand (main.tsx and listPreload.ts) for its
// first frame, with the rows; then the app, which the first frame waits for (resources/firstFrame.ts).
const FIRST_FRAME_CHUNKS = ['listPreload', 'report-call', 'cellText'];
const APP_CHUNKS = ['AuthenticatedApp'];
// Loaded after the rows are on screen, in its own Suspense: shown apart.
const LATER_CHUNKS = ['CallTotals'];

console.log(machine());
(ensureBuilt as () => void)();
const html = fs.readFileSync('dist/index.html', 'utf8');
const entryFiles = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*\shref)="\/([^"]+)"/g),
].map((m) => m[1] ?? '');
const assets = fs.readdirSync('dist/assets');
const chunk = (name: string) => {
  const file = assets.find(
    (f) => f.startsWith(`${name}-`) && f.endsWith('.js') && /^[\w-]{8}\.js$/.test(f.slice(name.length + 1)),
  );
  if (!file) throw new Error(`dist/assets: no chunk ${name}-<hash>.js`);
  return `assets/${file}`;
};
/** A chunk and what it imports statically (`import … from "./x.js"`, `import "./x.js"`), transitively. */
function withImports(files: string[], seen = new Set<string>()): Set<string> {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = fs.readFileSync(path.join('dist', file), 'utf8');
    const imports = [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'`;]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g)];
    withImports(
      imports.map((m) => `assets/${m[1] ?? ''}`),
      seen,
    );
  }
  return seen;
}
const gzipped = (file: string) => gzipSync(fs.readFileSync(path.join('dist', file)), { level: 9 }).length;
function report(title: string, files: Iterable<string>): number {
  let total = 0;
  console.log(title);
  for (const file of files) {
    const gz = gzipped(file);
    total += gz;
    console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  return total;
}

const login = report('login route (/login): files loaded before the page is usable', entryFiles);
console.log(
  `  ${(login / 1024).toFixed(1).padStart(7)} KB  total gzipped (budget ${BUDGET_KB} KB: ${login / 1024 <= BUDGET_KB ? 'within' : 'OVER'})`,
);
const firstFiles = withImports([...entryFiles, ...FIRST_FRAME_CHUNKS.map(chunk)]);
const first = report(
  'list route (/contactCenter/report-calls): files loaded before the rows show (its first frame)',
  [...firstFiles].filter((f) => !entryFiles.includes(f)),
);
console.log(`  ${(login / 1024).toFixed(1).padStart(7)} KB  the login route's files above`);
console.log(`  ${((login + first) / 1024).toFixed(1).padStart(7)} KB  total gzipped`);
const listFiles = withImports([...firstFiles, ...APP_CHUNKS.map(chunk)]);
const app = [...listFiles].filter((f) => !firstFiles.has(f)).reduce((sum, f) => sum + gzipped(f), 0);
console.log(`  ${(app / 1024).toFixed(1).padStart(7)} KB  then the app, the filters and the full table`);
const later = [...withImports(LATER_CHUNKS.map(chunk))].filter((f) => !listFiles.has(f));
const after = later.reduce((sum, f) => sum + gzipped(f), 0);
console.log(`  ${(after / 1024).toFixed(1).padStart(7)} KB  after the table: ${later.join(', ')}`);
