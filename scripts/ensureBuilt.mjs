import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectEnv } from './lib/projectEnv.mjs';

const SOURCES = ['src/web', 'src/domain', 'generated', 'vite.config.ts', 'package-lock.json'];
function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** Builds the web app into dist/ when it is missing or older than its sources. */
export function ensureBuilt() {
  const built = fs.existsSync('dist/index.html') ? fs.statSync('dist/index.html').mtimeMs : 0;
  if (built >= Math.max(...SOURCES.map(newest))) return;
  console.log("Compilazione dell'applicazione web…");
  const r = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: projectEnv(),
  });
  if (r.status !== 0) throw new Error('vite build failed');
}
