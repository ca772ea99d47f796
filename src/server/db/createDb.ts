import fs from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';
import type { Db, Transaction } from './Db.ts';
import { timestampToIso as toIso } from './timestamps.ts';

// Wire formats the API promises: dates as YYYY-MM-DD, instants as ISO 8601, numbers as numbers.
const DATE = 1082;
const TIMESTAMPTZ = 1184;
const INT8 = 20;
const NUMERIC = 1700;

export interface DbOptions {
  /** postgres://... to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PGlite: start from this dump of a data directory (`dumpDataDir`) instead of an empty cluster. */
  snapshot?: Blob;
}

async function createPglite(dataDir?: string, snapshot?: Blob): Promise<Db> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const pg = await PGlite.create(dataDir ?? 'memory://', {
    parsers: { [DATE]: (v: string) => v, [TIMESTAMPTZ]: toIso, [INT8]: Number, [NUMERIC]: Number },
    // The trigram indexes of searches and text filters (a few hundred ms more at start).
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  const query = async <T>(sql: string, params?: unknown[]) => ({ rows: (await pg.query<T>(sql, params)).rows });
  return {
    kind: 'pglite',
    query,
    transaction: (fn, options) =>
      pg.transaction(async (tx) => {
        // In this process: a query more costs no round trip.
        for (const [name, value] of Object.entries(options?.settings ?? {}))
          await tx.query(`SELECT set_config($1, $2, true)`, [name, value]);
        return fn({
          query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await tx.query<T>(sql, params)).rows }),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        });
      }),
    listen: (channel, onNotify) => pg.listen(channel, (payload) => onNotify(payload)),
    close: () => pg.close(),
  };
}

async function createPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  const types = {
    getTypeParser: (oid: number, format?: string) => {
      if (oid === DATE) return (v: string) => v;
      if (oid === TIMESTAMPTZ) return toIso;
      if (oid === INT8 || oid === NUMERIC) return Number;
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  // Instants in UTC whatever the server's TimeZone, as on PGlite and in the tests: the SQL names Europe/Rome where
  // it means it, and UTC text is read without Date's parser (timestamps.ts).
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_SIZE ?? 20),
    types,
    options: '-c TimeZone=UTC',
  });
  // An idle connection that drops (server restart, a closing pool racing its socket) only leaves the
  // pool, which opens another when needed; unhandled, the event would end the process.
  pool.on('error', () => {});
  const query = async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as T[] });
  return {
    kind: 'postgres',
    query,
    async transaction(fn, options) {
      const client = await pool.connect();
      try {
        // The settings in the BEGIN's own call: the simple protocol (no parameters) runs both statements at once.
        const settings = Object.entries(options?.settings ?? {}).map(
          ([name, value]) => `SELECT set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true);`,
        );
        await client.query(['BEGIN;', ...settings].join(' '));
        const tx: Transaction = {
          query: async <T>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params)).rows as T[],
          }),
          // Without parameters pg uses the simple protocol, which runs several statements in one call.
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotify) => listenPostgres(pg.Client, url, channel, onNotify),
    close: () => pool.end(),
  };
}

const RECONNECT_MS = 2000;

/**
 * LISTEN needs a connection of its own, outside the pool. When it drops (server restart), it is
 * opened again and onNotify(undefined) runs once, since notifications sent meanwhile are lost.
 */
async function listenPostgres(
  PgClient: typeof Client,
  url: string,
  channel: string,
  onNotify: (payload: string | undefined) => void,
): Promise<() => Promise<void>> {
  let client: Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new PgClient({ connectionString: url });
    c.on('error', () => {
      if (client !== c) return;
      client = undefined;
      void c.end().catch(() => {});
      reconnect();
    });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) await c.end();
    else client = c;
  };
  const reconnect = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().then(() => onNotify(undefined), reconnect);
    }, RECONNECT_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end();
  };
}

export function createDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? createPostgres(options.databaseUrl) : createPglite(options.dataDir, options.snapshot);
}
