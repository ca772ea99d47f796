import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, postgresAvailable, type PostgresServer } from '../../scripts/lib/postgresServer.ts';
import { loginHeaders, startServer, type RunningServer } from '../helpers/startServer.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-durability-'));
let server: RunningServer | undefined;
let postgres: PostgresServer | undefined;
afterAll(async () => {
  await server?.stop();
  postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function writeKillRestartRead(env: NodeJS.ProcessEnv) {
  server = await startServer(env);
  let headers = await loginHeaders(server.url, 'admin', 'Durevole2025!');
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
  headers = await loginHeaders(server.url, 'admin', 'Durevole2025!');
  const list = (await (await fetch(`${server.url}/api/agents?page=0&rowsPerPage=0`, { headers })).json()) as {
    data: { id: number; name: string }[];
  };
  expect(list.data.map((a) => a.id).sort((a, b) => a - b)).toEqual(acknowledged.map((a) => a.id));
  expect(list.data.find((a) => a.id === first?.id)?.name).toBe('Agente rinominato');
  await server.stop();
}

describe('an acknowledged write survives kill -9 of the server', () => {
  it('on PGlite under DATA_DIR', async () => {
    await writeKillRestartRead({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Durevole2025!', DEMO_DATA: '0' });
  });

  it.runIf(postgresAvailable() || process.env.CI)('on PostgreSQL via DATABASE_URL', async () => {
    postgres = startPostgres({ durable: true });
    await writeKillRestartRead({
      DATA_DIR: path.join(dataDir, 'pg-files'),
      DATABASE_URL: postgres.url,
      ADMIN_PASSWORD: 'Durevole2025!',
      DEMO_DATA: '0',
    });
  });
});
