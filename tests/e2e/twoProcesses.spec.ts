import pg from 'pg';
import { insertOutboxRow } from '../../src/server/plugins/mail/outboxRepository.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/testSmtpServer.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN_PASSWORD } from './stack.ts';

// Server processes behind a load balancer share one PostgreSQL: the stack's server (A) and two more
// (B and C), each a real `node src/server/main.ts`. Only B and C have an SMTP server: they are the outbox workers.
let smtp: TestSmtpServer;
let b: { baseURL: string; stop: () => Promise<void> };
let c: { baseURL: string; stop: () => Promise<void> };

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ stack }) => {
  smtp = await startTestSmtpServer();
  [b, c] = await Promise.all([stack.startSibling({ SMTP_URL: smtp.url }), stack.startSibling({ SMTP_URL: smtp.url })]);
});
test.afterAll(async () => {
  await Promise.all([b.stop(), c.stop()]);
  await smtp.close();
});

test('a forced logout made on one server reaches, within 2 s, the browser connected to another', async ({
  page,
  request,
  stack,
  demoPassword,
}) => {
  const subscribed = page.waitForResponse((r) => r.url().startsWith(`${b.baseURL}/hub?`));
  await page.goto(`${b.baseURL}/login`);
  await page.getByLabel('Username').fill('utente');
  await page.getByLabel('Password').fill(demoPassword('utente'));
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  expect((await subscribed).status()).toBe(200);
  // The admin works on server A.
  const admin = (await (
    await request.post(`${stack.baseURL}/login_check`, { data: { username: 'admin', password: ADMIN_PASSWORD } })
  ).json()) as { token: string };
  const headers = { authorization: `Bearer ${admin.token}` };
  const users = (await (
    await request.get(`${stack.baseURL}/api/users?filters[username]=utente`, { headers })
  ).json()) as { data: { id: number; username: string }[] };
  const user = users.data.find((u) => u.username === 'utente');
  const res = await request.post(`${stack.baseURL}/api/users/${user?.id}/force-logout`, { headers });
  expect(res.status()).toBe(200);
  await expect(page).toHaveURL(`${b.baseURL}/login`, { timeout: 2000 });
});

test('two outbox workers in two processes deliver each queued message exactly once', async ({ stack }) => {
  const n = 20;
  const recipient = (i: number) => `cantiere${i}@edilizia-lariana.it`;
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const q = {
      query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
    };
    // One transaction: both workers wake up at the same commit and race for the same rows.
    await client.query('BEGIN');
    for (let i = 0; i < n; i++)
      await insertOutboxRow(q, {
        kind: 'brochure',
        status: 'queued',
        lastError: null,
        sender: 'noleggi@rossinoleggi.it',
        recipient: recipient(i),
        cc: null,
        replyTo: null,
        subject: `Listino noleggi ${i}`,
        htmlBody: '<p>In allegato il listino.</p>',
        textBody: 'In allegato il listino.',
        attachments: [],
        causeEntity: null,
        causeId: null,
        requestedBy: null,
      });
    await client.query('COMMIT');
    const ours = (m: { envelope: { to: string[] } }) => m.envelope.to[0]?.endsWith('@edilizia-lariana.it') ?? false;
    await smtp.waitFor(n, ours, 20_000);
    // Stopping waits for a send in progress, so a second delivery of any message would be counted below.
    await Promise.all([b.stop(), c.stop()]);
    const got = smtp.received.filter(ours).map((m) => m.envelope.to[0]);
    expect(got.sort()).toEqual(Array.from({ length: n }, (_, i) => recipient(i)).sort());
    const { rows } = await client.query<{ status: string; attempts: number }>(
      `SELECT status, attempts FROM email WHERE recipient LIKE '%@edilizia-lariana.it'`,
    );
    expect(rows).toHaveLength(n);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  } finally {
    await client.end();
  }
});
