import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitaIvaCheckDigit } from '../../domain/partitaIva.ts';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';

// Ten of the export's batches.
const ROWS = 10_000;
let t: TestApp;
let admin: { authorization: string };
const logLines: string[] = [];
/** Customer rows the database has handed to the server so far. */
let customerRowsRead = 0;

beforeAll(async () => {
  t = await testApp({ log: { level: 'info', stream: { write: (line: string) => logLines.push(line) } } });
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  const vat = Array.from({ length: ROWS }, (_, i) => {
    const first10 = String(i + 1).padStart(10, '0');
    return first10 + partitaIvaCheckDigit(first10);
  });
  await t.ctx.db.query(
    `INSERT INTO "customer" (code, "companyName", "vatNumber", city, reseller)
     SELECT 'C' || lpad(i::text, 7, '0'), 'Cliente ' || i || ' S.r.l.', ($2::text[])[i], 'Milano', i % 2 = 0
     FROM generate_series(1, $1::int) AS i`,
    [ROWS, vat],
  );
  const db = t.ctx.db;
  const query = db.query.bind(db);
  db.query = (async (sql: string, params?: unknown[]) => {
    const result = await query(sql, params);
    if (/^SELECT .* FROM "customer"/s.test(sql)) customerRowsRead += result.rows.length;
    return result;
  }) as typeof db.query;
});
afterAll(() => t.close());

/** The export as the browser gets it, read only as far as the test reads it. */
async function openExport(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: admin, payloadAsStream: true });
  return { res, body: res.stream() };
}

describe('the Excel export streams', () => {
  it('sends its first bytes before the last rows are read, and the whole list by the end', async () => {
    customerRowsRead = 0;
    const { res, body } = await openExport('/api/export/customer?sortBy=code');
    expect(res.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of body) {
      if (chunks.length === 0) expect(customerRowsRead).toBeLessThan(ROWS);
      chunks.push(chunk as Buffer);
    }
    expect(customerRowsRead).toBeGreaterThanOrEqual(ROWS);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(ROWS + 1);
    expect(sheet?.getRow(ROWS + 1).getCell(1).value).toBe(`C${String(ROWS).padStart(7, '0')}`);
  });

  it('reads no further when the client goes away mid-file, logs no error and frees the user’s export place', async () => {
    customerRowsRead = 0;
    logLines.length = 0;
    const { res, body } = await openExport('/api/export/customer');
    await new Promise((resolve) => body.once('readable', resolve));
    // The connection drops, as when the browser tab is closed during the download.
    res.raw.res.destroy();
    // One export at a time per user: the next one starts only once the abandoned one has let go of its place
    // (it would get 429 after waiting 5 s otherwise).
    const next = await t.app.inject({
      method: 'GET',
      url: '/api/export/customer?filters[code]=C0000001',
      headers: admin,
    });
    expect(next.statusCode).toBe(200);
    expect(customerRowsRead).toBeLessThan(ROWS);
    const levels = logLines.map((line) => (JSON.parse(line) as { level: number; msg?: string }).level);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
    expect(logLines.join('\n')).not.toMatch(/"statusCode":5\d\d/);
  });
});
