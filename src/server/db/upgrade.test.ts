import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyCluster } from '../../../tests/helpers/testApp.ts';
import { buildApp } from '../app.ts';
import { createDb } from './createDb.ts';
import type { Db } from './Db.ts';
import { applyMigrations, checksumOf, readMigrations, type Migration } from './migrations.ts';

/** The previous release's database, demo data included (scripts/makeUpgradeFixture.ts). */
const FIXTURE = fileURLToPath(new URL('../../../tests/fixtures/upgrade/release-1.34.4.sql', import.meta.url));
const postgresUrl = (inject as (key: 'postgresUrl') => string | undefined)('postgresUrl');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Target {
  /** A connection to the database (PGlite: the one database object, shared like a process's). */
  open(): Promise<Db>;
  /** What buildApp needs to start on it. */
  appOptions: { databaseUrl?: string; db?: Db };
}

/** A new empty database: an in-memory PGlite, or a database in this run's PostgreSQL. */
async function emptyDatabase(): Promise<Target> {
  if (!postgresUrl) {
    const db = await createDb({ snapshot: await emptyCluster() });
    cleanups.push(() => db.close());
    return { open: async () => db, appOptions: { db } };
  }
  const { default: pg } = await import('pg');
  const name = `u_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: postgresUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const databaseUrl = postgresUrl.replace(/\/postgres$/, `/${name}`);
  return {
    async open() {
      const db = await createDb({ databaseUrl });
      cleanups.push(() => db.close());
      return db;
    },
    appOptions: { databaseUrl },
  };
}

const APP = {
  jwtSecret: 'upgrade-test-secret-upgrade-test-secret',
  log: { level: 'silent' as const },
  routingUrl: null,
  mail: { smtpUrl: null },
};

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ table: string }>(
    `SELECT tablename AS table FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { table } of rows)
    counts[table] = Number(
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]?.n ?? 0,
    );
  return counts;
}

describe('upgrade from the previous release', () => {
  it('keeps every row of release 1.34.4 and applies the migrations once', async () => {
    const target = await emptyDatabase();
    const db = await target.open();
    await db.transaction(async (tx) => {
      await tx.exec(fs.readFileSync(FIXTURE, 'utf8'));
      // The dump empties search_path for its own statements: the pooled connection must not keep that.
      await tx.query('RESET search_path');
      // An inventory of the previous release: its creator and last changer by username.
      await tx.query(
        `INSERT INTO "inventarioMezzi" (id, version, "filialeInventarioId", concluso, created, "createdBy", updated, "updatedBy")
         VALUES (1, 1, 1, false, now(), 'inventario', now(), 'nessuno.piu')`,
      );
    });
    const before = await rowCounts(db);
    expect(before.trattativaCp).toBe(3);
    expect(before.user).toBeGreaterThan(5);

    const { app, ctx } = await buildApp({ ...target.appOptions, ...APP });
    try {
      const after = await rowCounts(ctx.db);
      for (const [table, n] of Object.entries(before)) expect({ table, n: after[table] }).toEqual({ table, n });
      const applied = await ctx.db.query<{ name: string; checksum: string }>(
        `SELECT name, checksum FROM "schemaMigration" ORDER BY name`,
      );
      expect(applied.rows).toEqual(readMigrations().map(({ name, checksum }) => ({ name, checksum })));

      const { repo } = ctx.resource('TrattativaCp');
      const open = await repo.list({ filters: { archiviata: 'N' }, page: 1, rowsPerPage: 50 });
      // The negotiation loaded by SQL without "archiviata" is back in the default list (migration 0001).
      expect(open.data.map((r) => r.ragioneSociale).sort()).toEqual([
        'Edilizia Brambilla S.r.l.',
        'Impresa Legacy S.p.A.',
      ]);
      expect(open.data.find((r) => r.ragioneSociale === 'Edilizia Brambilla S.r.l.')).toMatchObject({
        partitaIva: '12345678901',
        email: 'ufficio@brambilla.example',
        note: 'Richiede piattaforma 16 m',
      });
      const admin = await ctx.db.query<{ username: string; passwordHash: string }>(
        `SELECT username, "passwordHash" FROM "user" WHERE username = 'admin'`,
      );
      expect(admin.rows[0]?.passwordHash).toMatch(/^scrypt/);
      const legacy = await ctx.db.query<{ archiviata: string }>(
        `SELECT archiviata FROM "trattativaCp" WHERE "ragioneSociale" = 'Impresa Legacy S.p.A.'`,
      );
      expect(legacy.rows).toEqual([{ archiviata: 'N' }]);
      // The indexes the schema declares (x-resource.indexes), the trigram one too (pg_trgm, PGlite has it).
      const indexes = await ctx.db.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'trattativaCp' AND indexname IN ('trattativaCp_operatoreId_idx', 'trattativaCp_ragioneSociale_trgm') ORDER BY indexname`,
      );
      expect(indexes.rows.map((r) => r.indexname)).toEqual([
        'trattativaCp_operatoreId_idx',
        'trattativaCp_ragioneSociale_trgm',
      ]);
      // People by name (migration 0002): the username of an account becomes its name; one without stays.
      const inventory = await ctx.db.query(`SELECT "createdBy", "updatedBy" FROM "inventarioMezzi" WHERE id = 1`);
      expect(inventory.rows).toEqual([{ createdBy: 'Stefano Ruggiero', updatedBy: 'nessuno.piu' }]);
      // The start of a phone number finds the customer written before the index held its digits (migration 0013).
      const byPhone = await ctx.db.query(
        `SELECT titolo FROM "ricerca" WHERE tipo = 'cliente' AND parole @@ to_tsquery('simple', '024567:*')`,
      );
      expect(byPhone.rows).toEqual([{ titolo: 'Edilizia Brambilla S.r.l.' }]);
      // A second start (the next deploy of the same release) finds nothing to do.
      expect(await applyMigrations(ctx.db)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('versioned migrations', () => {
  it('refuses to start when an applied migration was edited, or is missing from the files', async () => {
    const db = await (await emptyDatabase()).open();
    const first = migration('0001_probe.sql', 'CREATE TABLE probe (id int)');
    expect(await applyMigrations(db, [first])).toEqual(['0001_probe.sql']);
    await expect(applyMigrations(db, [migration('0001_probe.sql', 'CREATE TABLE probe (id bigint)')])).rejects.toThrow(
      /Migrazione 0001_probe\.sql modificata dopo essere stata applicata/,
    );
    await expect(applyMigrations(db, [])).rejects.toThrow(/0001_probe\.sql già applicata .* più recente/);
  });

  it('leaves nothing of a migration that fails, and records it only once it succeeds', async () => {
    const db = await (await emptyDatabase()).open();
    const ok = migration('0001_probe.sql', 'CREATE TABLE probe (id int)');
    const bad = migration('0002_half.sql', 'CREATE TABLE half (id int); INSERT INTO missing VALUES (1);');
    await expect(applyMigrations(db, [ok, bad])).rejects.toThrow(/Migrazione 0002_half\.sql non applicata/);
    const tables = await db.query(`SELECT tablename FROM pg_tables WHERE tablename IN ('probe', 'half')`);
    expect(tables.rows).toEqual([{ tablename: 'probe' }]);
    const names = await db.query(`SELECT name FROM "schemaMigration"`);
    expect(names.rows).toEqual([{ name: '0001_probe.sql' }]);
  });
});

describe('several processes starting together', () => {
  it('applies a migration once when several processes start together', async () => {
    const target = await emptyDatabase();
    const dbs = await Promise.all([target.open(), target.open(), target.open()]);
    // Not idempotent: applied twice, the second CREATE TABLE would fail.
    const once = [migration('0001_once.sql', 'CREATE TABLE once (id int); INSERT INTO once VALUES (1);')];
    const ran = await Promise.all(dbs.map((db) => applyMigrations(db, once)));
    expect(ran.flat()).toEqual(['0001_once.sql']);
    expect((await dbs[0].query(`SELECT count(*)::int AS n FROM once`)).rows).toEqual([{ n: 1 }]);
  });

  it('starts two apps on one new database at once: one builds the schema, both serve', async () => {
    const { appOptions } = await emptyDatabase();
    const apps = await Promise.all([buildApp({ ...appOptions, ...APP }), buildApp({ ...appOptions, ...APP })]);
    try {
      const applied = await apps[0].ctx.db.query(`SELECT name FROM "schemaMigration"`);
      expect(applied.rows).toEqual(readMigrations().map(({ name }) => ({ name })));
    } finally {
      for (const { app } of apps) await app.close();
    }
  });
});

function migration(name: string, sql: string): Migration {
  return { name, sql, checksum: checksumOf(sql) };
}
