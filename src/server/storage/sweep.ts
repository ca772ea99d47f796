import type { Db, Queryable } from '../db/Db.ts';
import type { Storage } from './storage.ts';

/** The files of one storage folder that records name: what the sweep keeps. A module declares its own. */
export interface StoredFiles {
  folder: string;
  /**
   * Of these names, those a record names. One statement, so one snapshot: a file passing from one table to
   * another in a transaction (a staged photo taken by its acceptance) is seen in one of them.
   */
  referenced(db: Queryable, names: string[]): Promise<readonly string[]>;
}

/**
 * `referenced` for a folder whose names are the values of `sql`'s one column (a name, or a path ending
 * in it: `trattative/<name>`).
 */
export const namedBy =
  (sql: string) =>
  async (db: Queryable, names: string[]): Promise<readonly string[]> => {
    const { rows } = await db.query<{ name: string }>(
      `SELECT DISTINCT regexp_replace(r.name, '^.*/', '') AS name FROM (${sql}) AS r(name)
       WHERE regexp_replace(r.name, '^.*/', '') = ANY($1::text[])`,
      [names],
    );
    return rows.map((r) => r.name);
  };

export const SWEEP = {
  /**
   * A file younger than this is left alone when other processes may be writing (several servers on one
   * PostgreSQL and STORAGE_DIR): an upload moves its files into place right before its COMMIT, and a
   * temporary file lives as long as its upload's transaction, never minutes.
   */
  safeAgeMs: 15 * 60_000,
  /** How often one of the processes on a database sweeps again (the first to find it due). */
  everyMs: 15 * 60_000,
  batch: 500,
};

/** A file in storage naming the database whose records it holds: a sweep never deletes another database's files. */
export const OWNER_KEY = 'meta/database-id.txt';

/** This database's id (made at the first sweep) and whether a sweep is due now (then it is recorded as made). */
async function claim(db: Db, everyMs: number | null): Promise<{ databaseId: string; due: boolean }> {
  // The row's lock settles two processes claiming at once: the second sees the first's sweep and finds none due.
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO "storageSweep" (id, "databaseId") VALUES (1, gen_random_uuid()::text) ON CONFLICT DO NOTHING`,
    );
    const { rows } = await tx.query<{ databaseId: string; due: boolean }>(
      `UPDATE "storageSweep" SET "sweptAt" = CASE WHEN $1::double precision IS NULL
           OR "sweptAt" IS NULL OR "sweptAt" < now() - make_interval(secs => $1::double precision / 1000)
         THEN now() ELSE "sweptAt" END
       WHERE id = 1
       RETURNING "databaseId", "sweptAt" = now() AS due`,
      [everyMs],
    );
    return rows[0] as { databaseId: string; due: boolean };
  });
}

export interface SweepResult {
  /** The keys removed: temporary files and files no record names, all older than the age asked for. */
  removed: string[];
  /** Why nothing was looked at (the storage belongs to another database). */
  skipped?: string;
}

/**
 * Marks the storage as this database's. False when another process is writing that mark at this moment (its
 * temporary file is there): the sweep of this period is left to the next.
 */
async function writeOwner(storage: Storage, databaseId: string): Promise<boolean> {
  try {
    await storage.delete(OWNER_KEY);
    await storage.stage(OWNER_KEY, Buffer.from(`${databaseId}\n`));
    await storage.publish([OWNER_KEY]);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Removes, from each folder, temporary files (uploads that never committed) and files no record names
 * (killed between moving them into place and the COMMIT, or a replaced or deleted record's file left by a
 * crash), when older than minAgeMs. everyMs: sweep only if no process on this database has for that long.
 */
export async function sweepStorage(
  db: Db,
  storage: Storage,
  folders: readonly StoredFiles[],
  options: { minAgeMs: number; everyMs?: number },
): Promise<SweepResult> {
  const { databaseId, due } = await claim(db, options.everyMs ?? null);
  if (!due) return { removed: [] };
  const owner = (await storage.get(OWNER_KEY))?.toString('utf8').trim();
  if (!owner) {
    if (!(await writeOwner(storage, databaseId))) return { removed: [] };
  } else if (owner !== databaseId)
    return {
      removed: [],
      skipped:
        `l'archivio dei file appartiene a un altro database (${OWNER_KEY}: ${owner}, questo database: ${databaseId}): ` +
        `file orfani non rimossi. Se l'archivio è davvero di questo database, cancellare ${OWNER_KEY}.`,
    };
  const removed: string[] = [];
  for (const { folder, referenced } of folders) {
    const objects = await storage.list(folder);
    const inPlace = new Set(objects.filter((o) => !o.temporary).map((o) => o.name));
    const old = objects.filter((o) => o.ageMs >= options.minAgeMs);
    // A temporary file never has a sibling in place (it becomes that file), but a sweep never bets a record's file on it.
    for (const o of old.filter((o) => o.temporary && !inPlace.has(o.name))) {
      await storage.delete(`${folder}/${o.name}`);
      removed.push(`${folder}/.${o.name}.tmp`);
    }
    const names = old.filter((o) => !o.temporary).map((o) => o.name);
    for (let i = 0; i < names.length; i += SWEEP.batch) {
      const batch = names.slice(i, i + SWEEP.batch);
      const kept = new Set(await referenced(db, batch));
      for (const name of batch.filter((n) => !kept.has(n))) {
        await storage.delete(`${folder}/${name}`);
        removed.push(`${folder}/${name}`);
      }
    }
  }
  return { removed };
}

export interface SweepLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The sweeps of one server process. exclusive: nothing but this process writes the storage (the embedded
 * database's own data directory, held by this process), so at start every orphan is one, whatever its age,
 * and the start waits for the sweep. Otherwise (several processes on one PostgreSQL and STORAGE_DIR) only
 * files older than SWEEP.safeAgeMs, at start and every SWEEP.everyMs, by whichever process finds it due.
 */
export async function startSweeper(
  db: Db,
  storage: Storage,
  folders: readonly StoredFiles[],
  options: { exclusive: boolean; log: SweepLog },
): Promise<{ stop(): Promise<void> }> {
  const report = (result: SweepResult) => {
    if (result.skipped) options.log.error({}, `archivio file: ${result.skipped}`);
    else if (result.removed.length)
      options.log.warn(
        { removed: result.removed.length, files: result.removed.slice(0, 50) },
        `archivio file: rimossi ${result.removed.length} file senza record (caricamenti interrotti)`,
      );
  };
  const fail = (err: unknown) => options.log.error({ err }, 'archivio file: pulizia non riuscita');
  if (options.exclusive) {
    await sweepStorage(db, storage, folders, { minAgeMs: 0 }).then(report, fail);
    return { stop: async () => {} };
  }
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepStorage(db, storage, folders, { minAgeMs: SWEEP.safeAgeMs, everyMs: SWEEP.everyMs })
      .then(report, fail)
      .finally(() => (running = undefined));
  };
  sweep();
  const timer = setInterval(sweep, SWEEP.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
