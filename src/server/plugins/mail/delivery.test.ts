import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/testSmtpServer.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { createMail, type OutgoingMail } from './index.ts';

const FROM = '"Rossi Noleggi S.r.l." <noleggio@rossinoleggi.it>';
const PUBLIC_URL = 'https://crm.rossinoleggi.it';
// A small but real PDF: what a retry must send again byte for byte.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let smtp: TestSmtpServer;
let t: TestApp;
const fast = (smtpUrl: string) => ({
  smtpUrl,
  from: FROM,
  publicUrl: PUBLIC_URL,
  maxAttempts: 3,
  retryBaseMs: 5,
  retryMaxMs: 20,
});

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await testApp({ mail: fast(smtp.url) });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function enqueue(app: TestApp, mail: OutgoingMail): Promise<number> {
  return (await app.ctx.db.transaction((tx) => app.ctx.mail.enqueue(tx, mail))).id;
}

/** The outbox row as the API reads it. */
async function row(app: TestApp, id: number) {
  return await app.ctx.resource('Email').repo.get(id);
}

/** Polls the outbox row until it settles (sent or failed). */
function settled(app: TestApp, id: number): Promise<Awaited<ReturnType<typeof row>>> {
  return vi.waitFor(
    async () => {
      const r = await row(app, id);
      if (r.status !== 'sent' && r.status !== 'failed') throw new Error(`email ${id}: ${r.status}`);
      return r;
    },
    { timeout: 15_000, interval: 10 },
  );
}

const brochureTo = (to: string) =>
  ({ to, ...t.ctx.mail.render.brochure({ titolo: 'Piattaforme aeree', contatto: 'Paolo Brambilla' }) }) as const;

describe('delivery through a real SMTP server', () => {
  it('sends an offer to every recipient with the Italian text, the public link and the PDF', async () => {
    const id = await enqueue(t, {
      to: ['paolo.brambilla@ediliziabrambilla.it', 'acquisti@ediliziabrambilla.it'],
      cc: 'ufficio@ediliziabrambilla.it',
      replyTo: 'davide.fontana@rossinoleggi.it',
      ...t.ctx.mail.render.offerta({
        documentToken: 'b7f3c1e2a9',
        numeroOfferta: 'OFF-2025-000112',
        contatto: 'Paolo Brambilla',
        scadenza: '2025-10-24',
        conPdf: true,
        firma: 'Davide Fontana',
      }),
      attachments: [{ filename: 'Offerta_OFF-2025-000112.pdf', content: PDF, contentType: 'application/pdf' }],
      cause: { entity: 'trattativaCp', id: 42, user: 'utente.cp' },
    });
    const [got] = await smtp.waitFor(1, (m) => m.mail.subject?.includes('OFF-2025-000112') ?? false);
    const link = `${PUBLIC_URL}/trattativeCp/offers/b7f3c1e2a9`;
    expect(got?.envelope).toEqual({
      from: 'noleggio@rossinoleggi.it',
      to: ['paolo.brambilla@ediliziabrambilla.it', 'acquisti@ediliziabrambilla.it', 'ufficio@ediliziabrambilla.it'],
    });
    const mail = got?.mail;
    expect(mail?.from?.value).toEqual([{ name: 'Rossi Noleggi S.r.l.', address: 'noleggio@rossinoleggi.it' }]);
    expect(mail?.replyTo?.text).toBe('davide.fontana@rossinoleggi.it');
    expect(mail?.subject).toBe('Offerta di noleggio OFF-2025-000112 - Rossi Noleggi S.r.l.');
    expect(mail?.text).toContain('Gentile Paolo Brambilla,');
    expect(mail?.text).toContain(`Vedi e conferma l'offerta: ${link}`);
    expect(mail?.text).toContain("L'offerta è valida fino al 24-10-2025.");
    expect(mail?.text).toContain('Davide Fontana');
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('Rossi Noleggi S.r.l.');
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['Offerta_OFF-2025-000112.pdf', 'application/pdf'],
    ]);
    expect(Buffer.compare(mail?.attachments[0]?.content ?? Buffer.alloc(0), PDF)).toBe(0);

    const stored = await settled(t, id);
    expect(stored).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      kind: 'offerta',
      recipient: 'paolo.brambilla@ediliziabrambilla.it, acquisti@ediliziabrambilla.it',
      cc: 'ufficio@ediliziabrambilla.it',
      sender: FROM,
      attachmentNames: ['Offerta_OFF-2025-000112.pdf'],
      causeEntity: 'trattativaCp',
      causeId: 42,
      requestedBy: 'utente.cp',
    });
    expect(Date.parse(stored.sentAt ?? '')).toBeGreaterThanOrEqual(Date.parse(stored.createdAt));
  });

  it('retries a message the server refuses twice, with the same attachment, and sends it on the third attempt', async () => {
    const refusedBefore = smtp.refused.length;
    smtp.failNext(2);
    const id = await enqueue(t, {
      ...brochureTo('riprova@ediliziabrambilla.it'),
      attachments: [{ filename: 'Brochure.pdf', content: PDF, contentType: 'application/pdf' }],
    });
    const stored = await settled(t, id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 3, nextAttemptAt: null });
    expect(smtp.refused.length - refusedBefore).toBe(2);
    const got = smtp.received.filter((m) => m.envelope.to.includes('riprova@ediliziabrambilla.it'));
    expect(got).toHaveLength(1);
    expect(got[0]?.mail.attachments[0]?.filename).toBe('Brochure.pdf');
    expect(Buffer.compare(got[0]?.mail.attachments[0]?.content ?? Buffer.alloc(0), PDF)).toBe(0);
  });

  it('gives up after the last attempt and keeps the last error, without the SMTP password', async () => {
    const previous = smtp.reply;
    smtp.reply = (e) =>
      e.to.includes('sempre.occupato@ediliziabrambilla.it')
        ? { code: 451, message: '4.7.1 Casella occupata' }
        : previous(e);
    try {
      const stored = await settled(t, await enqueue(t, brochureTo('sempre.occupato@ediliziabrambilla.it')));
      expect(stored).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null, sentAt: null });
      expect(stored.lastError).toBe('Errore temporaneo del server di posta: 451 4.7.1 Casella occupata');
    } finally {
      smtp.reply = previous;
    }
  });

  it('does not retry a permanent refusal (5xx)', async () => {
    const previous = smtp.reply;
    smtp.reply = (e) =>
      e.to.includes('inesistente@ediliziabrambilla.it')
        ? { code: 550, message: '5.1.1 Casella inesistente' }
        : previous(e);
    try {
      const stored = await settled(t, await enqueue(t, brochureTo('inesistente@ediliziabrambilla.it')));
      expect(stored).toMatchObject({ status: 'failed', attempts: 1 });
      expect(stored.lastError).toBe('Messaggio rifiutato dal server di posta: 550 5.1.1 Casella inesistente');
    } finally {
      smtp.reply = previous;
    }
  });

  it('says the login failed without writing the credentials anywhere', async () => {
    const wrong = smtp.url.replace(smtp.password, 'password-sbagliata-123');
    const other = await t.sibling({ mail: { ...fast(wrong), maxAttempts: 1 } });
    // The sibling's worker shares the database: this app's worker (right password) must not take the message.
    await t.ctx.mail.stop();
    try {
      const stored = await settled(other, await enqueue(other, brochureTo('login@ediliziabrambilla.it')));
      expect(stored.status).toBe('failed');
      expect(stored.lastError).toMatch(/^Il server di posta ha rifiutato le credenziali: 535/);
      expect(stored.lastError).not.toContain('password-sbagliata-123');
      expect(stored.lastError).not.toContain(smtp.password);
    } finally {
      await other.close();
      await t.ctx.mail.start();
    }
  });

  it('writes nothing when the change that causes the message fails: the outbox rolls back with it', async () => {
    const subjectOf = (m: { mail: { subject?: string } }) => m.mail.subject ?? '';
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.ctx.mail.enqueue(tx, {
          to: 'annullata@ediliziabrambilla.it',
          ...t.ctx.mail.render.brochureMarketing({
            oggetto: 'Mai partita',
            testo: 'Questo messaggio non deve partire.',
          }),
        });
        throw new Error('salvataggio della trattativa non riuscito');
      }),
    ).rejects.toThrow('salvataggio della trattativa non riuscito');
    const { rows } = await t.ctx.db.query(`SELECT id FROM email WHERE subject = 'Mai partita'`);
    expect(rows).toEqual([]);
    // A message enqueued afterwards goes out; the rolled-back one never does.
    await settled(t, await enqueue(t, brochureTo('dopo@ediliziabrambilla.it')));
    await smtp.waitFor(1, (m) => m.envelope.to.includes('dopo@ediliziabrambilla.it'));
    expect(smtp.received.filter((m) => subjectOf(m) === 'Mai partita')).toEqual([]);
  });

  it('refuses a bad address before anything is written', async () => {
    await expect(enqueue(t, brochureTo('non-è-un-indirizzo'))).rejects.toMatchObject({
      statusCode: 400,
      violations: [{ field: 'to', message: 'indirizzo email non valido: non-è-un-indirizzo' }],
    });
    await expect(enqueue(t, brochureTo(''))).rejects.toMatchObject({
      violations: [{ field: 'to', message: 'Selezionare almeno un destinatario' }],
    });
  });
});

describe('two server processes on one database', () => {
  it('deliver each of the queued messages exactly once', async () => {
    const n = 20;
    const a = await testApp({ mail: fast(smtp.url) });
    const b = await a.sibling({ mail: fast(smtp.url) });
    const recipient = (i: number) => `cliente${i}@cantieri-lombardi.it`;
    try {
      // One transaction: both workers are woken by the same commit and race for the same rows.
      const ids = await a.ctx.db.transaction(async (tx) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push((await a.ctx.mail.enqueue(tx, brochureTo(recipient(i)))).id);
        return out;
      });
      await smtp.waitFor(n, (m) => m.envelope.to[0]?.endsWith('@cantieri-lombardi.it') ?? false);
      for (const id of ids) expect((await settled(a, id)).attempts).toBe(1);
    } finally {
      // Closing waits for any send in progress, so a duplicate would be counted below.
      await b.close();
      await a.close();
    }
    const got = smtp.received.filter((m) => m.envelope.to[0]?.endsWith('@cantieri-lombardi.it'));
    expect(got.map((m) => m.envelope.to[0]).sort()).toEqual(Array.from({ length: n }, (_, i) => recipient(i)).sort());
    expect(a.ctx.mail.stats.sent + b.ctx.mail.stats.sent).toBe(n);
  });
});

describe('a message being sent when its worker dies', () => {
  it('stays with a live worker however long the send takes: the lease is renewed while it lasts', async () => {
    const a = await testApp({ mail: { ...fast(smtp.url), leaseMs: 300 } });
    const b = await a.sibling({ mail: { ...fast(smtp.url), leaseMs: 300 } });
    const previous = smtp.hold;
    // The mail server takes three leases' time to accept: another worker must not take the message meanwhile.
    smtp.hold = async (envelope, accept) => {
      if (envelope.to.includes('lento@cantieri-lombardi.it')) await new Promise((r) => setTimeout(r, 900));
      accept();
    };
    try {
      const id = await enqueue(a, brochureTo('lento@cantieri-lombardi.it'));
      expect(await settled(a, id)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await b.close();
      await a.close();
      smtp.hold = previous;
    }
    expect(smtp.received.filter((m) => m.envelope.to.includes('lento@cantieri-lombardi.it'))).toHaveLength(1);
  });

  it('is sent again at once, with its Message-ID, by the next start of the only process on the database', async () => {
    await t.ctx.mail.stop();
    const id = await enqueue(t, brochureTo('ripreso@cantieri-lombardi.it'));
    // As a crash leaves it: claimed an hour's lease ago by a process that is gone.
    await t.ctx.db.query(
      `UPDATE email SET status = 'sending', attempts = 1, "leaseUntil" = now() + interval '1 hour',
         "messageId" = '<crm-email-ripreso@rossinoleggi.it>' WHERE id = $1`,
      [id],
    );
    const restarted = createMail(t.ctx.db, fast(smtp.url), { maxAttachmentBytes: 1_000_000, exclusive: true });
    await restarted.start();
    try {
      const [got] = await smtp.waitFor(1, (m) => m.envelope.to.includes('ripreso@cantieri-lombardi.it'), 10_000);
      expect(got?.mail.messageId).toBe('<crm-email-ripreso@rossinoleggi.it>');
      expect(await settled(t, id)).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await restarted.stop();
      await t.ctx.mail.start();
    }
  });
});
