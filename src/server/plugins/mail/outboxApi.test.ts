import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/testSmtpServer.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import type { Email } from '../../../../generated/entities.ts';
import { NOT_CONFIGURED } from './index.ts';

let smtp: TestSmtpServer;
/** A server without SMTP_URL, as the product runs out of the box. */
let bare: TestApp;
let superAdmin: { authorization: string };

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  bare = await testApp();
  superAdmin = await bare.as(['ROLE_SUPER_ADMIN']);
});
afterAll(async () => {
  await bare.close();
  await smtp.close();
});

const offer = (app: TestApp, to: string) => ({
  to,
  ...app.ctx.mail.render.offerta({ documentToken: 'tok-42', numeroOfferta: 'OFF-2025-000042' }),
  cause: { entity: 'trattativaCp', id: 42, user: 'utente.cp' },
});
const enqueue = async (app: TestApp, to: string) =>
  (await app.ctx.db.transaction((tx) => app.ctx.mail.enqueue(tx, offer(app, to)))).id;

const list = (app: TestApp, headers: { authorization: string }, query = '') =>
  app.app.inject({ method: 'GET', url: `/api/emails${query}`, headers });
const resend = (app: TestApp, id: number, headers = superAdmin) =>
  app.app.inject({ method: 'POST', url: `/api/emails/${id}/resend`, headers });

function settled(app: TestApp, id: number): Promise<Email> {
  return vi.waitFor(
    async () => {
      const r = (await app.ctx.resource('Email').repo.get(id)) as unknown as Email;
      if (r.status !== 'sent' && r.status !== 'failed') throw new Error(`email ${id}: ${r.status}`);
      return r;
    },
    { timeout: 15_000, interval: 10 },
  );
}

describe('GET /api/emails (listEmail): the outbox, for the super admin only', () => {
  it('refuses an admin and a contact-centre user, and lists for the super admin, newest first', async () => {
    const first = await enqueue(bare, 'primo@ediliziabrambilla.it');
    const second = await enqueue(bare, 'secondo@ediliziabrambilla.it');
    for (const role of ['ROLE_ADMIN', 'ROLE_CONTACT_CENTER']) {
      const res = await list(bare, await bare.as([role]));
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe('Non Autorizzato');
    }
    const res = await list(bare, superAdmin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Email[];
    expect(data.map((e) => e.id).slice(0, 2)).toEqual([second, first]);
    expect(data[0]).toMatchObject({
      status: 'notConfigured',
      attempts: 0,
      lastError: NOT_CONFIGURED,
      kind: 'offerta',
      recipient: 'secondo@ediliziabrambilla.it',
      subject: 'Offerta di noleggio OFF-2025-000042 - Rossi Noleggi S.r.l.',
      attachmentNames: [],
      causeEntity: 'trattativaCp',
      causeId: 42,
      requestedBy: 'utente.cp',
      sentAt: null,
    });
  });

  it('filters by status and recipient', async () => {
    const res = await list(bare, superAdmin, '?filters[status]=notConfigured&filters[recipient]=primo@');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Email[]).map((e) => e.recipient)).toEqual(['primo@ediliziabrambilla.it']);
    expect((await list(bare, superAdmin, '?filters[status]=sent&filters[recipient]=primo@')).json().totalRows).toBe(0);
  });
});

describe('POST /api/emails/{id}/resend (Reinvia)', () => {
  it('keeps a message undelivered without SMTP_URL, and sends it on Reinvia once the server has SMTP', async () => {
    const id = await enqueue(bare, 'in.attesa@ediliziabrambilla.it');
    const refused = await resend(bare, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Impossibile reinviare. Invio e-mail non configurato: rivolgersi all'amministratore",
    );

    // The same database served again with SMTP_URL set, as after a restart with the new configuration.
    const configured = await bare.sibling({ mail: { smtpUrl: smtp.url, retryBaseMs: 5 } });
    try {
      const res = await resend(configured, id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id, status: 'queued', attempts: 0 });
      expect(await settled(configured, id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      const [got] = await smtp.waitFor(1, (m) => m.envelope.to.includes('in.attesa@ediliziabrambilla.it'));
      expect(got?.mail.text).toContain('/trattativeCp/offers/tok-42');

      const again = await resend(configured, id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Email già inviata: non si può reinviare');
    } finally {
      await configured.close();
    }
  });

  it('re-queues a failed message, and refuses one still in the queue', async () => {
    // Retries a minute apart: a temporary refusal leaves the message queued for the whole test.
    const app = await testApp({ mail: { smtpUrl: smtp.url, maxAttempts: 2, retryBaseMs: 60_000 } });
    try {
      const headers = await app.as(['ROLE_SUPER_ADMIN']);
      smtp.failNext(1, 554, '5.7.1 Messaggio rifiutato');
      const failed = await enqueue(app, 'rifiutata@ediliziabrambilla.it');
      expect(await settled(app, failed)).toMatchObject({ status: 'failed', attempts: 1 });
      const res = await resend(app, failed, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: failed, status: 'queued', attempts: 0 });
      expect(await settled(app, failed)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

      smtp.failNext(1);
      const queued = await enqueue(app, 'in.coda@ediliziabrambilla.it');
      await vi.waitFor(
        async () =>
          expect(await app.ctx.resource('Email').repo.get(queued)).toMatchObject({ status: 'queued', attempts: 1 }),
        { timeout: 15_000, interval: 10 },
      );
      const refused = await resend(app, queued, headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Email già in coda di invio');
      expect((await resend(app, 999_999, headers)).statusCode).toBe(404);
      expect((await resend(app, failed, await app.as(['ROLE_ADMIN']))).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/emails/{id} (getEmail): a message as sent, for the super admin only', () => {
  const get = (id: number | string, headers?: { authorization: string }) =>
    bare.app.inject({ method: 'GET', url: `/api/emails/${id}`, ...(headers ? { headers } : {}) });

  it('answers the HTML and text bodies with the link the message carried', async () => {
    const id = await enqueue(bare, 'paolo@ediliziabrambilla.it');
    const res = await get(id, superAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id,
      recipient: 'paolo@ediliziabrambilla.it',
      kind: 'offerta',
      status: 'notConfigured',
      troncato: false,
    });
    expect(data.textBody).toContain('/trattativeCp/offers/tok-42');
    expect(data.htmlBody).toMatch(/<a [^>]*href="[^"]*\/trattativeCp\/offers\/tok-42"/);
    // Never the attachments' bytes, only their names as in the list.
    expect(Object.keys(data)).not.toContain('attachments');
  });

  it('cuts a body longer than 200,000 characters and says so', async () => {
    const id = (
      await bare.ctx.db.transaction((tx) =>
        bare.ctx.mail.enqueue(tx, {
          ...offer(bare, 'paolo@ediliziabrambilla.it'),
          text: 'a'.repeat(250_000),
          html: '<p>breve</p>',
        }),
      )
    ).id;
    const data = (await get(id, superAdmin)).json().data;
    expect(data.troncato).toBe(true);
    expect(data.textBody).toHaveLength(200_000);
    expect(data.htmlBody).toBe('<p>breve</p>');
  });

  it('refuses every role but the super admin (403), no token (401), an unknown id (404), a bad id (400)', async () => {
    const id = await enqueue(bare, 'riservata@ediliziabrambilla.it');
    for (const role of ['ROLE_ADMIN', 'ROLE_CONTACT_CENTER', 'ROLE_USER_CP', 'ROLE_USER']) {
      const res = await get(id, await bare.as([role]));
      expect(res.statusCode, role).toBe(403);
      expect(res.body).not.toContain('riservata@');
    }
    expect((await get(id)).statusCode).toBe(401);
    expect((await get(999_999, superAdmin)).statusCode).toBe(404);
    expect((await get('abc', superAdmin)).statusCode).toBe(400);
  });
});
