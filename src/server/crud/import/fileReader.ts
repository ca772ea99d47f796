import { isUtf8 } from 'node:buffer';
import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import type { Cell } from '../../../domain/import/cellValue.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';

export type FileFormat = 'xlsx' | 'csv';
export type TextEncoding = 'utf-8' | 'windows-1252';

/** What an uploaded file is, told by its content; for a CSV file, its encoding and separator. */
export interface FileKind {
  format: FileFormat;
  encoding?: TextEncoding;
  delimiter?: string;
}

/** One row of a file: its number in the file (the header is row 1 when it opens the file) and its cells. */
export interface FileRow {
  number: number;
  cells: Cell[];
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const READ_MESSAGES = {
  type: 'Tipo di file non ammesso: sono accettati file Excel (.xlsx) e CSV',
  oldExcel: 'Il formato Excel 97-2003 (.xls) non è accettato: salvare il file come .xlsx (Cartella di lavoro di Excel)',
  missing: 'Selezionare il file da importare',
  empty: 'Il file non ha righe da importare',
  unreadable: 'Il file non si riesce a leggere: è danneggiato o non è un file Excel (.xlsx) o CSV',
} as const;

const refused = (message: string) => new HttpError(400, MESSAGES.invalid, [{ field: 'file', message }]);

/** The separator of a CSV file: the one its first line uses most, outside quotes (semicolon on a tie). */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, 65_536).split(/\r?\n/, 1)[0] ?? '';
  const counts = new Map([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] === ';' ? -1 : 1));
  return best && best[1] > 0 ? best[0] : ';';
}

/** A zip whose central directory (its last 64 KiB and the names in it) lists a workbook's parts. */
function isWorkbookZip(bytes: Buffer): boolean {
  const directoryStart = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (directoryStart < 0) return false;
  const offset = bytes.readUInt32LE(directoryStart + 16);
  const directory = bytes.subarray(Math.min(offset, directoryStart), directoryStart);
  return directory.includes('[Content_Types].xml') && directory.includes('xl/workbook.xml');
}

/**
 * What a file is, by its content and never its name: an Excel workbook (.xlsx), or text, which is read as
 * CSV (UTF-8 with or without BOM, else Windows-1252 as Excel saves "CSV" on an Italian Windows). A
 * picture, a PDF, an old .xls or any other binary file is refused with a 400 saying what is accepted.
 */
export async function detectFileKind(bytes: Buffer): Promise<FileKind> {
  if (bytes.length === 0) throw refused(READ_MESSAGES.missing);
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === XLSX) return { format: 'xlsx' };
  // A workbook written as a stream starts with its sheet, where file-type does not look: its zip's directory,
  // at the end, names the parts of a workbook (what it holds is then read by exceljs, or refused as unreadable).
  if (type?.mime === 'application/zip' && isWorkbookZip(bytes)) return { format: 'xlsx' };
  if (type?.mime === 'application/x-cfb') throw refused(READ_MESSAGES.oldExcel);
  if (type || bytes.includes(0)) throw refused(READ_MESSAGES.type);
  const sample = bytes.subarray(0, 262_144);
  // A sample may end in the middle of a character: up to three bytes less must then be UTF-8.
  const utf8 = [0, 1, 2, 3].some(
    (cut) => (cut === 0 || sample.length < bytes.length) && isUtf8(sample.subarray(0, sample.length - cut)),
  );
  const encoding: TextEncoding = utf8 ? 'utf-8' : 'windows-1252';
  const text = new TextDecoder(encoding).decode(sample);
  // Text that is mostly control characters is no table.
  const controls =
    text
      .slice(0, 4096)
      .replace(/[\t\r\n]/g, '')
      .match(/\p{Cc}/gu)?.length ?? 0;
  if (controls > 8) throw refused(READ_MESSAGES.type);
  return { format: 'csv', encoding, delimiter: delimiterOf(text.replace(/^\uFEFF/, '')) };
}

/** A cell as exceljs hands it: rich text, formulas (their result), hyperlinks (their text), errors. */
function excelCell(cell: ExcelJS.Cell | undefined): Cell {
  const v = cell?.value;
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') {
    // What the sheet shows: a percentage format shows the fraction as percent points.
    const format = cell?.numFmt ?? '';
    if (format.includes('%')) return `${String(Math.round(v * 1e10) / 1e8).replace('.', ',')}%`;
    return v;
  }
  if (typeof v === 'string' || typeof v === 'boolean' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('result' in v) {
    const r = v.result;
    return r === undefined || (typeof r === 'object' && !(r instanceof Date)) ? null : r;
  }
  if ('text' in v && typeof v.text === 'string') return v.text;
  return null;
}

async function* xlsxRows(input: Readable): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  // The first sheet only: a workbook's other sheets are notes, lookups, pivot tables.
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const cells: Cell[] = [];
      for (let i = 1; i <= row.cellCount; i++) cells.push(excelCell(row.getCell(i)));
      yield { number: row.number, cells };
    }
    break;
  }
}

/** Windows-1252 bytes as text, chunk by chunk. */
function decoder(encoding: TextEncoding): Transform {
  const text = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, text.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, text.decode());
    },
  });
}

async function* csvRows(input: Readable, kind: FileKind): AsyncGenerator<FileRow> {
  const source = kind.encoding === 'windows-1252' ? input.pipe(decoder('windows-1252')) : input;
  const parser = source.pipe(
    parse({
      delimiter: kind.delimiter ?? ';',
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (record.every((c) => c.trim() === '')) continue;
    yield { number: info.lines, cells: record.map((c) => (c.trim() === '' ? null : c)) };
  }
}

/**
 * The rows of a file, one at a time as they are read (a workbook's first sheet or a CSV file): memory stays
 * the same whatever the number of rows (exceljs keeps the workbook's shared strings). A file that cannot be
 * read is a 400.
 */
export async function* readRows(input: Readable, kind: FileKind): AsyncGenerator<FileRow> {
  try {
    yield* kind.format === 'xlsx' ? xlsxRows(input) : csvRows(input, kind);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw refused(READ_MESSAGES.unreadable);
  } finally {
    input.destroy();
  }
}
