// npm run bench:list — a list URL opened cold in Debian's Chromium: from navigation start until 50 rows
// are on screen, over 100,000 rows in the collection (the call log). Prints each run and the median;
// asserts nothing. Target (README): within 700 ms (react-admin with json-server: 2.1 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../src/server/app.ts';
import { seed } from '../src/server/seed/seed.ts';
import { CHROMIUM } from '../tests/e2e/playwright.config.ts';
// @ts-expect-error: a plain .mjs helper shared with npm start
import { ensureBuilt } from './ensureBuilt.mjs';
import { seedCallLog } from './lib/seedCallLog.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PASSWORD = 'Bench2025!';

(ensureBuilt as () => void)();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-list-'));
const { app, ctx } = await buildApp({ dataDir, webRoot: path.resolve('dist') });
await seed(ctx, { adminPassword: PASSWORD, demoData: false });
await seedCallLog(ctx.db, ROWS);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const tokens = (await (
  await fetch(`${base}/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  })
).json()) as { token: string; refresh_token: string };

const browser = await chromium.launch(CHROMIUM);
const url = `${base}/contactCenter/report-calls?f.callDate=2025-03-14&size=50`;
const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  // A new context each time: empty HTTP cache, nothing warmed up but the signed-in session.
  const context = await browser.newContext();
  await context.addInitScript(
    (t) => {
      for (const [k, v] of Object.entries(t)) localStorage.setItem(k, v);
    },
    { crm_token_staging: tokens.token, crm_refresh_token_staging: tokens.refresh_token },
  );
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row-id]').length >= 50, undefined, {
    timeout: 30_000,
  });
  times.push(await page.evaluate(() => performance.now()));
  await context.close();
}
await browser.close();
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const sorted = [...times].sort((a, b) => a - b);
console.log(`${url.replace(base, '')}: ${ROWS.toLocaleString('it-IT')} rows in the collection, ${RUNS} cold opens`);
console.log(`runs (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`);
console.log(
  `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms (target 700 ms) · ${os.cpus().length} cores · ${os.cpus()[0]?.model ?? ''}`,
);
