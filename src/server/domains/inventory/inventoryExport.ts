import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { defineHandlers, type AppContext } from '../../context.ts';
import { EXCEL_COLUMNS, exportStamp } from '../../crud/exportHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { caller, repoOf } from './inventoryHandlers.ts';
import type { ItemQuery } from './inventoryRepository.ts';
import { itemQuery } from './itemHandlers.ts';

const BATCH = 1000;
// Excel's sheet holds 1,048,576 rows; an inventory is a few thousand machines, so the cap is only a guard.
const MAX_ROWS = 1_048_575;

/** The items, batch after batch from a cursor, each written and flushed before the next is read. */
async function writeItems(ctx: AppContext, q: ItemQuery, out: PassThrough): Promise<void> {
  const definition = ctx.definitions.get('inventarioMezziItem');
  if (!definition) throw new Error('inventarioMezziItem: no resource definition');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Inventario');
  const columns = definition.columns;
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.accessorKey,
    width: Math.max(14, c.header.length + 4),
    ...(EXCEL_COLUMNS[c.kind].numFmt ? { style: { numFmt: EXCEL_COLUMNS[c.kind].numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const names = new Map<string, Map<number, string>>();
  const repo = repoOf(ctx);
  let after: { code: string; id: number } | null = null;
  let written = 0;
  while (!out.destroyed && written < MAX_ROWS) {
    const batch = await repo.itemBatch(q, after, BATCH);
    for (const row of batch) {
      const values = columns.map((c) => {
        const v = (row as unknown as Record<string, unknown>)[c.accessorKey];
        return [c.accessorKey, v === null || v === undefined ? null : EXCEL_COLUMNS[c.kind].value(v, c, names)];
      });
      sheet.addRow(Object.fromEntries(values)).commit();
    }
    written += batch.length;
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) break;
    after = { code: last.resourceMago, id: last.id };
    if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve).once('close', resolve));
  }
  sheet.commit();
  await workbook.commit();
}

export const exportHandlers = defineHandlers({
  // The filtered items as the caller sees them, sorted by code: `Inventario_<AAAAMMGG>_<HHmm>.xlsx`.
  exportInventarioMezziItems: async (req, ctx) => {
    const user = caller(req);
    const q = await itemQuery(req, ctx);
    const release = await ctx.exportGates.acquire(user.id);
    try {
      const out = new PassThrough();
      req.reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="Inventario_${exportStamp(new Date())}.xlsx"`);
      writeItems(ctx, { ...q, sortBy: 'resourceMago', descending: false }, out)
        .catch((err: unknown) => {
          req.raw.log.error({ err, inventory: q.inventoryId }, 'inventory export failed');
          out.destroy(err as Error);
        })
        .finally(release);
      return req.reply.send(out);
    } catch (err) {
      release();
      throw err instanceof Error ? err : new HttpError(500, MESSAGES.generic);
    }
  },
});
