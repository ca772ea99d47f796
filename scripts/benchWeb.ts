// What the login route ships: the entry script, its preloaded imports and the stylesheet, gzipped.
// Target (README): at most 110 KB; react-admin's minimal app ships 340 KB.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
// @ts-expect-error: a plain .mjs helper shared with npm start
import { ensureBuilt } from './ensureBuilt.mjs';

const BUDGET_KB = 110;
(ensureBuilt as () => void)();
const html = fs.readFileSync('dist/index.html', 'utf8');
const files = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*\shref)="\/([^"]+)"/g),
].map((m) => m[1] ?? '');
let total = 0;
console.log('login route (/login): files loaded before the page is usable');
for (const file of files) {
  const gz = gzipSync(fs.readFileSync(path.join('dist', file)), { level: 9 }).length;
  total += gz;
  console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `  ${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped (budget ${BUDGET_KB} KB: ${total / 1024 <= BUDGET_KB ? 'within' : 'OVER'})`,
);
