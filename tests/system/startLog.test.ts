import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresServer } from '../../scripts/lib/postgresServer.ts';
import { DEMO_USERS } from '../../src/server/seed/demoData.ts';
import { startServer, type RunningServer } from '../helpers/startServer.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-startlog-'));
let server: RunningServer | undefined;
let postgres: PostgresServer | undefined;
afterAll(async () => {
  await server?.stop();
  postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Waits until the server's output has said what demo data it has (printed after it listens). */
async function startLog(env: NodeJS.ProcessEnv): Promise<string> {
  server = await startServer(env);
  const started = server;
  await expect
    .poll(() => /Dati dimostrativi delle attività: presenti|Dati dimostrativi: no/.test(started.output()), {
      timeout: 120_000,
    })
    .toBe(true);
  const output = started.output();
  await started.stop();
  server = undefined;
  return output;
}

describe('the start log', () => {
  it('first start on the embedded database: the admin and each demo user get a random password, printed once and saved', async () => {
    const first = await startLog({ DATA_DIR: dataDir, ADMIN_PASSWORD: '', DEMO_DATA: '' });
    // The server runs on the Node.js that runs the tests (under npm and npx: the project's own, 24).
    expect(first).toContain(`(database: PGlite in ${dataDir}, Node.js ${process.version})`);
    const admin = /utente "admin", password "([^"]+)"/.exec(first)?.[1] ?? '';
    expect(admin).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(fs.readFileSync(path.join(dataDir, 'admin-password.txt'), 'utf8').trim()).toBe(admin);
    expect(first).toContain(
      `Dati dimostrativi: caricati ora; un utente per ruolo (password salvate in ${path.join(dataDir, 'demo-passwords.txt')}):`,
    );
    const saved = fs.readFileSync(path.join(dataDir, 'demo-passwords.txt'), 'utf8');
    for (const { username } of DEMO_USERS) {
      const printed = new RegExp(`^  ${username.replace('.', '\\.')} +(\\S+) +\\S.*$`, 'm').exec(first)?.[1];
      expect(printed).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(saved).toContain(`${username} ${printed}\n`);
    }
    // Each line names the user's roles: the rental company's NL person works on the negotiations as a CP user.
    expect(first).toMatch(/^ {2}noleggio +\S+ +Utente CP \+ Noleggio$/m);
    expect(first).toMatch(/^ {2}accettazione +\S+ +Utente accettazione mezzi$/m);
    expect(first).not.toContain('Noleggio2025!');
    // The workflows' demo, loaded through the app's calls before the port opened, and its public offer pages.
    expect(first).toMatch(/Dati dimostrativi delle attività: caricati ora in \d+\.\d s/);
    const offerPages = (log: string) =>
      [...log.matchAll(/offerta (per il cliente|firmata): +http:\/\/\S+(\/trattativeCp\/offers\/\S+)/g)].map(
        (m) => m[2],
      );
    expect(offerPages(first)).toHaveLength(2);

    const second = await startLog({ DATA_DIR: dataDir, ADMIN_PASSWORD: '', DEMO_DATA: '' });
    expect(second).toContain(`Accesso: utente "admin", password in ${path.join(dataDir, 'admin-password.txt')}`);
    expect(second).toContain(`Dati dimostrativi: presenti (${DEMO_USERS.length} utenti dimostrativi; password in`);
    expect(second).not.toContain(admin);
    expect(second).not.toContain('caricati ora');
    expect(second).toContain('Dati dimostrativi delle attività: presenti');
    expect(offerPages(second)).toEqual(offerPages(first));
  });

  it.runIf(postgresAvailable())('PostgreSQL: no demo data unless DEMO_DATA=1, and the log says so', async () => {
    postgres = startPostgres();
    const log = await startLog({
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      ADMIN_PASSWORD: 'Prova-2025!',
      DEMO_DATA: '',
    });
    expect(log).toContain(`(database: PostgreSQL, Node.js ${process.version})`);
    expect(log).toContain('Accesso: utente "admin" con la password di ADMIN_PASSWORD');
    expect(log).toContain('Dati dimostrativi: no (su PostgreSQL solo con DEMO_DATA=1, in un database vuoto)');
  });
});
