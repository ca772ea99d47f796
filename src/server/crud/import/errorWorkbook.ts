import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Queryable } from '../../db/Db.ts';
import { problemsOf, type ImportJobRow } from './importJobs.ts';

const BATCH = 1000;
export const ERROR_COLUMNS = { row: 'Riga', problems: 'Problemi' } as const;

/**
 * The rows with problems as a workbook written as it is read: the file's own columns as they were (passwords
 * left out), with the row's number in the file before them and its reasons after them. Corrected, it
 * imports as it is (the two added columns map to no field).
 */
export async function writeErrorWorkbook(db: Queryable, job: ImportJobRow, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('Righe rifiutate');
  sheet.columns = [
    { header: ERROR_COLUMNS.row, key: 'row', width: 8 },
    ...job.columns.map((header, i) => ({ header, key: `c${i}`, width: Math.min(40, Math.max(12, header.length + 4)) })),
    { header: ERROR_COLUMNS.problems, key: 'problems', width: 80, style: { alignment: { wrapText: true } } },
  ];
  sheet.getRow(1).font = { bold: true };
  let after = 0;
  for (;;) {
    const rows = await problemsOf(db, job.id, after, BATCH);
    for (const r of rows)
      sheet
        .addRow({
          row: r.row,
          ...Object.fromEntries(r.cells.map((c, i) => [`c${i}`, c])),
          problems: r.problems.map((p) => p.message).join('\n'),
        })
        .commit();
    const last = rows.at(-1);
    if (!last || rows.length < BATCH || out.destroyed) break;
    after = last.row;
    if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve).once('close', resolve));
  }
  sheet.commit();
  await workbook.commit();
}
