// The import run of npm run bench:api (`BENCH_IMPORT=only` alone, `BENCH_IMPORT_ROWS` rows): an Excel file of
// 100,000 customers (every tenth with an agent named by code), uploaded, previewed and imported through the
// API as the "Importa" dialog does, then imported again (every row unchanged). Prints the seconds of each
// phase and the server's peak memory while it ran, sampled every 100 ms: constant memory means the peak does
// not grow with the rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { partitaIvaCheckDigit } from '../../src/domain/partitaIva.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import type { AppContext } from '../../src/server/context.ts';

const PASSWORD = 'Banco-di-prova-2025';
const MB = 1024 * 1024;

async function writeFile(rows: number): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-')), 'clienti.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = wb.addWorksheet('Clienti');
  sheet.addRow(['Ragione sociale', 'Partita IVA', 'Città', 'Provincia', 'Agente', 'Email', 'Rivenditore']).commit();
  for (let i = 1; i <= rows; i++) {
    const prefix = `1${String(i).padStart(6, '0')}004`;
    sheet
      .addRow([
        `Cliente ${i} S.r.l.`,
        prefix + partitaIvaCheckDigit(prefix),
        ['Milano', 'Bergamo', 'Brescia', 'Verona'][i % 4],
        ['MI', 'BG', 'BS', 'VR'][i % 4],
        i % 10 === 0 ? 'AG01' : null,
        `cliente${i}@esempio.it`,
        i % 3 === 0 ? 'Sì' : 'No',
      ])
      .commit();
  }
  sheet.commit();
  await wb.commit();
  return file;
}

export async function benchImport(app: FastifyInstance, ctx: AppContext, options: { rows: number }) {
  await ctx.resource('Agent').repo.create({ name: 'Luca Verdi', code: 'AG01' });
  await ctx.resource('User').repo.create(
    {
      username: 'bench.import',
      email: 'bench.import@esempio.it',
      name: 'Bench',
      surname: 'Import',
      roles: ['ROLE_ADMIN'],
      active: 'true',
    },
    { passwordHash: await hashPassword(PASSWORD) },
  );
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench.import', password: PASSWORD }),
  });
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };

  let started = Date.now();
  const file = await writeFile(options.rows);
  const fileSeconds = (Date.now() - started) / 1000;
  const bytes = fs.readFileSync(file);

  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  const phases: Record<string, unknown>[] = [];
  type Job = {
    id: number;
    status: string;
    message: string | null;
    mapping: (string | null)[];
    counts: Record<string, number>;
  };
  const settle = async (id: number): Promise<Job> => {
    for (;;) {
      const res = await fetch(`${base}/api/imports/customer/${id}`, { headers: auth });
      const job = ((await res.json()) as { data: Job }).data;
      if (job.status !== 'analisi' && job.status !== 'importazione') return job;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  try {
    for (const round of ['first import', 'same file again']) {
      peakRss = 0;
      peakHeap = 0;
      started = Date.now();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), 'clienti.xlsx');
      const up = await fetch(`${base}/api/imports/customer`, { method: 'POST', headers: auth, body: form });
      if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
      const job = ((await up.json()) as { data: Job }).data;
      const uploaded = (Date.now() - started) / 1000;
      await fetch(`${base}/api/imports/customer/${job.id}/preview`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ mapping: job.mapping }),
      });
      const previewed = await settle(job.id);
      const preview = (Date.now() - started) / 1000 - uploaded;
      await fetch(`${base}/api/imports/customer/${job.id}/run`, { method: 'POST', headers: auth });
      const done = await settle(job.id);
      const total = (Date.now() - started) / 1000;
      phases.push({
        round,
        status: done.status,
        'upload s': Number(uploaded.toFixed(1)),
        'preview s': Number(preview.toFixed(1)),
        'import s': Number((total - uploaded - preview).toFixed(1)),
        'total s': Number(total.toFixed(1)),
        'rows/s (import)': Math.round(options.rows / (total - uploaded - preview)),
        created: done.counts.created,
        updated: done.counts.updated,
        unchanged: done.counts.unchanged,
        refused: done.counts.refused,
        'peak RSS MB': Math.round(peakRss / MB),
        'peak heap MB': Math.round(peakHeap / MB),
        ...(previewed.status !== 'pronto' || done.message ? { message: done.message ?? previewed.message } : {}),
      });
    }
  } finally {
    clearInterval(sampler);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  const count = await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM customer');
  return { fileSeconds, fileMB: Number((bytes.length / MB).toFixed(1)), phases, customers: Number(count.rows[0]?.n) };
}
