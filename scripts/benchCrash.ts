// npm run bench:crash: the server (node src/server/main.ts) killed with SIGKILL, on PGlite and on PostgreSQL.
// 1. While clients write: acknowledged writes that are missing, or present twice, after the restart.
// 2. While the outbox delivers: messages not delivered, delivered twice, and how long after the restart
//    delivery went on. Prints the figures as the README's tables. CRASH_ROUNDS (3), CRASH_WRITERS (8),
//    CRASH_SECONDS (3), CRASH_MESSAGES (20), MAIL_LEASE_SECONDS (default of the product).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresAvailable, startPostgres, type PostgresServer } from './lib/postgresServer.ts';
import { loginHeaders, startServer, type RunningServer } from '../tests/helpers/startServer.ts';
import { startTestSmtpServer } from '../tests/helpers/testSmtpServer.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const WRITERS = Number(process.env.CRASH_WRITERS ?? 8);
const SECONDS = Number(process.env.CRASH_SECONDS ?? 3);
const MESSAGES = Number(process.env.CRASH_MESSAGES ?? 20);
const PASSWORD = 'Crash-bench-2026!';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Database {
  name: string;
  env: () => NodeJS.ProcessEnv;
  stop: () => void;
}

function databases(): Database[] {
  const dirs: string[] = [];
  const dir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-crash-'));
    dirs.push(d);
    return d;
  };
  const removeDirs = () => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  const out: Database[] = [{ name: 'PGlite', env: () => ({ DATA_DIR: dir() }), stop: removeDirs }];
  if (postgresAvailable()) {
    let postgres: PostgresServer | undefined;
    out.push({
      name: 'PostgreSQL 15',
      env: () => {
        postgres?.stop();
        // fsync on, as in production: an acknowledged COMMIT is on disk.
        postgres = startPostgres({ durable: true });
        return { DATA_DIR: dir(), DATABASE_URL: postgres.url };
      },
      stop: () => {
        postgres?.stop();
        removeDirs();
      },
    });
  } else console.log('(PostgreSQL 15 is not installed: only PGlite)');
  return out;
}

const base = (env: NodeJS.ProcessEnv) => ({ ...env, ADMIN_PASSWORD: PASSWORD, DEMO_DATA: '0' });

/** Every agent's code, by pages (an unpaged list stops at 5,000 rows). */
async function agentCodes(url: string, headers: Record<string, string>): Promise<string[]> {
  const codes: string[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/api/agents?page=${page}&rowsPerPage=1000&sortBy=id`, { headers });
    const rows = ((await res.json()) as { data: { code: string }[] }).data;
    codes.push(...rows.map((r) => r.code));
    if (rows.length < 1000) return codes;
  }
}

interface WriteRound {
  database: string;
  round: number;
  acknowledged: number;
  missing: number;
  duplicated: number;
  inFlightKept: number;
}

/** Rounds of WRITERS clients creating records for about SECONDS, the server killed while they write, then read back. */
async function writesUnderKill(db: Database): Promise<WriteRound[]> {
  const env = base(db.env());
  const acknowledged: Set<string>[] = [];
  const attempted: Set<string>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const server = await startServer(env);
    const headers = await loginHeaders(server.url, 'admin', PASSWORD);
    const acked = new Set<string>();
    const tried = new Set<string>();
    let stopped = false;
    let n = 0;
    const writer = async () => {
      while (!stopped) {
        const code = `R${round}-${n++}`;
        tried.add(code);
        try {
          const res = await fetch(`${server.url}/api/agents`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: `Agente ${code}`, code }),
          });
          if (res.status === 201) acked.add(code);
          else await res.body?.cancel();
        } catch {
          return;
        }
      }
    };
    const writers = Promise.all(Array.from({ length: WRITERS }, writer));
    await sleep(SECONDS * 1000 * (0.7 + 0.6 * Math.random()));
    await server.kill9();
    stopped = true;
    await writers;
    acknowledged.push(acked);
    attempted.push(tried);
  }
  const server = await startServer(env);
  const headers = await loginHeaders(server.url, 'admin', PASSWORD);
  const codes = await agentCodes(server.url, headers);
  await server.stop();
  const seen = new Map<string, number>();
  for (const c of codes) seen.set(c, (seen.get(c) ?? 0) + 1);
  return acknowledged.map((acked, i) => {
    const mine = [...(attempted[i] ?? [])];
    return {
      database: db.name,
      round: i + 1,
      acknowledged: acked.size,
      missing: [...acked].filter((c) => !seen.has(c)).length,
      duplicated: mine.filter((c) => (seen.get(c) ?? 0) > 1).length,
      inFlightKept: mine.filter((c) => !acked.has(c) && seen.has(c)).length,
    };
  });
}

interface MailRun {
  database: string;
  messages: number;
  once: number;
  twice: number;
  more: number;
  missing: number;
  crashes: string[];
  resumedAfterMs: number[];
}

/**
 * MESSAGES e-mails queued, the server killed three times while it delivers them: after the mail server's
 * 250 and before the row is marked (the window), before the 250, and at a random moment of another send;
 * restarted each time, until every message is out.
 */
async function outboxUnderKill(db: Database): Promise<MailRun> {
  const smtp = await startTestSmtpServer();
  const env = { ...base(db.env()), SMTP_URL: smtp.url };
  let server: RunningServer = await startServer(env);
  let headers = await loginHeaders(server.url, 'admin', PASSWORD);
  const to = (i: number) => `cantiere${i}@bench-crash.it`;
  const plan = new Map<string, string>([
    [to(Math.floor(MESSAGES * 0.2)), 'inside the window'],
    [to(Math.floor(MESSAGES * 0.5)), 'before the 250'],
    [to(Math.floor(MESSAGES * 0.8)), 'at a random moment'],
  ]);
  const crashes: string[] = [];
  const copies = (recipient: string) => smtp.received.filter((m) => m.envelope.to[0] === recipient).length;
  // The message in flight at a crash before the 250 or inside the window must go (again) after the restart:
  // how long after the restart it does.
  const waiting: { recipient: string; copies: number; restartedAt?: number }[] = [];
  let crashed: (() => void) | undefined;
  // Nothing is accepted until every message is queued (the API calls would meet a killed server).
  let queued = () => {};
  const allQueued = new Promise<void>((resolve) => (queued = resolve));
  smtp.hold = async (envelope, accept) => {
    await allQueued;
    const recipient = envelope.to[0] ?? '';
    const action = plan.get(recipient);
    plan.delete(recipient);
    const running = server;
    if (!action) return accept();
    crashes.push(action);
    if (action === 'inside the window') {
      process.kill(-(running.child.pid as number), 'SIGSTOP');
      accept();
    } else if (action === 'at a random moment') {
      accept();
      await sleep(Math.random() * 5);
    }
    if (action !== 'at a random moment') waiting.push({ recipient, copies: copies(recipient) });
    await running.kill9();
    crashed?.();
  };
  const negotiation = await fetch(`${server.url}/api/trattative_cp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ragioneSociale: 'Bench Crash S.r.l.' }),
  });
  const id = ((await negotiation.json()) as { data: { id: number } }).data.id;
  for (let i = 0; i < MESSAGES; i++) {
    const res = await fetch(`${server.url}/api/trattative_cp/invia-anagrafica`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ idTrattativaCp: id, email: [to(i)] }),
    });
    if (res.status !== 200) throw new Error(`invia-anagrafica: ${res.status} ${await res.text()}`);
  }
  queued();
  const resumedAfterMs: number[] = [];
  const delivered = () => new Set(smtp.received.map((m) => m.envelope.to[0])).size;
  const next = (received: number) =>
    new Promise<'down' | 'delivered'>((resolve) => {
      crashed = () => resolve('down');
      const check = () => (smtp.received.length > received ? resolve('delivered') : setTimeout(check, 20));
      check();
    });
  const deadline = Date.now() + 10 * 60_000;
  while (delivered() < MESSAGES || waiting.length > 0) {
    if (Date.now() > deadline) throw new Error(`not delivered in 10 minutes: ${JSON.stringify(waiting)}`);
    if ((await next(smtp.received.length)) === 'down') {
      server = await startServer(env);
      for (const w of waiting) w.restartedAt ??= Date.now();
    }
    for (const w of waiting.filter((w) => w.restartedAt && copies(w.recipient) > w.copies)) {
      resumedAfterMs.push(Date.now() - (w.restartedAt as number));
      waiting.splice(waiting.indexOf(w), 1);
    }
  }
  // Every row settled before counting: a copy still on its way would be a duplicate not yet seen.
  headers = await loginHeaders(server.url, 'admin', PASSWORD);
  for (;;) {
    const res = await fetch(`${server.url}/api/emails?page=0&rowsPerPage=0`, { headers });
    const rows = ((await res.json()) as { data: { recipient: string; status: string }[] }).data;
    if (rows.filter((r) => r.recipient.endsWith('@bench-crash.it')).every((r) => r.status === 'sent')) break;
    await sleep(200);
  }
  await server.stop();
  await smtp.close();
  const counts = Array.from({ length: MESSAGES }, (_, i) => copies(to(i)));
  return {
    database: db.name,
    messages: MESSAGES,
    once: counts.filter((c) => c === 1).length,
    twice: counts.filter((c) => c === 2).length,
    more: counts.filter((c) => c > 2).length,
    missing: counts.filter((c) => c === 0).length,
    crashes,
    resumedAfterMs,
  };
}

const dbs = databases();
const writes: WriteRound[] = [];
const mails: MailRun[] = [];
try {
  for (const db of dbs) {
    console.log(`${db.name}: ${ROUNDS} rounds of kill -9 during writes…`);
    writes.push(...(await writesUnderKill(db)));
    console.log(`${db.name}: kill -9 during e-mail delivery…`);
    mails.push(await outboxUnderKill(db));
  }
} finally {
  for (const db of dbs) db.stop();
}

console.log(`\nkill -9 while ${WRITERS} clients write (about ${SECONDS} s a round), then a restart`);
console.log('| database | round | acknowledged | missing | duplicated | in flight at the kill, kept |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const w of writes)
  console.log(
    `| ${w.database} | ${w.round} | ${w.acknowledged} | ${w.missing} | ${w.duplicated} | ${w.inFlightKept} |`,
  );

console.log(
  `\nkill -9 while the outbox delivers ${MESSAGES} e-mails (${mails[0]?.crashes.join(', ')}), restarted each time`,
);
console.log('| database | delivered once | twice | more | missing | the message in flight sent after the restart in |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const m of mails)
  console.log(
    `| ${m.database} | ${m.once} | ${m.twice} | ${m.more} | ${m.missing} | ${m.resumedAfterMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} |`,
  );
const missing = writes.reduce((n, w) => n + w.missing, 0) + mails.reduce((n, m) => n + m.missing, 0);
console.log(`\nmissing: ${missing}`);
