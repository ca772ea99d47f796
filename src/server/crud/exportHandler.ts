import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { isAllowed } from '../../domain/accessRules.ts';
import { ROME, toInstant } from '../../domain/calendar/index.ts';
import { displayFormats, NO, YES } from '../../domain/displayFormats.ts';
import type { ColumnDefinition, FieldKind, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { HandlerMap } from '../http/handler.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import { pageOfAnswer } from '../../domain/listAnswer.ts';
import type { ListPage, Row } from './crudRepository.ts';
import { quote } from './entityModel.ts';
import { KEYSET, type Keyset } from './listQuery.ts';
import { takesFields } from './sparseRows.ts';
import type { CrudContext } from './resource.ts';

const BATCH = 1000;
/** Rome wall time of an instant, YYYY-MM-DDTHH:mm:ss (whatever the server's own time zone). */
const romeWallTime = (at: Date | string) =>
  toInstant(at).toZonedDateTimeISO(ROME).toPlainDateTime().toString({ smallestUnit: 'second' });
/** The file name's date and time, in Rome: YYYYMMDD_HHmm. */
export const exportStamp = (now: Date) =>
  romeWallTime(now).slice(0, 16).replace(/-/g, '').replace('T', '_').replace(':', '');

type Names = Map<string, Map<number, string>>;
const MAX_NAMES = 100_000;

/** Names instead of ids for one batch: only the referenced records it needs, each read once per export. */
async function resolveNames(ctx: CrudContext, columns: ColumnDefinition[], rows: Row[], names: Names): Promise<void> {
  for (const c of columns) {
    const target = c.reference ? ctx.resourceNamed(c.reference) : undefined;
    if (!c.reference || !target) continue;
    let known = names.get(c.reference);
    if (!known || known.size > MAX_NAMES) names.set(c.reference, (known = new Map()));
    const ids = new Set<number>();
    for (const row of rows) {
      const v = row[c.accessorKey];
      for (const id of Array.isArray(v) ? v : [v]) if (typeof id === 'number' && !known.has(id)) ids.add(id);
    }
    if (ids.size === 0) continue;
    const { rows: found } = await ctx.db.query<{ id: number; label: unknown }>(
      `SELECT id, ${quote(target.definition.displayField)} AS label FROM ${quote(target.model.table)} WHERE id = ANY($1::int[])`,
      [[...ids]],
    );
    for (const r of found) known.set(r.id, String(r.label ?? r.id));
  }
}

interface ExcelColumn {
  /** The value as the sheet holds it: numbers stay numbers and dates dates, so the sheet can sum and sort. */
  value(v: unknown, c: ColumnDefinition, names: Names): ExcelJS.CellValue;
  /** Excel's number format, Italian-looking in an Italian Excel (the separators follow the user's locale). */
  numFmt?: string;
  /** What a cell with no value holds (none: empty). */
  blank?: ExcelJS.CellValue;
}

const asNumber = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const plain: ExcelColumn = { value: (v) => v as ExcelJS.CellValue };
const label: ExcelColumn = { value: (v, c) => c.options?.find((o) => o.value === v)?.label ?? String(v) };
const json: ExcelColumn = { value: (v) => JSON.stringify(v) };
const number = (numFmt: string): ExcelColumn => ({ value: asNumber, numFmt });

/** One rule per field kind (exhaustive: a new kind does not compile until the export says how it is written). */
export const EXCEL_COLUMNS: Record<FieldKind, ExcelColumn> = {
  text: plain,
  longText: plain,
  email: plain,
  url: plain,
  partitaIva: plain,
  codiceFiscale: plain,
  time: plain,
  color: plain,
  colorChip: plain,
  image: plain,
  phone: { value: (v) => displayFormats.phone(v) },
  integer: number('#,##0'),
  number: number('#,##0.00##'),
  quantity: number('#,##0.####'),
  money: number('#,##0.00 "€"'),
  // Stored as percent points (8.5), written as the fraction Excel's percent format expects (0.085).
  percentage: { value: (v) => asNumber(v) / 100, numFmt: '0.00%' },
  // Seconds as a time span.
  duration: { value: (v) => asNumber(v) / 86400, numFmt: '[h]:mm:ss' },
  fileSize: number('#,##0 "byte"'),
  // A flag never set is a flag not set: "No", as the list shows it (a maybe-unknown flag is a triState).
  boolean: { value: (v) => (v ? YES : NO), blank: NO },
  siNo: label,
  triState: label,
  enum: label,
  date: { value: (v) => (typeof v === 'string' ? new Date(`${v}T00:00:00Z`) : null), numFmt: 'dd-mm-yyyy' },
  // A stored instant shown at its Rome wall time (Excel has no time zones).
  dateTime: {
    value: (v) => (typeof v === 'string' ? new Date(`${romeWallTime(v)}Z`) : null),
    numFmt: 'dd-mm-yyyy hh:mm',
  },
  reference: {
    value: (v, c, names) => (c.reference ? names.get(c.reference)?.get(Number(v)) : undefined) ?? Number(v),
  },
  references: {
    value: (v, c, names) => {
      const refs = c.reference ? names.get(c.reference) : undefined;
      return Array.isArray(v) ? v.map((id) => refs?.get(Number(id)) ?? id).join(', ') : null;
    },
  },
  list: json,
  object: json,
};

export function excelCell(c: ColumnDefinition, v: unknown, names: Names): ExcelJS.CellValue {
  return v === null || v === undefined
    ? (EXCEL_COLUMNS[c.kind].blank ?? null)
    : EXCEL_COLUMNS[c.kind].value(v, c, names);
}

/** One batch of the list after the cursor, and where the next one starts (none: the list is done). */
type BatchOf = (after: Keyset) => Promise<ListPage>;

// Excel's sheet holds 1,048,576 rows: the header, the data, and the line saying the list was cut.
const SHEET_ROWS = 1_048_576;
const CUT_NOTICE =
  'Elenco interrotto: un foglio Excel contiene al massimo 1.048.576 righe. Restringere i filtri per esportare il resto.';

/** A search exports its first matches only (x-search-max-matches), as its list shows them. */
const searchCutNotice = (maxMatches: number) =>
  `Elenco interrotto: una ricerca considera al massimo ${displayFormats.integer(maxMatches)} corrispondenze. Restringere la ricerca per esportare il resto.`;

type StyledRow = ExcelJS.Row & { style: Partial<ExcelJS.Style> };

/** The entry of archiver's zip (a readable-stream 2 PassThrough) that exceljs writes a sheet into. */
interface ZipEntry extends EventEmitter {
  _writableState: { needDrain: boolean };
}

/**
 * exceljs hands the sheet's bytes to its zip entry at once, however much that entry already holds while the
 * zip compresses (it never looks at what write returns): the entry's own state, not the reply's, says when the
 * next batch may be read. Both are internals of exceljs and archiver, checked here so that an upgrade that
 * changes them fails every export (and the tests) rather than silently buffering the whole file.
 */
function zipEntryOf(sheet: ExcelJS.Worksheet): ZipEntry {
  const entry = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  if (!(entry instanceof EventEmitter) || typeof (entry as Partial<ZipEntry>)._writableState?.needDrain !== 'boolean')
    throw new Error(
      'exceljs no longer writes a sheet through a zip entry stream: the export has lost its back-pressure',
    );
  return entry as ZipEntry;
}

/** Until the entry has passed on what it holds, or the reply is gone. */
const drained = (entry: ZipEntry, out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      entry.off('drain', done);
      out.off('close', done);
      resolve();
    };
    entry.once('drain', done);
    out.once('close', done);
  });

async function writeWorkbook(definition: ResourceDefinition, ctx: CrudContext, batchOf: BatchOf, out: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(definition.label.slice(0, 31));
  sheet.columns = definition.columns.map((c) => ({
    header: c.header,
    key: c.accessorKey,
    width: Math.max(12, c.header.length + 4),
    ...(EXCEL_COLUMNS[c.kind].numFmt ? { style: { numFmt: EXCEL_COLUMNS[c.kind].numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const entry = zipEntryOf(sheet);
  const { columns } = definition;
  // exceljs gives every row and cell a style object of its own and, not finding it among those it has seen,
  // renders it to XML to look its id up: most of an export's garbage. The rows, and the cells of a column and
  // value type, share the first one's object instead, whose id exceljs then remembers (the same file).
  const shared = columns.map(() => new Map<ExcelJS.ValueType, Partial<ExcelJS.Style>>());
  let rowStyle: Partial<ExcelJS.Style> | undefined;
  const shareStyle = (c: ExcelJS.Cell, col: number) => {
    const styles = shared[col - 1];
    const style = styles?.get(c.type);
    if (style) c.style = style;
    else styles?.set(c.type, c.style);
  };
  const names: Names = new Map();
  let written = 0;
  // Batch after batch from a cursor, never OFFSET; the next is read only once the zip, and so the client, has
  // taken the last: memory stays the same whatever the list's size and however slow the client.
  let cursor: Keyset | undefined = { row: null, nullsPhase: false };
  while (cursor && !out.destroyed) {
    const batch: ListPage = await batchOf(cursor);
    await resolveNames(ctx, definition.columns, batch.data, names);
    for (const row of batch.data) {
      if (written === SHEET_ROWS - 2) {
        sheet.addRow([CUT_NOTICE]).commit();
        cursor = undefined;
        break;
      }
      // exceljs types leave out the row's style object that its font and numFmt setters write into.
      const added = sheet.addRow(columns.map((c) => excelCell(c, row[c.accessorKey], names))) as StyledRow;
      rowStyle ??= added.style;
      added.style = rowStyle;
      added.eachCell({ includeEmpty: true }, shareStyle);
      added.commit();
      written++;
    }
    if (cursor) cursor = batch[KEYSET];
    if (batch.totalRowsCapped) sheet.addRow([searchCutNotice(batch.totalRows)]).commit();
    if (entry._writableState.needDrain) await drained(entry, out);
  }
  // A client gone mid-file: nothing more is read or written (the zip would wait for it forever).
  if (out.destroyed) return;
  sheet.commit();
  await Promise.race([workbook.commit(), new Promise((resolve) => out.once('close', resolve))]);
}

/** The Excel export of any list: the list call itself, read in batches, written as it is read. */
export const exportHandlers: HandlerMap<CrudContext> = {
  exportResource: async (req, ctx) => {
    const definition = ctx.definitions.get(req.params.resource);
    const list = definition?.api.list;
    const op = list && ctx.contract.operations.find((o) => o.operationId === list.operationId);
    const run = op && ctx.handler(op.operationId);
    if (!definition || !op || !run || !req.user) throw new HttpError(404, MESSAGES.notFound);
    // The list's own roles: reading a resource as a lookup never exports it.
    if (!isAllowed(ctx.exportAccess(op), req.user.roles)) throw new HttpError(403, MESSAGES.forbidden);
    if (req.query.q !== undefined && !op.parameters.some((p) => p.in === 'query' && p.name === 'q'))
      throw new HttpError(400, MESSAGES.invalid, [{ field: 'q', message: 'Questo elenco non ha una ricerca' }]);
    const release = await ctx.exportGates.acquire(req.user.id);
    try {
      // The list call itself, batch by batch: the file holds exactly what the screen lists. A list that reads
      // only the fields it is asked for (`fields`) reads the sheet's columns alone.
      const fields = takesFields(op) ? { fields: definition.columns.map((c) => c.accessorKey).join(',') } : {};
      const batchOf: BatchOf = async (after) =>
        pageOfAnswer<ListPage>(
          (await run({
            ...req,
            op,
            query: { ...req.query, ...fields, page: 1, rowsPerPage: BATCH, [KEYSET]: after },
          })) as ListPage,
        );
      // Bad filters or sort fail here, before any byte of the file is sent.
      await run({ ...req, op, query: { ...req.query, page: 1, rowsPerPage: 1 } });
      const out = new PassThrough();
      const filename = `${definition.label.replace(/[^\p{L}\p{N}]+/gu, '_')}_${exportStamp(new Date())}.xlsx`;
      req.reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${filename}"`);
      writeWorkbook(definition, ctx, batchOf, out)
        .catch((err: unknown) => {
          req.raw.log.error({ err, resource: definition.name }, 'export failed');
          out.destroy(err as Error);
        })
        .finally(release);
      return req.reply.send(out);
    } catch (err) {
      release();
      throw err;
    }
  },
};
