// The Excel export figure of npm run bench:api: `rows` customers exported over HTTP by a client in a process
// of its own (which reads and drops the bytes), while this process, the server's, has its resident memory
// sampled. The rise is measured after a small export has loaded exceljs and its zip writer.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/server/context.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { seedCustomers } from './benchLoad.ts';

const run = promisify(execFile);
const PASSWORD = 'Banco-di-prova-2025';

// The client: fetch, read every chunk, keep only counts; prints status, bytes, first byte and total seconds.
const CLIENT = `
const [url, token] = process.argv.slice(1);
const started = performance.now();
const res = await fetch(url, { headers: { authorization: 'Bearer ' + token } });
let bytes = 0, first = 0;
for await (const chunk of res.body) { if (!first) first = performance.now() - started; bytes += chunk.length; }
console.log(JSON.stringify({ status: res.status, bytes, firstMs: first, ms: performance.now() - started }));
`;

/**
 * Peaks of this process's memory while fn runs, sampled every 20 ms, in MB above what it was before: resident
 * memory, the JavaScript heap (a busy young generation shows here, garbage included) and Buffers (where bytes
 * waiting for the zip or the socket pile up).
 */
async function memoryRise<T>(fn: () => Promise<T>) {
  const before = process.memoryUsage();
  const peak = { ...before };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await fn();
    sample();
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    return {
      result,
      'RSS before MB': mb(before.rss),
      'RSS rise MB': mb(peak.rss - before.rss),
      'heap rise MB': mb(peak.heapUsed - before.heapUsed),
      'Buffers rise MB': mb(peak.arrayBuffers - before.arrayBuffers),
    };
  } finally {
    clearInterval(timer);
  }
}

async function download(url: string, token: string) {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CLIENT, url, token]);
  return JSON.parse(stdout) as { status: number; bytes: number; firstMs: number; ms: number };
}

/** For each size, seeds that many customers and exports them all: time, size, first byte, the server's RSS rise. */
export async function benchExport(app: FastifyInstance, ctx: AppContext, sizes: number[]) {
  await ctx.resource('User').repo.create(
    {
      username: 'banco.export',
      email: 'banco.export@esempio.it',
      name: 'Banco',
      surname: 'Prova',
      roles: ['ROLE_SUPER_ADMIN'],
      active: 'true',
    },
    { passwordHash: await hashPassword(PASSWORD) },
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = (await (
    await fetch(`${base}/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'banco.export', password: PASSWORD }),
    })
  ).json()) as { token: string };
  const figures = [];
  for (const rows of sizes) {
    const seedStarted = performance.now();
    await seedCustomers(ctx.db, rows);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await download(`${base}/api/export/customer?filters[code]=C0000001`, token);
    const { result, ...memory } = await memoryRise(() => download(`${base}/api/export/customer`, token));
    figures.push({
      rows,
      'seeded in s': Number(seedSeconds.toFixed(0)),
      status: result.status,
      MB: Number((result.bytes / 2 ** 20).toFixed(1)),
      'first byte ms': Math.round(result.firstMs),
      s: Number((result.ms / 1000).toFixed(1)),
      'rows/s': Math.round(rows / (result.ms / 1000)),
      ...memory,
    });
  }
  return figures;
}
