import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXE, PDF, PNG, uploadForm } from '../../../../tests/helpers/sampleFiles.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/testSmtpServer.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let smtp: TestSmtpServer;
let t: TestApp;
let admin: { authorization: string };
let cp: { authorization: string };
let famigliaMezzoId: number;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await testApp({ mail: { smtpUrl: smtp.url, publicUrl: 'https://crm.rossinoleggi.it' } });
  admin = await t.as(['ROLE_SUPERVISOR_CP'], 'supervisore.cp');
  cp = await t.as(['ROLE_USER_CP'], 'giulia.conti');
  famigliaMezzoId = Number((await t.ctx.resource('FamigliaMezzo').repo.create({ name: 'Sollevatori' })).id);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const brochure = async (description: string) =>
  Number(
    (
      await t.ctx.resource('InvioBrochure').repo.create({
        description,
        famigliaMezzoId,
        oggetto: `${description}: la gamma a noleggio`,
        testo: 'Gentile cliente, in allegato la brochure.',
      })
    ).id,
  );
const upload = (id: number, file: Buffer, name: string, headers = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/invio-brochure/${id}/pdf`, headers, payload: uploadForm(file, name) });
const negotiation = async () =>
  Number(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/trattative_cp',
        headers: cp,
        payload: { ragioneSociale: 'Cantieri Lario S.r.l.', contatto: 'Marco Lario', famigliaMezzoId },
      })
    ).json().data.id,
  );
const send = (idTrattativaCp: number, invioBrochureId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/trattative_cp/invia-brochure',
    headers: cp,
    payload: { idTrattativaCp, invioBrochureId, email: ['marco@cantierilario.it'] },
  });

describe('brochures with their PDF (issue 32)', () => {
  it('keeps a real PDF only, checked on its content, and serves it back', async () => {
    const id = await brochure('Brochure sollevatori');
    for (const [file, name] of [
      [EXE, 'sollevatori.pdf'],
      [PNG, 'sollevatori.pdf'],
      [Buffer.from('%PDX non un pdf'), 'finto.pdf'],
    ] as const) {
      const refused = await upload(id, file, name);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().violations).toEqual([
        { field: 'file', message: 'Il file non è un PDF: caricare la brochure in formato PDF' },
      ]);
    }
    expect((await upload(id, PDF, 'sollevatori.pdf', cp)).statusCode).toBe(403);
    expect((await t.ctx.resource('InvioBrochure').repo.raw(id))?.pdfFile).toBeNull();

    const saved = await upload(id, PDF, 'Sollevatori 2026.pdf');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id, pdfNome: 'Sollevatori 2026.pdf', pdfDimensione: PDF.length });
    expect(saved.json().data.pdfFile).toBeUndefined();
    const got = await t.app.inject({ method: 'GET', url: `/api/invio-brochure/${id}/pdf`, headers: admin });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF)).toBe(true);
    // The record's own save cannot write the file's facts.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/invio-brochure/${id}`,
      headers: admin,
      payload: { ...saved.json().data, pdfNome: 'altro.pdf' },
    });
    expect(put.statusCode).toBe(400);
  });

  it('refuses a PDF over the upload limit with 413, keeping the one it had', async () => {
    const small = await testApp({ maxUploadBytes: 1024 });
    try {
      const id = Number(
        (await small.ctx.resource('InvioBrochure').repo.create({ description: 'Brochure generatori' })).id,
      );
      const headers = await small.as(['ROLE_ADMIN'], 'admin.limite');
      const put = (file: Buffer) =>
        small.app.inject({
          method: 'PUT',
          url: `/api/invio-brochure/${id}/pdf`,
          headers,
          payload: uploadForm(file, 'generatori.pdf'),
        });
      expect((await put(PDF)).statusCode).toBe(200);
      const big = Buffer.concat([PDF, Buffer.alloc(2048, 0x20)]);
      expect((await put(big)).statusCode).toBe(413);
      expect(await small.ctx.resource('InvioBrochure').repo.raw(id)).toMatchObject({
        pdfNome: 'generatori.pdf',
        pdfDimensione: PDF.length,
      });
    } finally {
      await small.close();
    }
  });

  it('sends the brochure e-mail with its PDF attached', async () => {
    const id = await brochure('Brochure piattaforme');
    expect((await upload(id, PDF, 'piattaforme-aeree.pdf')).statusCode).toBe(200);
    const res = await send(await negotiation(), id);
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await smtp.waitFor(1, (m) => m.mail.subject === 'Brochure piattaforme: la gamma a noleggio');
    expect(mail?.mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['piattaforme-aeree.pdf', 'application/pdf'],
    ]);
    expect(mail?.mail.attachments[0]?.content.equals(PDF)).toBe(true);
  });

  it('refuses to send a brochure without its PDF, saying so, and queues nothing', async () => {
    const id = await brochure('Brochure compattatori');
    const before = smtp.received.length;
    const res = await send(await negotiation(), id);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([
      {
        field: 'invioBrochureId',
        message:
          'La brochure «Brochure compattatori» non ha il PDF: caricarlo in Configurazioni › Invio brochure prima di inviarla',
      },
    ]);
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/emails?page=1&rowsPerPage=50',
      headers: await t.as(['ROLE_SUPER_ADMIN'], 'root.brochure'),
    });
    expect(
      outbox.json().data.filter((e: { subject?: string }) => e.subject?.startsWith('Brochure compattatori')),
    ).toEqual([]);
    expect(smtp.received.length).toBe(before);
  });
});
