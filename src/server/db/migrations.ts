import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Transaction } from './Db.ts';

/** The versioned migrations of this release: `migrations/` at the repository's root. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));

/** `0001_short_name.sql`: four digits, the order they run in, then what they do. */
export const MIGRATION_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;

/**
 * The advisory lock every schema change at start is made under (the additive path and each migration):
 * of N processes starting together on one PostgreSQL, one changes the schema while the others wait,
 * then find the work done.
 */
const SCHEMA_LOCK = 200_401;

export interface Migration {
  name: string;
  sql: string;
  /** sha256 of the file: an applied migration edited afterwards stops the start. */
  checksum: string;
}

export const checksumOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** The migration files in their order; a file named otherwise, or two files with one number, is a mistake. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) return [];
  const names = fs
    .readdirSync(dir)
    .filter((n) => !n.startsWith('.') && n !== 'README.md')
    .sort();
  const numbers = new Set<string>();
  return names.map((name) => {
    const number = MIGRATION_NAME.exec(name)?.[1];
    if (!number) throw new Error(`migrations/${name}: il nome deve essere NNNN_nome.sql (es. 0002_rinomina_campo.sql)`);
    if (numbers.has(number))
      throw new Error(`migrations/${name}: il numero ${number} è già usato da un'altra migrazione`);
    numbers.add(number);
    const sql = fs.readFileSync(path.join(dir, name), 'utf8');
    return { name, sql, checksum: checksumOf(sql) };
  });
}

/** Runs fn in one transaction holding the schema lock. */
export function underSchemaLock<T>(db: Db, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    return fn(tx);
  });
}

const MIGRATION_TABLE = `CREATE TABLE IF NOT EXISTS "schemaMigration" (
  name text PRIMARY KEY, checksum text NOT NULL, "appliedAt" timestamptz NOT NULL DEFAULT now())`;

async function appliedIn(tx: Transaction): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "schemaMigration"`);
  return new Map(rows.map((r) => [r.name, r.checksum]));
}

/** The start stops when the database's history and these files disagree: nothing is guessed. */
function checkHistory(applied: Map<string, string>, migrations: Migration[]): void {
  const byName = new Map(migrations.map((m) => [m.name, m]));
  for (const [name, checksum] of applied) {
    const file = byName.get(name);
    if (!file)
      throw new Error(
        `Migrazione ${name} già applicata a questo database ma assente in migrations/: il database è di una versione più recente del programma.`,
      );
    if (file.checksum !== checksum)
      throw new Error(
        `Migrazione ${name} modificata dopo essere stata applicata (checksum ${checksum.slice(0, 12)}… nel database, ${file.checksum.slice(0, 12)}… nel file): ripristinare il file e scrivere le modifiche in una nuova migrazione (npm run migrate:new).`,
      );
  }
}

/**
 * Applies the migrations not yet applied, in order, each in its own transaction under the schema
 * lock, and records each in "schemaMigration". Resolves to the names applied by this call.
 */
export async function applyMigrations(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  const pending = await underSchemaLock(db, async (tx) => {
    await tx.query(MIGRATION_TABLE);
    const applied = await appliedIn(tx);
    checkHistory(applied, migrations);
    return migrations.filter((m) => !applied.has(m.name));
  });
  const done: string[] = [];
  for (const migration of pending) {
    const ran = await underSchemaLock(db, async (tx) => {
      // Another process may have applied it while this one waited for the lock.
      if ((await tx.query(`SELECT 1 FROM "schemaMigration" WHERE name = $1`, [migration.name])).rows.length)
        return false;
      try {
        await tx.exec(migration.sql);
      } catch (err) {
        throw new Error(`Migrazione ${migration.name} non applicata: ${(err as Error).message}`, { cause: err });
      }
      await tx.query(`INSERT INTO "schemaMigration" (name, checksum) VALUES ($1, $2)`, [
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (ran) done.push(migration.name);
  }
  return done;
}
