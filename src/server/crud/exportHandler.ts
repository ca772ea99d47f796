import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { isAllowed } from '../../domain/accessRules.ts';
import { ROME, toInstant } from '../../domain/calendar/index.ts';
import { displayFormats } from '../../domain/displayFormats.ts';
import type { ColumnDefinition, FieldKind, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { AppContext, Handler } from '../context.ts';
import { HttpError, MESSAGES } from '../httpError.ts';
import type { Row } from './crudRepository.ts';

const BATCH = 1000;
/** Rome wall time of an instant, YYYY-MM-DDTHH:mm:ss (whatever the server's own time zone). */
const romeWallTime = (at: Date | string) =>
  toInstant(at).toZonedDateTimeISO(ROME).toPlainDateTime().toString({ smallestUnit: 'second' });
/** The file name's date and time, in Rome: YYYYMMDD_HHmm. */
export const exportStamp = (now: Date) =>
  romeWallTime(now).slice(0, 16).replace(/-/g, '').replace('T', '_').replace(':', '');

/** Names instead of ids: every referenced resource read once. */
async function lookups(ctx: AppContext, columns: ColumnDefinition[]): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  for (const name of new Set(columns.map((c) => c.reference).filter((r): r is string => !!r))) {
    const target = ctx.resourceNamed(name);
    if (!target) continue;
    const { data } = await target.repo.list({ filters: {}, page: 0, rowsPerPage: 0 });
    out.set(name, new Map(data.map((r) => [Number(r.id), String(r[target.definition.displayField] ?? r.id)])));
  }
  return out;
}

type Lookups = Map<string, Map<number, string>>;
interface ExcelColumn {
  /** The value as the sheet holds it: numbers stay numbers and dates dates, so the sheet can sum and sort. */
  value(v: unknown, c: ColumnDefinition, names: Lookups): ExcelJS.CellValue;
  /** Excel's number format, Italian-looking in an Italian Excel (the separators follow the user's locale). */
  numFmt?: string;
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
  boolean: { value: (v) => (v ? 'Si' : 'No') },
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

function cell(c: ColumnDefinition, v: unknown, names: Lookups): ExcelJS.CellValue {
  return v === null || v === undefined ? null : EXCEL_COLUMNS[c.kind].value(v, c, names);
}

type PageOf = (page: number, rowsPerPage: number) => Promise<{ data: Row[] }>;

async function writeWorkbook(definition: ResourceDefinition, ctx: AppContext, pageOf: PageOf, out: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(definition.label.slice(0, 31));
  sheet.columns = definition.columns.map((c) => ({
    header: c.header,
    key: c.accessorKey,
    width: Math.max(12, c.header.length + 4),
    ...(EXCEL_COLUMNS[c.kind].numFmt ? { style: { numFmt: EXCEL_COLUMNS[c.kind].numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const names = await lookups(ctx, definition.columns);
  // Page by page, so a list of any size streams out without being held in memory.
  for (let page = 1; ; page++) {
    const { data } = await pageOf(page, BATCH);
    for (const row of data)
      sheet
        .addRow(Object.fromEntries(definition.columns.map((c) => [c.accessorKey, cell(c, row[c.accessorKey], names)])))
        .commit();
    if (data.length < BATCH) break;
  }
  sheet.commit();
  await workbook.commit();
}

export const exportHandlers: Record<string, Handler> = {
  exportResource: async (req, ctx) => {
    const definition = ctx.definitions.get(String(req.params.resource));
    const list = definition?.api.list;
    const op = list && ctx.contract.operations.find((o) => o.operationId === list.operationId);
    const run = op && ctx.handler(op.operationId);
    if (!definition || !op || !run) throw new HttpError(404, MESSAGES.notFound);
    if (!isAllowed(ctx.access(op), req.user?.roles ?? null)) throw new HttpError(403, MESSAGES.forbidden);
    // The list call itself, page by page: the file holds exactly what the screen lists.
    const pageOf: PageOf = (page, rowsPerPage) =>
      run({ ...req, op, query: { ...req.query, page, rowsPerPage } }, ctx) as Promise<{ data: Row[] }>;
    // Bad filters or sort fail here, before any byte of the file is sent.
    await pageOf(1, 1);
    const out = new PassThrough();
    const filename = `${definition.label.replace(/[^\p{L}\p{N}]+/gu, '_')}_${exportStamp(new Date())}.xlsx`;
    req.reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${filename}"`);
    writeWorkbook(definition, ctx, pageOf, out).catch((err: unknown) => out.destroy(err as Error));
    return req.reply.send(out);
  },
};
