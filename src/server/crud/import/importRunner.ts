import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Cell } from '../../../domain/import/cellValue.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import type { AppContext } from '../../context.ts';
import { databaseRefusal } from '../../errorHandler.ts';
import type { AnyRequest } from '../../http/handler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { keyOf } from '../../storage/storage.ts';
import { batchContext } from './batchContext.ts';
import { readRows } from './fileReader.ts';
import {
  endPhase,
  forgetFile,
  recordBatch,
  type ImportCounts,
  type ImportJobRow,
  type ProblemRow,
  type RowProblem,
} from './importJobs.ts';
import { createReferences } from './references.ts';
import { createPlanner, keptCells, type ImportSetup, type RowPlan } from './rowPlans.ts';

/** Rows written in one transaction: all of them or none. */
export const BATCH_ROWS = 500;
/** Data rows a file may have: a sheet of Excel holds 1,048,576 rows, the header one of them. */
export const MAX_DATA_ROWS = 1_048_575;
/** The folder of uploaded files waiting to be imported. */
export const IMPORT_FOLDER = 'imports';

export const RUN_MESSAGES = {
  tooManyRows: `Il file ha più di ${MAX_DATA_ROWS.toLocaleString('it-IT')} righe di dati: dividerlo in più file`,
  notVisible: 'Il record con questa chiave esiste ma non è tra quelli che questo utente può modificare',
  changedMeanwhile:
    'Il record è stato modificato da un altro utente durante l\u2019importazione: importare di nuovo il file',
  fileGone: 'Il file caricato non è più disponibile: caricarlo di nuovo',
  failed:
    'Importazione interrotta da un errore del server: le righe dei lotti già scritti restano; importare di nuovo il file completa senza duplicare',
} as const;

/** Who runs an import, and the request that started it (its log, and what a handler may read of it). */
export interface Importer {
  user: StaffClaims;
  request: Pick<AnyRequest, 'raw' | 'reply'>;
}

class RolledBack extends Error {}

/** The problems a refusal of a create or update call gives its row; undefined when it is not a refusal of the row. */
function refusalOf(err: unknown, setup: ImportSetup): RowProblem[] | undefined {
  const refusal = err instanceof HttpError ? err : databaseRefusal(err as { code?: unknown });
  if (!refusal || refusal.statusCode < 400 || refusal.statusCode >= 500 || refusal.statusCode === 429) return undefined;
  const columnOf = (field: string) => {
    const i = setup.columns.findIndex((f) => f?.name === field);
    return i >= 0 ? i : null;
  };
  if (refusal.statusCode === 404) return [{ column: null, field: null, message: RUN_MESSAGES.notVisible }];
  if (refusal.statusCode === 409 && refusal.message === MESSAGES.conflict)
    return [{ column: null, field: null, message: RUN_MESSAGES.changedMeanwhile }];
  if (refusal.violations?.length)
    return refusal.violations.map((v) => {
      const field = v.field.split('.')[0] ?? v.field;
      return { column: columnOf(field), field, message: v.message };
    });
  return [{ column: null, field: null, message: refusal.message }];
}

/**
 * One phase of an import over the whole file: the preview (`dryRun`: every batch written in a transaction
 * that is then rolled back, so it says exactly what the import would do, write rules included) or the
 * import. Rows are read one at a time and handled in batches: planned (cells, references, keys, the body
 * check of the call), then written by the resource's own create and update handlers, the same a form's save
 * runs, in one transaction per batch. A row a handler refuses leaves the batch, which is written again
 * without it, each row then under a savepoint. Progress, counts and problem rows are stored after each batch.
 */
export async function runPhase(
  ctx: AppContext,
  job: ImportJobRow,
  setup: ImportSetup,
  importer: Importer,
  dryRun: boolean,
): Promise<void> {
  const key = job.fileKey ? keyOf(IMPORT_FOLDER, job.fileKey) : null;
  const stream = key ? await ctx.storage.stream(key) : null;
  if (!stream) return endPhase(ctx.db, job.id, { status: 'fallito', message: RUN_MESSAGES.fileGone });
  const plan = createPlanner(ctx, setup, createReferences(ctx));
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  let processed = 0;
  let batch: { number: number; cells: Cell[] }[] = [];

  const flush = async () => {
    const plans = await plan(ctx.db, batch);
    batch = [];
    await write(ctx, setup, importer, plans, dryRun);
    const problems: ProblemRow[] = [];
    for (const p of plans) {
      if (p.action === 'refused') problems.push({ row: p.row, cells: keptCells(setup, p.cells), problems: p.problems });
      counts[p.action === 'create' ? 'created' : p.action === 'update' ? 'updated' : p.action]++;
    }
    processed += plans.length;
    await recordBatch(ctx.db, job.id, { processedRows: processed, counts }, problems);
    // Other requests get their turn between two batches (on PGlite every query shares one connection).
    await yieldToOthers();
  };

  try {
    let header = true;
    for await (const row of readRows(stream, job.kind)) {
      if (header) {
        header = false;
        continue;
      }
      if (processed + batch.length >= MAX_DATA_ROWS)
        return await endPhase(ctx.db, job.id, { status: 'fallito', message: RUN_MESSAGES.tooManyRows });
      batch.push(row);
      if (batch.length >= BATCH_ROWS) await flush();
    }
    if (batch.length > 0) await flush();
    await endPhase(ctx.db, job.id, { status: dryRun ? 'pronto' : 'completato', totalRows: processed });
    if (!dryRun && key) {
      await forgetFile(ctx.db, job.id);
      await ctx.storage.delete(key);
    }
  } catch (err) {
    const readable = err instanceof HttpError && err.statusCode < 500;
    if (!readable) importer.request.raw.log.error({ err, importJob: job.id, resource: setup.name }, 'import failed');
    const message = readable ? (err.violations?.[0]?.message ?? err.message) : RUN_MESSAGES.failed;
    await endPhase(ctx.db, job.id, { status: 'fallito', message });
  }
}

/** A row written by the call a form's save makes, with the importer as the caller. */
function call(setup: ImportSetup, importer: Importer, plan: RowPlan, within: AppContext): Promise<unknown> {
  const op = plan.action === 'create' ? setup.createOp : setup.updateOp;
  const handler = within.handler(op.operationId, within);
  if (!handler) throw new HttpError(501, MESSAGES.notImplemented);
  return handler({
    op,
    params: plan.action === 'update' ? { id: plan.id } : {},
    query: {},
    body: plan.body,
    user: importer.user,
    publicOffer: null,
    raw: importer.request.raw,
    reply: importer.request.reply,
  });
}

/**
 * Writes a batch's planned rows in one transaction (rolled back for a preview). When a handler refuses a row,
 * the transaction is rolled back and the batch written again with each row under a savepoint: the refused
 * rows leave it, with the handler's reasons.
 */
async function write(ctx: AppContext, setup: ImportSetup, importer: Importer, plans: RowPlan[], dryRun: boolean) {
  const writes = plans.filter((p) => p.action === 'create' || p.action === 'update');
  if (writes.length === 0) return;
  const attempt = async (careful: boolean) => {
    let afterCommit: (() => Promise<void>) | undefined;
    try {
      await ctx.db.transaction(async (tx) => {
        const batch = batchContext(ctx, tx);
        afterCommit = batch.afterCommit;
        for (const plan of writes) {
          if (plan.action === 'refused') continue;
          if (careful) await tx.query('SAVEPOINT import_row');
          try {
            await call(setup, importer, plan, batch.within);
            if (careful) await tx.query('RELEASE SAVEPOINT import_row');
          } catch (err) {
            const problems = careful ? refusalOf(err, setup) : undefined;
            if (!problems) throw err;
            await tx.query('ROLLBACK TO SAVEPOINT import_row');
            plan.action = 'refused';
            plan.problems = problems;
          }
        }
        if (dryRun) throw new RolledBack();
      });
      await afterCommit?.();
    } catch (err) {
      if (!(err instanceof RolledBack)) throw err;
    }
  };
  try {
    await attempt(false);
  } catch (err) {
    if (!refusalOf(err, setup)) throw err;
    await attempt(true);
  }
}
