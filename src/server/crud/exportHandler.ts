import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { isAllowed } from '../../domain/accessRules.ts';
import type { ColumnDefinition, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { AppContext, Handler } from '../context.ts';
import { HttpError, MESSAGES } from '../httpError.ts';
import type { Row } from './crudRepository.ts';

const BATCH = 1000;
const stamp = (d: Date) =>
  `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}_${String(d.getHours()).padStart(2, '0')}${String(d.getMinutes()).padStart(2, '0')}`;

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

function cell(c: ColumnDefinition, v: unknown, names: Map<string, Map<number, string>>): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  const refs = c.reference ? names.get(c.reference) : undefined;
  switch (c.kind) {
    case 'reference':
      return refs?.get(Number(v)) ?? Number(v);
    case 'references':
      return Array.isArray(v) ? v.map((id) => refs?.get(Number(id)) ?? id).join(', ') : null;
    case 'boolean':
      return v ? 'Si' : 'No';
    case 'siNo':
    case 'triState':
    case 'enum':
      return c.options?.find((o) => o.value === v)?.label ?? String(v);
    case 'date':
      return typeof v === 'string' ? new Date(`${v}T00:00:00Z`) : null;
    case 'dateTime':
      return typeof v === 'string' ? new Date(v) : null;
    case 'list':
    case 'object':
      return JSON.stringify(v);
    default:
      return v as ExcelJS.CellValue;
  }
}

type PageOf = (page: number, rowsPerPage: number) => Promise<{ data: Row[] }>;

async function writeWorkbook(definition: ResourceDefinition, ctx: AppContext, pageOf: PageOf, out: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(definition.label.slice(0, 31));
  sheet.columns = definition.columns.map((c) => ({
    header: c.header,
    key: c.accessorKey,
    width: Math.max(12, c.header.length + 4),
    ...(c.kind === 'date'
      ? { style: { numFmt: 'dd-mm-yyyy' } }
      : c.kind === 'dateTime'
        ? { style: { numFmt: 'dd-mm-yyyy hh:mm' } }
        : c.kind === 'money'
          ? { style: { numFmt: '#,##0.00 €' } }
          : {}),
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
    const filename = `${definition.label.replace(/[^\p{L}\p{N}]+/gu, '_')}_${stamp(new Date())}.xlsx`;
    req.reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${filename}"`);
    writeWorkbook(definition, ctx, pageOf, out).catch((err: unknown) => out.destroy(err as Error));
    return req.reply.send(out);
  },
};
