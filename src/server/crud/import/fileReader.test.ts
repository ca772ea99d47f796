import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { detectFileKind, readRows } from './fileReader.ts';

/** A workbook as a streaming writer makes it: its sheet first, past where file-type looks. */
async function streamedWorkbook(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = wb.addWorksheet('Clienti');
  sheet.addRow(['Ragione sociale', 'Partita IVA']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow([`Cliente ${i} S.r.l.`, String(10_000_000_000 + i)]).commit();
  sheet.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

describe('detectFileKind', () => {
  it('recognises a large workbook written as a stream, and reads its rows one at a time', async () => {
    const bytes = await streamedWorkbook(100_000);
    expect(bytes.length).toBeGreaterThan(1_000_000);
    expect(await detectFileKind(bytes)).toEqual({ format: 'xlsx' });
    let count = 0;
    let last: unknown[] = [];
    for await (const row of readRows(Readable.from([bytes]), { format: 'xlsx' })) {
      count++;
      last = row.cells;
    }
    expect(count).toBe(100_001);
    expect(last).toEqual(['Cliente 99999 S.r.l.', '10000099999']);
  }, 60_000);

  it('refuses a zip that is not a workbook', async () => {
    // An empty zip: only its end-of-directory record.
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    await expect(detectFileKind(zip)).rejects.toMatchObject({ statusCode: 400 });
  });
});
