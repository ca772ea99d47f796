import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginHeaders, startServer, type RunningServer } from '../../../../tests/helpers/startServer.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/testSmtpServer.ts';

// The worker is a real server process (node src/server/main.ts) killed with SIGKILL at chosen points of a
// delivery; the mail server is this process's, so it sees every copy. On PGlite (DATA_DIR) in the
// server-pglite project, on a database of its own in the run's PostgreSQL in the server-postgres one.
const base = (inject as (key: 'postgresUrl') => string | undefined)('postgresUrl');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-outbox-crash-'));
const PASSWORD = 'Posta-2025!';
let databaseUrl: string | undefined;
let dropDb = async () => {};
let smtp: TestSmtpServer;
let server: RunningServer | undefined;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  if (base) {
    const name = `crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = base.replace(/\/postgres$/, `/${name}`);
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
});
afterAll(async () => {
  await server?.stop();
  await smtp.close();
  await dropDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// A short lease keeps the PostgreSQL case quick; on PGlite the restarted process takes its messages back at once.
const LEASE_SECONDS = 10;

async function start(): Promise<{ server: RunningServer; headers: Record<string, string>; readyAt: number }> {
  server = await startServer({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_PASSWORD: PASSWORD,
    DEMO_DATA: '0',
    SMTP_URL: smtp.url,
    MAIL_LEASE_SECONDS: String(LEASE_SECONDS),
  });
  const readyAt = Date.now();
  return { server, headers: await loginHeaders(server.url, 'admin', PASSWORD), readyAt };
}

const copiesTo = (to: string) => smtp.received.filter((m) => m.envelope.to.includes(to));

describe('the outbox after a crash of its worker (kill -9)', () => {
  it('delivers every message within a minute of the restart, twice only when killed between the 250 and the update', async () => {
    // What the mail server does for the first copy of each message (later copies are accepted).
    const plan = new Map<string, 'kill inside the window' | 'kill before the 250'>([
      ['dentro@edilizia-crash.it', 'kill inside the window'],
      ['prima@edilizia-crash.it', 'kill before the 250'],
    ]);
    const deferred = () => {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    };
    let crash = deferred();
    const crashed = async () => {
      await crash.promise;
      crash = deferred();
    };
    smtp.hold = async (envelope, accept) => {
      const to = envelope.to[0] ?? '';
      const action = plan.get(to);
      plan.delete(to);
      const running = server as RunningServer;
      if (action === 'kill inside the window') {
        // Stopped before it can read the 250: the message is accepted, its row not yet marked sent.
        process.kill(-(running.child.pid as number), 'SIGSTOP');
        accept();
        await running.kill9();
        crash.resolve();
      } else if (action === 'kill before the 250') {
        await running.kill9();
        crash.resolve();
      } else accept();
    };

    const a = await start();
    let headers = a.headers;
    const created = await fetch(`${a.server.url}/api/trattative_cp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ragioneSociale: 'Edilizia Crash S.r.l.', contatto: 'Paolo Brambilla' }),
    });
    expect(created.status).toBe(201);
    const negotiation = ((await created.json()) as { data: { id: number } }).data.id;
    const send = async (url: string, to: string) => {
      const res = await fetch(`${url}/api/trattative_cp/invia-anagrafica`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ idTrattativaCp: negotiation, email: [to] }),
      });
      expect(res.status, await res.text()).toBe(200);
    };

    // 1. Killed after the mail server's 250, before the row is updated: the one case that sends twice.
    await send(a.server.url, 'dentro@edilizia-crash.it');
    await crashed();
    expect(copiesTo('dentro@edilizia-crash.it')).toHaveLength(1);
    let b = await start();
    headers = b.headers;
    const twice = await smtp.waitFor(2, (m) => m.envelope.to.includes('dentro@edilizia-crash.it'), 60_000);
    expect(Date.now() - b.readyAt).toBeLessThan(60_000);
    // The same Message-ID both times, so a receiving server can drop the copy.
    expect(twice[1]?.mail.messageId).toBe(twice[0]?.mail.messageId);
    expect(twice[0]?.mail.messageId).toMatch(/^<crm-email-\d+-\d+@rossinoleggi\.it>$/);

    // 2. Killed before the 250 (the data sent, no answer yet): not delivered, so sent again, once.
    await send(b.server.url, 'prima@edilizia-crash.it');
    await crashed();
    expect(copiesTo('prima@edilizia-crash.it')).toHaveLength(0);
    b = await start();
    headers = b.headers;
    await smtp.waitFor(1, (m) => m.envelope.to.includes('prima@edilizia-crash.it'), 60_000);
    expect(Date.now() - b.readyAt).toBeLessThan(60_000);

    // 3. Killed once the row says sent: never sent again.
    await send(b.server.url, 'dopo@edilizia-crash.it');
    await smtp.waitFor(1, (m) => m.envelope.to.includes('dopo@edilizia-crash.it'), 60_000);
    const sentRow = async (url: string, to: string) => {
      const res = await fetch(`${url}/api/emails?page=0&rowsPerPage=0`, { headers });
      const rows = ((await res.json()) as { data: { recipient: string; status: string; attempts: number }[] }).data;
      return rows.find((r) => r.recipient === to);
    };
    await expect
      .poll(async () => (await sentRow(b.server.url, 'dopo@edilizia-crash.it'))?.status, { timeout: 30_000 })
      .toBe('sent');
    await b.server.kill9();

    // After the last restart a new message goes out; the worker takes messages in order, so by the time it
    // has, anything left over from before would have gone out too.
    const d = await start();
    headers = d.headers;
    await send(d.server.url, 'ultimo@edilizia-crash.it');
    await smtp.waitFor(1, (m) => m.envelope.to.includes('ultimo@edilizia-crash.it'), 60_000);
    await expect
      .poll(async () => (await sentRow(d.server.url, 'ultimo@edilizia-crash.it'))?.status, { timeout: 30_000 })
      .toBe('sent');

    expect(['dentro', 'prima', 'dopo', 'ultimo'].map((who) => copiesTo(`${who}@edilizia-crash.it`).length)).toEqual([
      2, 1, 1, 1,
    ]);
    for (const who of ['dentro', 'prima', 'dopo', 'ultimo'])
      expect((await sentRow(d.server.url, `${who}@edilizia-crash.it`))?.status).toBe('sent');
    // The flag a delivery sets (in the transaction that marks it sent) is set.
    const row = await fetch(`${d.server.url}/api/trattative_cp/${negotiation}`, { headers });
    expect(((await row.json()) as { data: { anagraficaInviata: boolean } }).data.anagraficaInviata).toBe(true);
  }, 400_000);
});
