import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { createDb } from '../../src/server/db/createDb.ts';

/**
 * A new PGlite runs initdb, seconds of CPU each time; the dump of an empty cluster, made once per
 * PGlite version and kept in the temporary folder, opens in a fraction of that.
 */
export async function emptyCluster(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pkg = JSON.parse(
    fs.readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  const file = path.join(os.tmpdir(), `crm-test-pglite-${pkg.version}.tar`);
  if (!fs.existsSync(file)) {
    const pg = await PGlite.create('memory://');
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    // Workers may race to write it: each writes its own file, the rename is atomic.
    const own = `${file}.${process.pid}`;
    fs.writeFileSync(own, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(own, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** What the server makes of a new database at its first start: every table, index and migration, no user. */
async function firstStart(options: { databaseUrl?: string; db?: Awaited<ReturnType<typeof createDb>> }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-test-first-start-'));
  try {
    const { app } = await buildApp({
      ...options,
      dataDir,
      jwtSecret: 'x'.repeat(64),
      log: { level: 'silent' },
      mail: { smtpUrl: null },
      routingUrl: null,
    });
    await app.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The schema is built once per run by the current code (global setups of the server projects), and every
 * test's database starts from it: the server's own start on it then finds nothing to do, as at a restart.
 * PGlite: the dump of a cluster the server has started on, in a file. Returns the file and its clean-up.
 */
export async function migratedPgliteCluster(): Promise<{ file: string; remove: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-test-migrated-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const pgdata = path.join(dir, 'pgdata');
    const db = await createDb({ dataDir: pgdata, snapshot: await emptyCluster() });
    try {
      await firstStart({ db });
    } finally {
      await db.close();
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create(pgdata);
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    const file = path.join(dir, 'migrated.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    fs.rmSync(pgdata, { recursive: true, force: true });
    return { file, remove };
  } catch (err) {
    remove();
    throw err;
  }
}

/** PostgreSQL: a database the server has started on, the template of each test's database. Returns its name. */
export async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = 'crm_migrated';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  await firstStart({ databaseUrl: serverUrl.replace(/\/postgres$/, `/${name}`) });
  return name;
}
