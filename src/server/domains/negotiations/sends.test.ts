import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubEvent } from '../../../../generated/entities.ts';
import { EXE, PDF, uploadForm } from '../../../../tests/helpers/sampleFiles.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/testSmtpServer.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { asRead, fullOffer, seedOfferConfig } from '../../../../tests/helpers/offerSetup.ts';
import { pdfText } from '../../../../tests/helpers/pdfText.ts';
import { unreadable } from '../../../../tests/helpers/readableText.ts';
import { demoPriceList } from '../../plugins/erpPriceList.ts';
import { demoFleet } from '../../plugins/erpFleet.ts';

const PUBLIC_URL = 'https://crm.rossinoleggi.it';
let smtp: TestSmtpServer;
let t: TestApp;
let cp: { authorization: string };

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await testApp({
    mail: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, maxAttempts: 2, retryBaseMs: 5, retryMaxMs: 20 },
  });
  cp = await t.as(['ROLE_USER_CP'], 'davide.fontana');
  await t.ctx.db.query(
    `UPDATE "user" SET name = 'Davide', surname = 'Fontana', "linkAccreditamento" = 'https://accredito.rossinoleggi.it/df' WHERE username = 'davide.fontana'`,
  );
  const famiglia = Number((await t.ctx.resource('FamigliaMezzo').repo.create({ name: 'Piattaforme' })).id);
  const brochure = await t.ctx.resource('InvioBrochure').repo.create({
    description: 'Brochure piattaforme',
    famigliaMezzoId: famiglia,
    oggetto: 'La nostra gamma di piattaforme',
    testo: 'Gentile cliente, ecco la brochure richiesta.',
  });
  // A brochure is sent with its PDF (brochures.test.ts).
  const pdf = await t.app.inject({
    method: 'PUT',
    url: `/api/invio-brochure/${brochure.id}/pdf`,
    headers: await t.as(['ROLE_ADMIN'], 'admin.brochure'),
    payload: uploadForm(PDF, 'piattaforme.pdf'),
  });
  expect(pdf.statusCode, pdf.body).toBe(200);
  famigliaId = famiglia;
  offerIds = await seedOfferConfig(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.reply = () => undefined;
});
let famigliaId = 0;
let offerIds: Awaited<ReturnType<typeof seedOfferConfig>>;

const post = (url: string, payload: object | FormData) =>
  t.app.inject({ method: 'POST', url: `/api/trattative_cp/${url}`, headers: cp, payload });

async function negotiation(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trattative_cp',
    headers: cp,
    payload: {
      ragioneSociale: 'Edilizia Brambilla S.r.l.',
      partitaIva: '00743110157',
      contatto: 'Paolo Brambilla',
      email: 'paolo@ediliziabrambilla.it',
      paeseTrattativa: 'Sesto San Giovanni',
      famigliaMezzoId: famigliaId,
      ...extra,
    },
  });
  return res.json().data.id as number;
}

const stored = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/trattative_cp/${id}`, headers: cp })).json().data;

const outbox = async (id: number) =>
  (
    await t.ctx.db.query<{ kind: string; status: string; recipient: string }>(
      `SELECT kind, status, recipient FROM email WHERE "causeEntity" = 'trattativaCp' AND "causeId" = $1 ORDER BY id`,
      [id],
    )
  ).rows;

/** Waits until every message of the negotiation has settled (sent or failed). */
const settled = (id: number) =>
  vi.waitFor(
    async () => {
      const rows = await outbox(id);
      if (rows.length === 0 || rows.some((r) => r.status !== 'sent' && r.status !== 'failed'))
        throw new Error('in consegna');
      return rows;
    },
    { timeout: 15_000, interval: 20 },
  );

describe('sends by e-mail', () => {
  it.each([
    ['invia-anagrafica', 'anagraficaInviata', 'Dati anagrafici di Edilizia Brambilla S.r.l.'],
    ['invia-brochure', 'brochureInviata', 'La nostra gamma di piattaforme'],
    ['invia-link-accreditamento', 'linkAccreditamentoInviato', 'Accreditamento come cliente'],
  ])('%s sets %s once the message has been delivered, not before', async (url, flag, subject) => {
    const id = await negotiation();
    // The first delivery is refused for good: the flag stays false and the message is marked failed.
    smtp.reply = () => ({ code: 550, message: '5.1.1 Casella inesistente' });
    const first = await post(url, { idTrattativaCp: id, email: ['paolo@ediliziabrambilla.it'] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Richiesta inviata correttamente', status: 'queued' });
    expect(await settled(id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect((await stored(id))[flag]).toBe(false);

    smtp.reply = () => undefined;
    await post(url, { idTrattativaCp: id, email: ['paolo@ediliziabrambilla.it'] });
    const [got] = await smtp.waitFor(1, (m) => (m.mail.subject ?? '').startsWith(subject));
    expect(got?.mail.text).toContain('Davide Fontana');
    expect((await settled(id)).map((r) => r.status)).toEqual(['failed', 'sent']);
    await vi.waitFor(async () => expect((await stored(id))[flag]).toBe(true));
  });

  it('writes what the customer reads as every screen does: phone, dates, amounts; nothing technical', async () => {
    const id = await negotiation({ telefono: '035 412 000' });
    await post('invia-anagrafica', { idTrattativaCp: id, email: ['paolo@ediliziabrambilla.it'] });
    const [registry] = await smtp.waitFor(
      1,
      (m) => (m.mail.subject ?? '').startsWith('Dati anagrafici') && (m.mail.text ?? '').includes('035'),
    );
    expect(registry?.mail.text).toContain('Telefono: 035.412.000');
    expect(unreadable(`${registry?.mail.subject}\n${registry?.mail.text}`)).toEqual([]);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/trattative_cp/${id}/offerta`,
      headers: cp,
      payload: await asRead(t, id, { ...fullOffer(offerIds), durata: 30 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await post('invia-offerta', { idTrattativaCp: id, email: ['ufficio@ediliziabrambilla.it'] });
    const [offer] = await smtp.waitFor(1, (m) => m.envelope.to.includes('ufficio@ediliziabrambilla.it'));
    expect(offer?.mail.text).toMatch(/L'offerta è valida fino al \d{2}-\d{2}-\d{4}\./);
    expect(unreadable(`${offer?.mail.subject}\n${offer?.mail.text}`)).toEqual([]);
    const pdf = await pdfText(offer?.mail.attachments[0]?.content ?? new Uint8Array());
    expect(pdf).toMatch(/\d\.\d{3},\d{2} €/);
    expect(unreadable(pdf, { evidenceAtEnd: true })).toEqual([]);
  });

  it('sends the offer to two recipients with the public link of the document token, then sets offertaInviata', async () => {
    const id = await negotiation();
    // Only a saved offer is sent: its frozen version's PDF goes with the message.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/trattative_cp/${id}/offerta`,
      headers: cp,
      payload: await asRead(t, id, fullOffer(offerIds)),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const to = ['paolo@ediliziabrambilla.it', 'acquisti@ediliziabrambilla.it'];
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: cp })).json().data.id as number;
    const heard: HubEvent[] = [];
    const stop = t.ctx.hub.subscribe([`/users/${me}`], (e) => heard.push(e));
    const res = await post('invia-offerta', { idTrattativaCp: id, email: to });
    expect(res.statusCode, res.body).toBe(200);
    const [got] = await smtp.waitFor(1, (m) => m.envelope.to.includes('acquisti@ediliziabrambilla.it'));
    expect(got?.envelope.to).toEqual(to);
    const token = (await stored(id)).documentToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(got?.mail.text).toContain(`${PUBLIC_URL}/trattativeCp/offers/${token}`);
    expect(got?.mail.text).toContain('Gentile Paolo Brambilla,');
    const [pdf] = got?.mail.attachments ?? [];
    expect(pdf?.filename).toMatch(/^OFF-\d{4}-\d{6}\.pdf$/);
    expect(pdf?.contentType).toBe('application/pdf');
    expect(await pdfText(pdf?.content ?? new Uint8Array())).toContain(
      `Offerta n. ${pdf?.filename?.replace('.pdf', '')}`,
    );
    await vi.waitFor(async () => expect((await stored(id)).offertaInviata).toBe(true));
    // The transaction that marked it delivered tells the open pages, as the server's own change (no user).
    await vi.waitFor(() =>
      expect(heard).toContainEqual(
        expect.objectContaining({ entity: 'trattativaCp', event: 'updated', entityId: id, userId: null }),
      ),
    );
    stop();
  });

  it('refuses no recipient, a bad address or a missing brochure by field, and writes nothing', async () => {
    const id = await negotiation({ famigliaMezzoId: null });
    const none = await post('invia-offerta', { idTrattativaCp: id, email: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().violations).toEqual([{ field: 'email', message: 'Selezionare almeno un destinatario' }]);
    const bad = await post('invia-offerta', { idTrattativaCp: id, email: ['paolo@', 'ok@prova.it'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations[0].field).toMatch(/^email/);
    const noBrochure = await post('invia-brochure', { idTrattativaCp: id, email: ['ok@prova.it'] });
    expect(noBrochure.statusCode).toBe(400);
    expect(noBrochure.json().violations).toEqual([
      { field: 'invioBrochureId', message: 'Scegliere la brochure da inviare' },
    ]);
    expect(await outbox(id)).toEqual([]);
    expect(await stored(id)).toMatchObject({ offertaInviata: false, brochureInviata: false });
  });

  it('sends the marketing brochure with its attachments, and refuses a file of a refused type', async () => {
    const id = await negotiation();
    const form = new FormData();
    form.append('idTrattativaCp', String(id));
    form.append('oggetto', 'Novità autunno: piattaforme a noleggio');
    form.append('testo', 'Gentile cliente,\nin allegato le novità.');
    form.append('email', 'paolo@ediliziabrambilla.it');
    form.append('allegati_0', new Blob([new Uint8Array(PDF)]), 'volantino.pdf');
    const res = await post('invia-brochure-marketing', form);
    expect(res.statusCode, res.body).toBe(200);
    const [got] = await smtp.waitFor(1, (m) => m.mail.subject === 'Novità autunno: piattaforme a noleggio');
    expect(got?.mail.attachments.map((a) => a.filename)).toEqual(['volantino.pdf']);
    await vi.waitFor(async () => expect((await stored(id)).brochureInviata).toBe(true));

    const exe = new FormData();
    exe.append('idTrattativaCp', String(id));
    exe.append('oggetto', 'x');
    exe.append('testo', 'y');
    exe.append('email', 'paolo@ediliziabrambilla.it');
    exe.append('allegati_0', new Blob([new Uint8Array(EXE)]), 'volantino.pdf');
    const refused = await post('invia-brochure-marketing', exe);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().violations[0].field).toBe('allegati_0');
    expect((await outbox(id)).length).toBe(1);
  });
});

describe('contact to the ERP', () => {
  it('records the prospect in the demo ERP, shows it in /api/clienti and sets contattoMagoInviato', async () => {
    const id = await negotiation({ ragioneSociale: 'Gru Lombarde S.r.l.', partitaIva: '12345678903' });
    const res = await post('invia-contatto-mago', { idTrattativaCp: id, email: ['x@prova.it'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Contatto inviato a Mago con il codice C\d{5}$/);
    expect((await stored(id)).contattoMagoInviato).toBe(true);
    const clienti = await t.app.inject({
      method: 'GET',
      url: '/api/clienti?filters[vatNumber]=12345678903',
      headers: cp,
    });
    expect(clienti.json().data).toEqual([
      expect.objectContaining({
        companyName: 'Gru Lombarde S.r.l.',
        vatNumber: '12345678903',
        city: 'Sesto San Giovanni',
      }),
    ]);
    const again = await post('invia-contatto-mago', { idTrattativaCp: id, email: ['x@prova.it'] });
    expect(again.json().message).toMatch(/^Il contatto è già in Mago con il codice C\d{5}$/);
  });

  it('leaves the flag false when the ERP does not answer', async () => {
    const failing = await testApp({
      erp: {
        ...demoFleet(),
        ...demoPriceList(),
        name: 'giù',
        listCustomers: async () => ({ data: [], totalRows: 0 }),
        knowsVatNumber: async () => false,
        sendContact: async () => {
          throw new Error('ECONNREFUSED');
        },
      },
    });
    try {
      const h = await failing.as(['ROLE_USER_CP']);
      const id = (
        await failing.app.inject({
          method: 'POST',
          url: '/api/trattative_cp',
          headers: h,
          payload: { ragioneSociale: 'X' },
        })
      ).json().data.id;
      const res = await failing.app.inject({
        method: 'POST',
        url: '/api/trattative_cp/invia-contatto-mago',
        headers: h,
        payload: { idTrattativaCp: id, email: ['x@prova.it'] },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Il gestionale (Mago) non ha risposto: riprovare più tardi');
      const after = await failing.app.inject({ method: 'GET', url: `/api/trattative_cp/${id}`, headers: h });
      expect(after.json().data.contattoMagoInviato).toBe(false);
    } finally {
      await failing.close();
    }
  });
});
