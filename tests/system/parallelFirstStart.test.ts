import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresServer } from '../../scripts/lib/postgresServer.ts';
import { DEMO_DATA, DEMO_USERS } from '../../src/server/seed/demoData.ts';
import { loginHeaders, startServer, type RunningServer } from '../helpers/startServer.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-first-start-'));
let servers: RunningServer[] = [];
let postgres: PostgresServer | undefined;
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a first start shared by several processes', () => {
  it.runIf(postgresAvailable() || process.env.CI)(
    'three processes starting together on an empty PostgreSQL all come up, with one admin and the demo data once',
    async () => {
      postgres = startPostgres();
      // With PostgreSQL the data directory may be shared too: only the embedded database is one process's.
      const env = { DATABASE_URL: postgres.url, DATA_DIR: dataDir, DEMO_DATA: '1', ADMIN_PASSWORD: '' };
      const started = await Promise.allSettled([startServer(env), startServer(env), startServer(env)]);
      servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      expect(started.filter((s) => s.status === 'rejected').map((s) => String(s.reason))).toEqual([]);

      // One of them seeded and printed the admin's password; the others found it done.
      // Its lines may come a moment after the address line each start waited for: read them as they arrive.
      const seeders = () => servers.filter((s) => s.output().includes('Dati dimostrativi: caricati ora')).length;
      await expect.poll(seeders, { timeout: 30_000 }).toBe(1);
      const logs = servers.map((s) => s.output());
      // The workflows' demo too: one process claims it, the others say it is being loaded.
      const said = (text: string) => servers.filter((s) => s.output().includes(text)).length;
      await expect.poll(() => said('Dati dimostrativi delle attività: caricati ora'), { timeout: 120_000 }).toBe(1);
      const password = logs.map((l) => /utente "admin", password "([^"]+)"/.exec(l)?.[1]).filter(Boolean);
      expect(password).toHaveLength(1);
      expect(fs.readFileSync(path.join(dataDir, 'admin-password.txt'), 'utf8').trim()).toBe(password[0]);
      for (const s of servers) await loginHeaders(s.url, 'admin', password[0] as string);

      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const count = async (sql: string) => (await client.query<{ n: number }>(sql)).rows[0]?.n;
        expect(await count(`SELECT count(*)::int AS n FROM "user" WHERE username = 'admin'`)).toBe(1);
        expect(await count(`SELECT count(*)::int AS n FROM "user"`)).toBe(DEMO_USERS.length + 1);
        const agents = DEMO_DATA.find(([type]) => type === 'Agent')?.[1].length;
        expect(await count(`SELECT count(*)::int AS n FROM agent`)).toBe(agents);
        expect(await count(`SELECT count(*)::int AS n FROM "trattativaCp"`)).toBe(30);
        // A single-record resource (the general settings) got one record, not one per process.
        expect(await count(`SELECT count(*)::int AS n FROM "altraConfigurazione"`)).toBe(1);
      } finally {
        await client.end();
      }
    },
  );
});
