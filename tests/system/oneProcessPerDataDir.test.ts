import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/server/db/dataDirLock.ts';
import { freePort } from '../helpers/freePort.ts';
import { loginHeaders, SERVER_COMMAND, startServer, type RunningServer } from '../helpers/startServer.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-one-process-'));
const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Unico-2025!', DEMO_DATA: '0' };
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A second server on the same data directory, to its exit: its code and everything it printed. */
function secondStart(): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const child = spawn(SERVER_COMMAND[0], SERVER_COMMAND[1], {
    env: { ...process.env, ...env, PORT: String(freePort()), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output, ms: Date.now() - started })));
}

async function addAgents(url: string, from: number, n: number): Promise<number[]> {
  const headers = await loginHeaders(url, 'admin', env.ADMIN_PASSWORD);
  const ids: number[] = [];
  for (let i = from; i < from + n; i++) {
    const res = await fetch(`${url}/api/agents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Agente ${i}`, code: `AG${i}` }),
    });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { data: { id: number } }).data.id);
  }
  return ids;
}

describe('one server process per embedded database', () => {
  it('a second start on a data directory in use refuses at once, naming the process, and loses nothing', async () => {
    server = await startServer(env);
    const first = await addAgents(server.url, 1, 15);
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };

    const second = await secondStart();
    expect(second.code).toBe(1);
    expect(second.output.trim()).toMatch(
      new RegExp(
        `^La cartella dei dati ${dataDir} è già in uso dal processo ${owner.pid}, avviato il .*: il database incorporato ` +
          '\\(PGlite\\) ammette un solo processo\\. Fermare quel processo, oppure, per più processi, usare PostgreSQL ' +
          'con DATABASE_URL \\(README, «Running several server processes»\\)\\.$',
      ),
    );
    expect(second.output).not.toContain('CRM Noleggi: http');

    // The first goes on as before; killed (the lock file stays behind), the next start takes the folder over.
    const more = await addAgents(server.url, 16, 15);
    await server.kill9();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    server = await startServer(env);
    const headers = await loginHeaders(server.url, 'admin', env.ADMIN_PASSWORD);
    const list = (await (await fetch(`${server.url}/api/agents?page=0&rowsPerPage=0`, { headers })).json()) as {
      data: { id: number; name: string }[];
    };
    expect(list.data.map((a) => a.id).sort((a, b) => a - b)).toEqual([...first, ...more]);
    expect(new Set(list.data.map((a) => a.name)).size).toBe(30);
    await server.stop();
    server = undefined;
    // A stopped server leaves no lock behind.
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
