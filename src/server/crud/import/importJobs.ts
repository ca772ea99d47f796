import type { Cell } from '../../../domain/import/cellValue.ts';
import type { Queryable } from '../../db/Db.ts';
import type { FileKind } from './fileReader.ts';

export type ImportStatus = 'caricato' | 'analisi' | 'pronto' | 'importazione' | 'completato' | 'fallito';
export type ImportPhase = 'anteprima' | 'importazione';

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

/** One problem of a row: the column and field it is about, when it is about one, and the Italian reason. */
export interface RowProblem {
  column: number | null;
  field: string | null;
  message: string;
}

/** A stored import job: the file, its columns and mapping, where it stands. */
export interface ImportJobRow extends ImportCounts {
  id: number;
  resource: string;
  userId: number;
  fileName: string;
  fileKey: string | null;
  kind: FileKind;
  columns: string[];
  sample: string[][];
  mapping: (string | null)[];
  status: ImportStatus;
  phase: ImportPhase | null;
  message: string | null;
  processedRows: number;
  totalRows: number | null;
  problemRows: number;
  createdAt: string;
  heartbeatAt: string;
  finishedAt: string | null;
}

const COLUMNS = `id, resource, "userId", "fileName", "fileKey", kind, columns, sample, mapping, status, phase, message,
  "processedRows", "totalRows", created, updated, unchanged, refused, "problemRows", "createdAt", "heartbeatAt", "finishedAt"`;

export async function insertJob(
  db: Queryable,
  job: Pick<ImportJobRow, 'resource' | 'userId' | 'fileName' | 'fileKey' | 'kind' | 'columns' | 'sample' | 'mapping'>,
): Promise<ImportJobRow> {
  const { rows } = await db.query<ImportJobRow>(
    `INSERT INTO "importJob" (resource, "userId", "fileName", "fileKey", kind, columns, sample, mapping, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'caricato') RETURNING ${COLUMNS}`,
    [
      job.resource,
      job.userId,
      job.fileName,
      job.fileKey,
      JSON.stringify(job.kind),
      JSON.stringify(job.columns),
      JSON.stringify(job.sample),
      JSON.stringify(job.mapping),
    ],
  );
  return rows[0] as ImportJobRow;
}

/** A job of this user on this resource; another user's answers nothing (404), as if it did not exist. */
export async function jobOf(db: Queryable, id: number, resource: string, userId: number) {
  const { rows } = await db.query<ImportJobRow>(
    `SELECT ${COLUMNS} FROM "importJob" WHERE id = $1 AND resource = $2 AND "userId" = $3`,
    [id, resource, userId],
  );
  return rows[0];
}

/** A phase begins: its counts and problems start from nothing; false when the job was not in a state for it. */
export async function beginPhase(
  db: Queryable,
  id: number,
  from: readonly ImportStatus[],
  status: 'analisi' | 'importazione',
  mapping?: (string | null)[],
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE "importJob" SET status = $2, phase = $3, message = NULL, "processedRows" = 0, created = 0, updated = 0,
       unchanged = 0, refused = 0, "problemRows" = 0, "heartbeatAt" = now(), "finishedAt" = NULL,
       mapping = COALESCE($4::jsonb, mapping)
     WHERE id = $1 AND status = ANY($5::text[]) RETURNING id`,
    [id, status, status === 'analisi' ? 'anteprima' : 'importazione', mapping ? JSON.stringify(mapping) : null, from],
  );
  if (rows.length === 0) return false;
  await db.query(`DELETE FROM "importProblem" WHERE "jobId" = $1`, [id]);
  return true;
}

export interface ProblemRow {
  row: number;
  cells: Cell[];
  problems: RowProblem[];
}

/** After a batch: the rows read, the counts so far, the problem rows; also the job's heartbeat. */
export async function recordBatch(
  db: Queryable,
  id: number,
  progress: { processedRows: number; counts: ImportCounts },
  problems: ProblemRow[],
): Promise<void> {
  if (problems.length > 0)
    await db.query(
      `INSERT INTO "importProblem" ("jobId", "row", cells, problems)
       SELECT $1, p."row", p.cells, p.problems FROM jsonb_to_recordset($2::jsonb) AS p("row" integer, cells jsonb, problems jsonb)
       ON CONFLICT ("jobId", "row") DO UPDATE SET cells = EXCLUDED.cells, problems = EXCLUDED.problems`,
      [id, JSON.stringify(problems)],
    );
  const { counts } = progress;
  await db.query(
    `UPDATE "importJob" SET "processedRows" = $2, created = $3, updated = $4, unchanged = $5, refused = $6,
       "problemRows" = (SELECT count(*) FROM "importProblem" WHERE "jobId" = $1), "heartbeatAt" = now()
     WHERE id = $1`,
    [id, progress.processedRows, counts.created, counts.updated, counts.unchanged, counts.refused],
  );
}

/** The end of a phase: ready to import after a preview, done after an import, or failed with its reason. */
export async function endPhase(
  db: Queryable,
  id: number,
  outcome: { status: 'pronto' | 'completato' | 'fallito'; totalRows?: number; message?: string },
): Promise<void> {
  await db.query(
    `UPDATE "importJob" SET status = $2, message = $3, "totalRows" = COALESCE($4, "totalRows"), "heartbeatAt" = now(),
       "finishedAt" = CASE WHEN $2 = 'pronto' THEN NULL ELSE now() END
     WHERE id = $1`,
    [id, outcome.status, outcome.message ?? null, outcome.totalRows ?? null],
  );
}

/** The first problem rows of a job, in file order, from a row on (the error file reads them in batches). */
export async function problemsOf(db: Queryable, id: number, afterRow: number, limit: number): Promise<ProblemRow[]> {
  const { rows } = await db.query<ProblemRow>(
    `SELECT "row", cells, problems FROM "importProblem" WHERE "jobId" = $1 AND "row" > $2 ORDER BY "row" LIMIT $3`,
    [id, afterRow, limit],
  );
  return rows;
}

/** The file is no longer needed (the job is over): its key is forgotten. */
export async function forgetFile(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE "importJob" SET "fileKey" = NULL WHERE id = $1`, [id]);
}

/** Jobs of past days that still name their file (a job left at the preview): their keys, forgotten. */
export async function staleFiles(db: Queryable, olderThanHours: number): Promise<string[]> {
  const { rows } = await db.query<{ fileKey: string }>(
    `WITH old AS (
       SELECT id, "fileKey" FROM "importJob"
       WHERE "fileKey" IS NOT NULL AND "heartbeatAt" < now() - make_interval(hours => $1)
         AND status NOT IN ('analisi', 'importazione')
       FOR UPDATE)
     UPDATE "importJob" j SET "fileKey" = NULL FROM old WHERE j.id = old.id RETURNING old."fileKey"`,
    [olderThanHours],
  );
  return rows.map((r) => r.fileKey);
}

/**
 * A phase whose process stopped (a restart, a crash): its heartbeat is older than `staleSeconds`. It is
 * marked failed with the reason; what its batches wrote stays.
 */
export async function failIfStale(db: Queryable, id: number, staleSeconds: number, message: string): Promise<void> {
  await db.query(
    `UPDATE "importJob" SET status = 'fallito', message = $3, "finishedAt" = now()
     WHERE id = $1 AND status IN ('analisi', 'importazione') AND "heartbeatAt" < now() - make_interval(secs => $2)`,
    [id, staleSeconds, message],
  );
}
