import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { suggestMapping, mappingProblems } from '../../../domain/import/columnMapping.ts';
import { cellText } from '../../../domain/import/cellValue.ts';
import { isAllowed } from '../../../domain/accessRules.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import { defineHandlers, type AppContext } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { keyOf } from '../../storage/storage.ts';
import { exportStamp } from '../exportHandler.ts';
import { detectFileKind, readRows, READ_MESSAGES, type FileRow } from './fileReader.ts';
import {
  beginPhase,
  failIfStale,
  insertJob,
  jobOf,
  problemsOf,
  staleFiles,
  type ImportJobRow,
  type ProblemRow,
} from './importJobs.ts';
import { IMPORT_FOLDER, MAX_DATA_ROWS, runPhase, type Importer } from './importRunner.ts';
import type { ImportSetup } from './rowPlans.ts';
import { writeErrorWorkbook } from './errorWorkbook.ts';

const MAX_COLUMNS = 1000;
const SAMPLE_ROWS = 5;
const SHOWN_PROBLEMS = 100;
/** A phase whose heartbeat is older than this was stopped with its process. */
const STALE_SECONDS = 120;
/** Files of jobs left unfinished are removed after a day. */
const FILE_HOURS = 24;
/** Phases running at once in one process, and per user. */
export const IMPORT_LIMITS = { perProcess: 2, perUser: 1 };

export const IMPORT_MESSAGES = {
  busy: "Un'importazione è già in corso: attendere che finisca",
  notReady: "Prima dell'importazione serve l'anteprima del file con le colonne scelte",
  running: "L'anteprima o l'importazione di questo file è in corso",
  interrupted:
    "Interrotta: il server si è fermato durante l'elaborazione. I lotti già scritti restano; importare di nuovo il file completa senza duplicare",
  columns: (n: number) =>
    `Il file ha ${n.toLocaleString('it-IT')} colonne: al massimo ${MAX_COLUMNS.toLocaleString('it-IT')}`,
  mappingLength: (n: number) => `L'associazione deve avere una voce per ciascuna delle ${n} colonne del file`,
} as const;

/** Phases running in this process, per database (tests run several apps in one process). */
const runningOf = new WeakMap<object, Map<number, number>>();

/** The resource a file may fill, if it exists, declares an import, and the user may create and update its records. */
function setupFor(ctx: AppContext, name: string, user: StaffClaims | null): Omit<ImportSetup, 'columns'> {
  const resource = ctx.resourceNamed(name);
  const spec = resource?.definition.import;
  const find = (operationId: string | undefined) => ctx.contract.operations.find((o) => o.operationId === operationId);
  const createOp = find(resource?.definition.api.create?.operationId);
  const updateOp = find(resource?.definition.api.update?.operationId);
  if (!resource || !spec || !createOp || !updateOp || ctx.definitions.get(name) !== resource.definition)
    throw new HttpError(404, MESSAGES.notFound);
  // The screen's write roles: whoever may save its form may import into it.
  const roles = user?.roles ?? null;
  if (!isAllowed(ctx.access(createOp), roles) || !isAllowed(ctx.access(updateOp), roles))
    throw new HttpError(403, MESSAGES.forbidden);
  return { name, resource, spec, createOp, updateOp };
}

const withColumns = (setup: Omit<ImportSetup, 'columns'>, mapping: (string | null)[]): ImportSetup => ({
  ...setup,
  columns: mapping.map((name) => setup.spec.fields.find((f) => f.name === name) ?? null),
});

function view(job: ImportJobRow, problems: ProblemRow[]) {
  return {
    data: {
      id: job.id,
      resource: job.resource,
      fileName: job.fileName,
      status: job.status,
      phase: job.phase,
      message: job.message,
      columns: job.columns,
      sample: job.sample,
      mapping: job.mapping,
      processedRows: job.processedRows,
      totalRows: job.totalRows,
      maxRows: MAX_DATA_ROWS,
      counts: { created: job.created, updated: job.updated, unchanged: job.unchanged, refused: job.refused },
      problemRows: job.problemRows,
      problems: problems.map((p) => ({
        row: p.row,
        cells: p.cells.map((c) => (c instanceof Date ? cellText(c) : c)),
        problems: p.problems,
      })),
      createdAt: new Date(job.createdAt).toISOString(),
      finishedAt: job.finishedAt ? new Date(job.finishedAt).toISOString() : null,
    },
  };
}

/** The one file of an upload (bounded by MAX_UPLOAD_BYTES: 413 beyond). */
async function uploadedFile(req: { raw: FastifyRequest }, maxBytes: number) {
  const refuse = (message: string) => new HttpError(400, MESSAGES.invalid, [{ field: 'file', message }]);
  if (!req.raw.isMultipart()) throw refuse(READ_MESSAGES.missing);
  let file: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of req.raw.parts({ limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new HttpError(413, MESSAGES.tooLarge);
      file = { bytes, name: part.filename || 'importazione' };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw refuse('Inviare un solo file per volta');
    throw new HttpError(400, MESSAGES.badMultipart);
  }
  if (!file) throw refuse(READ_MESSAGES.missing);
  return file;
}

/** The header and the first rows, read from the start of the file only. */
async function firstRows(bytes: Buffer, kind: Awaited<ReturnType<typeof detectFileKind>>): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const row of readRows(Readable.from([bytes]), kind)) {
    rows.push(row);
    if (rows.length > SAMPLE_ROWS) break;
  }
  return rows;
}

/** Starts a phase in the background, within the process's and the user's limits. */
function start(ctx: AppContext, job: ImportJobRow, setup: ImportSetup, importer: Importer, dryRun: boolean) {
  const running = runningOf.get(ctx.db) ?? new Map<number, number>();
  runningOf.set(ctx.db, running);
  const mine = [...running.values()].filter((u) => u === importer.user.id).length;
  if (running.size >= IMPORT_LIMITS.perProcess || mine >= IMPORT_LIMITS.perUser)
    throw new HttpError(429, IMPORT_MESSAGES.busy, undefined, 5);
  running.set(job.id, importer.user.id);
  return async () => {
    try {
      await runPhase(ctx, job, setup, importer, dryRun);
    } finally {
      running.delete(job.id);
    }
  };
}

export const importHandlers = defineHandlers({
  uploadImport: async (req, ctx) => {
    const setup = setupFor(ctx, req.params.resource, req.user);
    const file = await uploadedFile(req, ctx.config.maxUploadBytes);
    const kind = await detectFileKind(file.bytes);
    const [header, ...rest] = await firstRows(file.bytes, kind);
    if (!header || rest.length === 0)
      throw new HttpError(400, MESSAGES.invalid, [{ field: 'file', message: READ_MESSAGES.empty }]);
    if (header.cells.length > MAX_COLUMNS)
      throw new HttpError(400, MESSAGES.invalid, [
        { field: 'file', message: IMPORT_MESSAGES.columns(header.cells.length) },
      ]);
    const columns = header.cells.map((c, i) => cellText(c) || `Colonna ${i + 1}`);
    const mapping = suggestMapping(columns, setup.spec.fields);
    const secret = mapping.map((name) => !!setup.spec.fields.find((f) => f.name === name)?.secret);
    const sample = rest
      .slice(0, SAMPLE_ROWS)
      .map((r) => columns.map((_, i) => (secret[i] ? '' : cellText(r.cells[i] ?? null))));
    // Files of jobs left at the preview long ago go first.
    for (const name of await staleFiles(ctx.db, FILE_HOURS)) {
      const key = keyOf(IMPORT_FOLDER, name);
      if (key) await ctx.storage.delete(key);
    }
    const name = `${randomUUID()}.${kind.format}`;
    const key = `${IMPORT_FOLDER}/${name}`;
    await ctx.storage.stage(key, file.bytes);
    try {
      const job = await ctx.db.transaction(async (tx) => {
        const row = await insertJob(tx, {
          resource: setup.name,
          userId: req.user?.id ?? 0,
          fileName: file.name.slice(0, 255),
          fileKey: name,
          kind,
          columns,
          sample,
          mapping,
        });
        await ctx.storage.publish([key]);
        return row;
      });
      return view(job, []);
    } catch (err) {
      await ctx.storage.delete(key);
      throw err;
    }
  },

  getImport: async (req, ctx) => {
    setupFor(ctx, req.params.resource, req.user);
    const id = Number(req.params.id);
    if (!runningOf.get(ctx.db)?.has(id)) await failIfStale(ctx.db, id, STALE_SECONDS, IMPORT_MESSAGES.interrupted);
    const job = await jobOf(ctx.db, id, req.params.resource, req.user?.id ?? 0);
    if (!job) throw new HttpError(404, MESSAGES.notFound);
    return view(job, await problemsOf(ctx.db, job.id, 0, SHOWN_PROBLEMS));
  },

  previewImport: async (req, ctx) => {
    const base = setupFor(ctx, req.params.resource, req.user);
    const id = Number(req.params.id);
    const job = await jobOf(ctx.db, id, req.params.resource, req.user?.id ?? 0);
    if (!job || !req.user) throw new HttpError(404, MESSAGES.notFound);
    const { mapping } = req.body;
    if (mapping.length !== job.columns.length)
      throw new HttpError(400, MESSAGES.invalid, [
        { field: 'mapping', message: IMPORT_MESSAGES.mappingLength(job.columns.length) },
      ]);
    const problems = mappingProblems(mapping, base.spec);
    if (problems.length > 0)
      throw new HttpError(
        400,
        MESSAGES.invalid,
        problems.map((p) => ({ field: p.column === null ? 'mapping' : `mapping.${p.column}`, message: p.message })),
      );
    if (!job.fileKey)
      throw new HttpError(
        409,
        IMPORT_MESSAGES.running.replace(/.*/, 'Il file caricato non è più disponibile: caricarlo di nuovo'),
      );
    const setup = withColumns(base, mapping);
    const run = start(ctx, job, setup, { user: req.user, request: req }, true);
    if (!(await beginPhase(ctx.db, id, ['caricato', 'pronto', 'fallito'], 'analisi', mapping))) {
      runningOf.get(ctx.db)?.delete(id);
      throw new HttpError(409, IMPORT_MESSAGES.running);
    }
    const begun = (await jobOf(ctx.db, id, req.params.resource, req.user.id)) as ImportJobRow;
    void run();
    return view(begun, []);
  },

  runImport: async (req, ctx) => {
    const base = setupFor(ctx, req.params.resource, req.user);
    const id = Number(req.params.id);
    const job = await jobOf(ctx.db, id, req.params.resource, req.user?.id ?? 0);
    if (!job || !req.user) throw new HttpError(404, MESSAGES.notFound);
    if (job.status !== 'pronto')
      throw new HttpError(
        409,
        job.status === 'analisi' || job.status === 'importazione' ? IMPORT_MESSAGES.running : IMPORT_MESSAGES.notReady,
      );
    const run = start(ctx, job, withColumns(base, job.mapping), { user: req.user, request: req }, false);
    if (!(await beginPhase(ctx.db, id, ['pronto'], 'importazione'))) {
      runningOf.get(ctx.db)?.delete(id);
      throw new HttpError(409, IMPORT_MESSAGES.running);
    }
    const begun = (await jobOf(ctx.db, id, req.params.resource, req.user.id)) as ImportJobRow;
    void run();
    return view(begun, []);
  },

  downloadImportErrors: async (req, ctx) => {
    const setup = setupFor(ctx, req.params.resource, req.user);
    const job = await jobOf(ctx.db, Number(req.params.id), req.params.resource, req.user?.id ?? 0);
    if (!job) throw new HttpError(404, MESSAGES.notFound);
    const out = new PassThrough();
    const label = setup.resource.definition.label.replace(/[^\p{L}\p{N}]+/gu, '_');
    req.reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${label}_errori_${exportStamp(new Date())}.xlsx"`);
    writeErrorWorkbook(ctx.db, job, out).catch((err: unknown) => {
      req.raw.log.error({ err, importJob: job.id }, 'import error file failed');
      out.destroy(err as Error);
    });
    return req.reply.send(out);
  },
});
