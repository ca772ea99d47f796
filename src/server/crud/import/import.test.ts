import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { partitaIvaCheckDigit } from '../../../domain/partitaIva.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };

const vat = (i: number) => {
  const prefix = `0${String(i).padStart(6, '0')}002`;
  return prefix + partitaIvaCheckDigit(prefix);
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  await t.ctx.resource('Agent').repo.create({ name: 'Luca Verdi', code: 'AG01' });
  await t.ctx.resource('Agent').repo.create({ name: 'Anna Neri', code: 'AG02' });
});
afterAll(() => t.close());

type Row = (string | number | boolean | Date | null)[];
const HEADER = [
  'Ragione sociale',
  'Partita IVA',
  'Codice fiscale',
  'Città',
  'Agente',
  'Email',
  'Data',
  'Rivenditore',
  'Colore preferito',
];

/** 1,000 customers, the 10 listed in BAD wrong in one way each. */
function customerRows(): { rows: Row[]; bad: Map<number, RegExp> } {
  const rows: Row[] = [];
  for (let i = 1; i <= 1000; i++)
    rows.push([
      `Cliente ${i} S.r.l.`,
      vat(i),
      null,
      i % 2 ? 'Milano' : 'Bergamo',
      i % 2 ? 'AG01' : 'anna neri',
      `cliente${i}@prova.it`,
      new Date(Date.UTC(2025, 8, 24)),
      i % 3 === 0 ? 'Si' : 'No',
      'blu',
    ]);
  const bad = new Map<number, RegExp>();
  const spoil = (i: number, column: number, value: Row[number], reason: RegExp) => {
    (rows[i - 1] as Row)[column] = value;
    bad.set(i + 1, reason); // the header is row 1
  };
  spoil(11, 1, `${vat(11).slice(0, 10)}${(Number(vat(11).slice(10)) + 1) % 10}`, /partita IVA/i);
  spoil(22, 0, null, /ragione sociale/i);
  spoil(33, 4, 'Agente sconosciuto', /Agente.*non trova «Agente sconosciuto»/);
  spoil(44, 5, 'non-una-mail', /email/i);
  spoil(55, 6, '31/02/2025', /data/i);
  spoil(66, 1, vat(65), /La riga 66 del file ha già/);
  spoil(77, 1, null, /partita IVA/i);
  spoil(88, 1, 'ABC123', /partita IVA/i);
  spoil(99, 2, 'XYZ', /codice fiscale/i);
  spoil(110, 7, 'forse', /rivenditore/i);
  return { rows, bad };
}

async function workbook(rows: Row[], header = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Clienti');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function multipart(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function upload(bytes: Buffer, name = 'clienti.xlsx', headers = admin, resource = 'customer') {
  const body = await multipart(bytes, name);
  return t.app.inject({
    method: 'POST',
    url: `/api/imports/${resource}`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

interface Job {
  id: number;
  status: string;
  message: string | null;
  mapping: (string | null)[];
  columns: string[];
  counts: { created: number; updated: number; unchanged: number; refused: number };
  problemRows: number;
  problems: { row: number; problems: { message: string }[] }[];
  totalRows: number | null;
}

async function settled(id: number, resource = 'customer'): Promise<Job> {
  let job: Job | undefined;
  await vi.waitFor(
    async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/imports/${resource}/${id}`, headers: admin });
      job = res.json<{ data: Job }>().data;
      if (job.status === 'analisi' || job.status === 'importazione') throw new Error(`still ${job.status}`);
    },
    { timeout: 120_000, interval: 50 },
  );
  return job as Job;
}

/** Upload, preview with the proposed mapping, import: the job at each step. */
async function importFile(bytes: Buffer) {
  const up = await upload(bytes);
  expect(up.statusCode).toBe(201);
  const uploaded = up.json<{ data: Job }>().data;
  const preview = await t.app.inject({
    method: 'POST',
    url: `/api/imports/customer/${uploaded.id}/preview`,
    headers: admin,
    payload: { mapping: uploaded.mapping },
  });
  expect(preview.statusCode).toBe(202);
  const previewed = await settled(uploaded.id);
  expect(previewed.status).toBe('pronto');
  const run = await t.app.inject({ method: 'POST', url: `/api/imports/customer/${uploaded.id}/run`, headers: admin });
  expect(run.statusCode).toBe(202);
  const done = await settled(uploaded.id);
  return { uploaded, previewed, done };
}

async function errorRows(id: number): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/imports/customer/${id}/errors`, headers: admin });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Clienti_errori_\d{8}_\d{4}\.xlsx"$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

const customerCount = async () =>
  Number((await t.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM customer')).rows[0]?.n);

describe('import of customers from an Excel file', () => {
  it('imports 990 of 1,000 rows, returns the 10 bad ones with their reasons, and a second import changes nothing', async () => {
    const { rows, bad } = customerRows();
    const file = await workbook(rows);
    const { uploaded, previewed, done } = await importFile(file);

    expect(uploaded.mapping).toEqual([
      'companyName',
      'vatNumber',
      'taxCode',
      'city',
      'agentId',
      'email',
      'date',
      'reseller',
      null,
    ]);
    expect(previewed.counts).toEqual({ created: 990, updated: 0, unchanged: 0, refused: 10 });
    expect(done).toMatchObject({ status: 'completato', message: null, totalRows: 1000 });
    expect(done.counts).toEqual({ created: 990, updated: 0, unchanged: 0, refused: 10 });
    expect(await customerCount()).toBe(990);
    expect(done.problems.map((p) => p.row)).toEqual([...bad.keys()]);
    for (const p of done.problems)
      expect(p.problems.map((x) => x.message).join(' | ')).toMatch(bad.get(p.row) as RegExp);

    const stored = (
      await t.ctx.db.query<Record<string, unknown>>(
        `SELECT c."companyName", c.city, c.reseller, c.date, a.code FROM customer c JOIN agent a ON a.id = c."agentId"
         WHERE c."vatNumber" = $1`,
        [vat(2)],
      )
    ).rows;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      companyName: 'Cliente 2 S.r.l.',
      city: 'Bergamo',
      code: 'AG02',
      reseller: false,
    });

    const errors = await errorRows(uploaded.id);
    expect(errors[0]).toEqual(['Riga', ...HEADER, 'Problemi']);
    expect(errors).toHaveLength(11);
    expect(errors.slice(1).map((r) => r[0])).toEqual([...bad.keys()]);
    for (const r of errors.slice(1)) expect(String(r.at(-1))).toMatch(bad.get(Number(r[0])) as RegExp);

    const again = await importFile(file);
    expect(again.done.counts).toEqual({ created: 0, updated: 0, unchanged: 990, refused: 10 });
    expect(await customerCount()).toBe(990);
  }, 300_000);

  it('updates by the key: a changed cell changes its record, an empty cell keeps the stored value', async () => {
    const file = await workbook([
      ['Cliente 3 S.r.l. (nuova sede)', vat(3), null, null, null, null, null, null, null],
      ['Nuovo Cliente S.p.A.', vat(5000), null, 'Como', 'Luca Verdi', null, '24-09-2025', 'No', null],
    ]);
    const before = await customerCount();
    const { done } = await importFile(file);
    expect(done.counts).toEqual({ created: 1, updated: 1, unchanged: 0, refused: 0 });
    expect(await customerCount()).toBe(before + 1);
    const { rows } = await t.ctx.db.query<{ companyName: string; city: string }>(
      `SELECT "companyName", city FROM customer WHERE "vatNumber" = $1`,
      [vat(3)],
    );
    expect(rows).toEqual([{ companyName: 'Cliente 3 S.r.l. (nuova sede)', city: 'Milano' }]);
  }, 120_000);
});

describe('import refusals', () => {
  it('refuses users who may not save the resource, resources without an import, and unknown ones', async () => {
    const file = await workbook([['A S.r.l.', vat(7000), null, null, null, null, null, null, null]]);
    const contactCentre = await t.as(['ROLE_CONTACT_CENTER']);
    expect((await upload(file, 'a.xlsx', contactCentre)).statusCode).toBe(403);
    expect((await upload(file, 'a.xlsx', admin, 'offer')).statusCode).toBe(404);
    expect((await upload(file, 'a.xlsx', admin, 'nessuna')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/imports/customer' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('checks the file by its content: a picture, an old .xls, a PDF named .csv and an empty file are 400', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    for (const [bytes, name, reason] of [
      [png, 'clienti.xlsx', /Tipo di file non ammesso/],
      [xls, 'clienti.xls', /Excel 97-2003/],
      [pdf, 'clienti.csv', /Tipo di file non ammesso/],
      [Buffer.from('Ragione sociale;Partita IVA\n'), 'vuoto.csv', /non ha righe/],
    ] as const) {
      const res = await upload(bytes, name);
      expect(res.statusCode, name).toBe(400);
      expect(JSON.stringify(res.json()), name).toMatch(reason);
    }
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/imports/customer',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('refuses a file larger than the upload limit with 413, and stores nothing', async () => {
    const small = await testApp({ maxUploadBytes: 2048 });
    try {
      const headers = await small.as(['ROLE_SUPER_ADMIN']);
      const body = await multipart(
        Buffer.from(`Ragione sociale;Partita IVA\n${'A S.r.l.;123\n'.repeat(400)}`),
        'a.csv',
      );
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/imports/customer',
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(413);
      const { rows } = await small.ctx.db.query('SELECT id FROM "importJob"');
      expect(rows).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('reads a CSV file (semicolons, Windows-1252), and refuses a mapping without the key, another user’s job, and running before the preview', async () => {
    const csv = Buffer.from(`Ragione sociale;Partita IVA;Città\r\nCaffè Rossi S.n.c.;${vat(8000)};Forlì\r\n`, 'latin1');
    const up = await upload(csv, 'clienti.csv');
    expect(up.statusCode).toBe(201);
    const job = up.json<{ data: Job & { sample: string[][] } }>().data;
    expect(job.columns).toEqual(['Ragione sociale', 'Partita IVA', 'Città']);
    expect(job.sample[0]).toEqual(['Caffè Rossi S.n.c.', vat(8000), 'Forlì']);

    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/imports/customer/${job.id}/preview`,
      headers: admin,
      payload: { mapping: ['companyName', null, 'city'] },
    });
    expect(noKey.statusCode).toBe(400);
    expect(JSON.stringify(noKey.json())).toMatch(/Partita IVA/);
    const shortMapping = await t.app.inject({
      method: 'POST',
      url: `/api/imports/customer/${job.id}/preview`,
      headers: admin,
      payload: { mapping: ['companyName'] },
    });
    expect(shortMapping.statusCode).toBe(400);
    const notImportable = await t.app.inject({
      method: 'POST',
      url: `/api/imports/customer/${job.id}/preview`,
      headers: admin,
      payload: { mapping: ['companyName', 'vatNumber', 'id'] },
    });
    expect(notImportable.statusCode).toBe(400);

    const early = await t.app.inject({ method: 'POST', url: `/api/imports/customer/${job.id}/run`, headers: admin });
    expect(early.statusCode).toBe(409);

    const other = await t.as(['ROLE_ADMIN'], 'altro_admin');
    for (const [method, url] of [
      ['GET', `/api/imports/customer/${job.id}`],
      ['POST', `/api/imports/customer/${job.id}/run`],
      ['GET', `/api/imports/customer/${job.id}/errors`],
    ] as const)
      expect((await t.app.inject({ method, url, headers: other })).statusCode, url).toBe(404);

    await t.app.inject({
      method: 'POST',
      url: `/api/imports/customer/${job.id}/preview`,
      headers: admin,
      payload: { mapping: job.mapping },
    });
    expect((await settled(job.id)).counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 0 });
    const previewed = await t.ctx.db.query(`SELECT id FROM customer WHERE "vatNumber" = $1`, [vat(8000)]);
    expect(previewed.rows).toEqual([]); // a preview writes nothing
    await t.app.inject({ method: 'POST', url: `/api/imports/customer/${job.id}/run`, headers: admin });
    expect((await settled(job.id)).status).toBe('completato');
    const { rows } = await t.ctx.db.query(`SELECT "companyName", city FROM customer WHERE "vatNumber" = $1`, [
      vat(8000),
    ]);
    expect(rows).toEqual([{ companyName: 'Caffè Rossi S.n.c.', city: 'Forlì' }]);
  });
});
