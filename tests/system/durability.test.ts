import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startPostgres, postgresAvailable, type PostgresServer } from '../../scripts/lib/postgresServer.ts';
import { SEEDED_ADMIN_PASSWORD, copySeededDataDir } from '../helpers/seededDataDir.ts';
import { loginHeaders, startServer, type RunningServer } from '../helpers/startServer.ts';

// On PGlite from the run's seeded data directory: the subject is a write, the kill and the restart.
const dataDir = copySeededDataDir(inject('seededDataDir'), 'crm-durability-');
let server: RunningServer | undefined;
let postgres: PostgresServer | undefined;
afterAll(async () => {
  await server?.stop();
  postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function writeKillRestartRead(env: NodeJS.ProcessEnv & { ADMIN_PASSWORD: string }) {
  server = await startServer(env);
  let headers = await loginHeaders(server.url, 'admin', env.ADMIN_PASSWORD);
  const acknowledged: { id: number; name: string }[] = [];
  for (let i = 1; i <= 25; i++) {
    const res = await fetch(`${server.url}/api/agents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Agente ${i}`, code: `AG${i}` }),
    });
    expect(res.status).toBe(201);
    acknowledged.push(((await res.json()) as { data: { id: number; name: string } }).data);
  }
  const first = acknowledged[0];
  const upd = await fetch(`${server.url}/api/agents/${first?.id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ name: 'Agente rinominato' }),
  });
  expect(upd.status).toBe(200);
  await server.kill9();

  server = await startServer(env);
  headers = await loginHeaders(server.url, 'admin', env.ADMIN_PASSWORD);
  const list = (await (await fetch(`${server.url}/api/agents?page=0&rowsPerPage=0`, { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  expect(list.data.map((a) => a.id).sort((a, b) => a - b)).toEqual(acknowledged.map((a) => a.id));
  expect(list.data.find((a) => a.id === first?.id)?.name).toBe('Agente rinominato');
  await server.stop();
}

describe('an acknowledged write survives kill -9 of the server', () => {
  it('on PGlite under DATA_DIR', async () => {
    await writeKillRestartRead({ DATA_DIR: dataDir, ADMIN_PASSWORD: SEEDED_ADMIN_PASSWORD, DEMO_DATA: '0' });
  });

  it.runIf(postgresAvailable() || process.env.CI)('on PostgreSQL via DATABASE_URL', async () => {
    postgres = startPostgres({ durable: true });
    await writeKillRestartRead({
      DATA_DIR: path.join(dataDir, 'pg-files'),
      DATABASE_URL: postgres.url,
      ADMIN_PASSWORD: SEEDED_ADMIN_PASSWORD,
      DEMO_DATA: '0',
    });
  });
});
