import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfText } from '../../../../tests/helpers/pdfText.ts';
import { unreadable } from '../../../../tests/helpers/readableText.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { asRead, fullOffer, seedOfferConfig } from '../../../../tests/helpers/offerSetup.ts';
import { priceOffer } from '../../../domain/pricing/index.ts';
import type { HubEvent } from '../../../../generated/entities.ts';
import { latestSentVersion } from '../offers/index.ts';
import { sendDueReminders } from './reminders.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let seller: { authorization: string };
let sellerId = 0;
let lostReasonId = 0;
let ids: Awaited<ReturnType<typeof seedOfferConfig>>;

beforeAll(async () => {
  t = await testApp();
  seller = await t.as(['ROLE_USER_CP'], 'venditore.cp');
  sellerId = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: seller })).json().data.id;
  await t.ctx.db.query(`UPDATE "user" SET email = 'venditore@rossinoleggi.it' WHERE id = $1`, [sellerId]);
  ids = await seedOfferConfig(t);
  lostReasonId = Number((await t.ctx.resource('MotivoPerso').repo.create({ description: 'Prezzo troppo alto' })).id);
  for (const description of ['Inviata', 'Accettata', 'Persa'])
    await t.ctx.resource('StatoOfferta').repo.create({ description, active: true });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const staff = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: seller, ...(payload ? { payload } : {}) });

/** Saves the offer and sends it as the salesperson does: the send freezes the version the customer sees. */
async function send(id: number, offer: object) {
  const saved = await staff('PUT', `/api/trattative_cp/${id}/offerta`, await asRead(t, id, offer));
  expect(saved.statusCode, saved.body).toBe(200);
  const sent = await staff('POST', '/api/trattative_cp/invia-offerta', {
    idTrattativaCp: id,
    email: ['paolo@brambilla.it'],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return (await latestSentVersion(t.ctx.db, id))!;
}

/** A negotiation of the seller with the README offer sent, and the customer's public token from its link. */
async function sentOffer() {
  const negotiations = t.ctx.resource('TrattativaCp').repo;
  const id = Number(
    (
      await negotiations.create({
        ragioneSociale: 'Edilizia Brambilla S.r.l.',
        // Not whom the offer is sent to: the signed document goes to the recipient, who signs.
        email: 'amministrazione@brambilla.it',
        contatto: 'Paolo Brambilla',
        note: 'Paga sempre in ritardo',
        destinazioneCantiere: 'Via Roma 1, Bergamo',
        operatoreId: sellerId,
      })
    ).id,
  );
  const version = await send(id, fullOffer(ids));
  const code = String((await stored(id)).documentToken);
  const token = (await t.app.inject({ method: 'GET', url: `/public/login-api-from-client?code=${code}` })).json().data
    .token as string;
  return { id, code, version, headers: { authorization: `Bearer ${token}`, 'user-agent': 'Mozilla/5.0 (iPhone)' } };
}

type Offer = Awaited<ReturnType<typeof sentOffer>>;
const read = (o: Offer) => t.app.inject({ method: 'GET', url: `/api/trattative-cp/${o.code}`, headers: o.headers });
const figuresWith = (o: Offer, code: string, percentage: number) =>
  priceOffer({ ...o.version.input, insurance: { code, name: code, percentage } }).figures!;
function acceptance(o: Offer, extra: Record<string, unknown> = {}) {
  const f = figuresWith(o, 'FULL', 12);
  return {
    ...f,
    assicurazioneTipo: 'FULL',
    assicurazionePrezzo: f.prezzoAssicurazione,
    acceptedByCustomer: 'Y',
    hash: o.version.hash,
    condizioniAccettate: true,
    firmatario: 'Paolo Brambilla',
    firma: PNG,
    ...extra,
  };
}
const confirm = (o: Offer, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/trattative-cp/confirm-offer/${o.code}`,
    headers: o.headers,
    payload,
    remoteAddress,
  });
const stored = async (id: number) =>
  (await t.ctx.db.query<Record<string, unknown>>(`SELECT * FROM "trattativaCp" WHERE id = $1`, [id])).rows[0]!;
const accepted = async (id: number) =>
  (await t.ctx.db.query(`SELECT 1 FROM "offertaClienteAccettazione" WHERE "trattativaCpId" = $1`, [id])).rows.length;

describe('the public offer: what the customer reads', () => {
  it('shows the latest version with an option per insurance priced by the engine, and no staff data', async () => {
    const o = await sentOffer();
    const res = await read(o);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ ragioneSociale: 'Edilizia Brambilla S.r.l.', stato: 'aperta' });
    expect(data.azienda.sede).toBe('Rossi Noleggi Milano, Via Giuseppe Mazzini 12, 20123 Milano (MI)');
    expect(data.offerta).toMatchObject({ numero: o.version.number, hash: o.version.hash, assicurazioneTipo: 'BASE' });
    expect(data.offerta.opzioni.map((x: { code: string }) => x.code)).toEqual(['BASE', 'FULL', 'SP']);
    // The README offer of the server tests with Base insurance: 1.448,69 €.
    expect(data.offerta.opzioni[0].figures.prezzoTotaleScontato).toBe(1448.69);
    expect(data.offerta.opzioni[1].figures).toEqual(figuresWith(o, 'FULL', 12));
    expect(data.offerta.opzioni[0].breakdown[0].text.replace(/\u00a0/g, ' ')).toBe(
      'Noleggio: 12 giorni × 95,00 € (fascia 6–15 giorni) = 1.140,00 €',
    );
    expect(data.motiviPerse).toEqual([{ id: lostReasonId, description: 'Prezzo troppo alto' }]);
    expect(res.body).not.toMatch(/Paga sempre|venditore|priceLines|SlotFrom|operatore/);
  });

  it('answers 404 with nothing else to a numeric id, another negotiation’s code and a revoked code', async () => {
    const o = await sentOffer();
    const other = await sentOffer();
    for (const url of [`/api/trattative-cp/${o.id}`, `/api/trattative-cp/${other.code}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: o.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Risorsa non trovata' });
    }
    await t.app.inject({ method: 'GET', url: `/api/trattative_cp/create-document-token/${o.id}`, headers: seller });
    const revoked = await read(o);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ code: 404, message: 'Risorsa non trovata' });
    const confirmRevoked = await confirm(o, acceptance(o));
    expect(confirmRevoked.statusCode).toBe(404);
    expect(await accepted(o.id)).toBe(0);
  });

  it('the public token opens no staff call: the negotiation itself, its signed PDF and its history refuse it', async () => {
    const o = await sentOffer();
    for (const url of [
      `/api/trattative_cp/${o.id}`,
      `/api/trattative_cp/${o.id}/offerta-firmata`,
      `/api/trattative_cp/${o.id}/offerta-cliente`,
    ])
      expect([401, 403]).toContain((await t.app.inject({ method: 'GET', url, headers: o.headers })).statusCode);
  });

  it('opening the page marks the draft viewed and the offer received, live for the staff, who see when, from where', async () => {
    const o = await sentOffer();
    // No mail server here: the outbox could not say the offer was delivered, so the flag is still false.
    expect((await stored(o.id)).offertaInviata).not.toBe(true);
    const heard: HubEvent[] = [];
    const stop = t.ctx.hub.subscribe([`/users/${sellerId}`], (e) => heard.push(e));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/trattative-cp/bozza-visualizzata/${o.code}`,
      headers: o.headers,
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(o.id)).bozzaOffertaVisualizzata).toBe(true);
    // The customer has the offer: it was received, whatever the outbox knew; the open page hears it at once.
    expect((await stored(o.id)).offertaInviata).toBe(true);
    await vi.waitFor(() =>
      expect(heard).toContainEqual(
        expect.objectContaining({ entity: 'trattativaCp', event: 'updated', entityId: o.id, userId: null }),
      ),
    );
    stop();
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/trattative_cp/${o.id}/offerta-cliente`, headers: seller })
    ).json().data;
    expect(history.accettazione).toBeNull();
    expect(history.eventi).toEqual([
      expect.objectContaining({ evento: 'visualizzata', indirizzo: '203.0.113.7', browser: 'Mozilla/5.0 (iPhone)' }),
    ]);
  });

  it('is rate-limited per address: past 60 a minute 429, another address goes on', async () => {
    const o = await sentOffer();
    const ask = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/trattative-cp/${o.code}`, headers: o.headers, remoteAddress });
    const statuses = new Set<number>();
    for (let i = 0; i < 60; i++) statuses.add((await ask('10.30.0.1')).statusCode);
    expect([...statuses]).toEqual([200]);
    const limited = await ask('10.30.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Troppe richieste. Riprovare tra qualche secondo');
    expect((await ask('10.30.0.2')).statusCode).toBe(200);
  });
});

describe('confirming the offer', () => {
  it('refuses tampered figures with 409, naming each one, and stores nothing', async () => {
    const o = await sentOffer();
    const res = await confirm(o, acceptance(o, { prezzoTotaleScontato: 1, prezzoNoleggio: 500 }));
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.message).toMatch(/^I prezzi dell'offerta sono cambiati/);
    expect(body.violations.map((v: { field: string }) => v.field).sort()).toEqual([
      'prezzoNoleggio',
      'prezzoTotaleScontato',
    ]);
    expect(await accepted(o.id)).toBe(0);
    expect((await stored(o.id)).acceptedByCustomer ?? null).not.toBe('Y');
  });

  it('warns when the insurance price differs from the computed one (insurance changed after the page opened)', async () => {
    const o = await sentOffer();
    const payload = acceptance(o);
    await t.ctx.db.query(`UPDATE "insurance" SET percentage = 13 WHERE code = 'FULL'`);
    try {
      const res = await confirm(o, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().violations).toContainEqual({
        field: 'assicurazionePrezzo',
        message: expect.stringMatching(/^Il prezzo dell'assicurazione inviato \(.+\) è diverso da quello calcolato/),
      });
    } finally {
      await t.ctx.db.query(`UPDATE "insurance" SET percentage = 12 WHERE code = 'FULL'`);
    }
  });

  it('refuses missing conditions, name or signature, a non-image signature and an unknown insurance with 400 on the field', async () => {
    const o = await sentOffer();
    const cases: [Record<string, unknown>, string][] = [
      [{ condizioniAccettate: false }, 'condizioniAccettate'],
      [{ firmatario: '  ' }, 'firmatario'],
      [{ firma: undefined }, 'firma'],
      [{ firma: `data:image/png;base64,${Buffer.from('%PDF-1.4 non una firma').toString('base64')}` }, 'firma'],
      [{ firma: `data:image/png;base64,${'A'.repeat(420_000)}` }, 'firma'],
      [{ assicurazioneTipo: 'ORO' }, 'assicurazioneTipo'],
      [{ acceptedByCustomer: 'S' }, 'acceptedByCustomer'],
    ];
    for (const [extra, field] of cases) {
      const res = await confirm(o, acceptance(o, extra));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().violations.map((v: { field: string }) => v.field)).toContain(field);
    }
    expect(await accepted(o.id)).toBe(0);
  });

  it('accepts once: stores the signed PDF with the version hash, mails it, tells the salesperson at once; a second confirm is 409', async () => {
    const o = await sentOffer();
    const events: HubEvent[] = [];
    const stop = t.ctx.hub.subscribe([`/users/${sellerId}`], (e) => events.push(e));
    const res = await confirm(o, acceptance(o), '198.51.100.4');
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Offerta confermata: riceverà a breve per email il documento firmato');
    const row = await stored(o.id);
    // Signed without the page having said it was opened: received all the same.
    expect(row).toMatchObject({ acceptedByCustomer: 'Y', assicurazioneTipo: 'FULL', offertaInviata: true });
    expect(Number(row.assicurazionePrezzo)).toBe(figuresWith(o, 'FULL', 12).prezzoAssicurazione);
    expect(events).toContainEqual(
      expect.objectContaining({ entity: 'offertaCliente', event: 'accettata', entityId: o.id }),
    );

    const view = (await read(o)).json().data;
    expect(view.stato).toBe('accettata');
    expect(view.accettazione).toMatchObject({ firmatario: 'Paolo Brambilla', numero: o.version.number });

    const history = (
      await t.app.inject({ method: 'GET', url: `/api/trattative_cp/${o.id}/offerta-cliente`, headers: seller })
    ).json().data;
    expect(history.accettazione).toMatchObject({
      hash: o.version.hash,
      indirizzo: '198.51.100.4',
      firmatario: 'Paolo Brambilla',
      assicurazioneTipo: 'FULL',
    });
    // Staff read the insurance chosen by its name, not its code.
    expect(history.accettazione.assicurazioneNome).toBe('Full');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/trattative_cp/${o.id}/offerta-firmata`,
      headers: seller,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(history.accettazione.pdfSha256);
    const text = await pdfText(pdf.rawPayload);
    const [signed = '', evidence = ''] = text.split('Dati di verifica');
    expect(signed).toMatch(/Paolo Brambilla/);
    // The engine's minus sign is printed as a hyphen (the PDF's standard font has no U+2212).
    expect(signed).toMatch(/35,00\s€ - 10,00%/);
    // What the customer signed reads as every screen does; the evidence closes the document.
    expect(signed).toMatch(/Totale scontato \(IVA esclusa\) \d\.\d{3},\d{2} €/);
    expect(signed).toMatch(/Data e ora \(Roma\) \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(unreadable(signed)).toEqual([]);
    // The fingerprint printed is the stored version's: SHA-256 of its canonical JSON.
    expect(evidence).toContain(`Impronta della versione accettata ${o.version.hash}`);
    expect(evidence).toMatch(/Indirizzo di rete 198\.51\.100\.4/);
    expect(evidence).toMatch(/Browser Mozilla\/5\.0 \(iPhone\)/);

    const mails = (
      await t.ctx.db.query<{ kind: string; recipient: string; n: number }>(
        `SELECT e.kind, e.recipient, (SELECT count(*)::int FROM "emailAttachment" a WHERE a."emailId" = e.id) AS n
         FROM "email" e WHERE e."causeEntity" = 'trattativaCp' AND e."causeId" = $1 AND e.kind <> 'offerta' ORDER BY e.id`,
        [o.id],
      )
    ).rows;
    expect(mails).toEqual([
      { kind: 'offertaFirmata', recipient: 'paolo@brambilla.it', n: 1 },
      { kind: 'offertaAccettata', recipient: 'venditore@rossinoleggi.it', n: 1 },
    ]);

    const again = await confirm(o, acceptance(o));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("L'offerta è già stata confermata");
  });

  it('refuses a confirm naming an older version with 409, and the page then shows the new one', async () => {
    const o = await sentOffer();
    const newer = await send(o.id, { ...fullOffer(ids), durata: 20 });
    expect(newer.hash).not.toBe(o.version.hash);
    const res = await confirm(o, acceptance(o));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(newer.number);
    expect(await accepted(o.id)).toBe(0);
    expect((await read(o)).json().data.offerta.hash).toBe(newer.hash);
  });

  it('expires at the end of its validity day in Rome (fake clock), then offers a new request', async () => {
    // Sent on 1 October 2026 at 10:00 Rome; 30 days of validity: valid through 31 October, Rome time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-01T08:00:00Z'));
    const o = await sentOffer();
    vi.setSystemTime(new Date('2026-10-31T22:59:59Z')); // 23:59:59 in Rome (winter time since 25 October)
    // The page's token lasts 30 minutes: the customer opening the link a month later gets a new one.
    const login = await t.app.inject({ method: 'GET', url: `/public/login-api-from-client?code=${o.code}` });
    o.headers.authorization = `Bearer ${login.json().data.token}`;
    const open = (await read(o)).json().data;
    expect(open.stato).toBe('aperta');
    expect(open.offerta.validaFinoAl).toBe('2026-10-31');
    vi.setSystemTime(new Date('2026-10-31T23:00:00Z')); // midnight in Rome
    expect((await read(o)).json().data.stato).toBe('scaduta');
    const late = await confirm(o, acceptance(o));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("L'offerta è scaduta: è possibile richiederne una nuova");
    const request = () =>
      t.app.inject({ method: 'POST', url: `/api/trattative-cp/richiedi-nuova-offerta/${o.code}`, headers: o.headers });
    const asked = await request();
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe('La tua richiesta è stata presa in carico…');
    await request();
    const told = await t.ctx.db.query(`SELECT 1 FROM "email" WHERE kind = 'richiestaNuovaOfferta' AND "causeId" = $1`, [
      o.id,
    ]);
    expect(told.rows.length).toBe(1);
  });

  it('reminds the customer three days and one day before expiry, from 9:00 in Rome, each once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-01T08:00:00Z'));
    const o = await sentOffer(); // valid through 31 October
    const reminders = async () =>
      (
        await t.ctx.db.query<{ subject: string }>(
          `SELECT subject FROM "email" WHERE kind = 'promemoriaOfferta' AND "causeId" = $1 ORDER BY id`,
          [o.id],
        )
      ).rows.map((r) => r.subject);
    await sendDueReminders(t.ctx, new Date('2026-10-28T07:59:00Z')); // 08:59 in Rome
    expect(await reminders()).toEqual([]);
    await sendDueReminders(t.ctx, new Date('2026-10-28T08:00:00Z')); // 09:00 in Rome, three days before
    await sendDueReminders(t.ctx, new Date('2026-10-28T11:00:00Z'));
    expect(await reminders()).toEqual([expect.stringContaining('scade tra 3 giorni')]);
    // Two server processes looking at the same moment: the reminder goes once.
    const sameMoment = new Date('2026-10-30T08:00:00Z');
    await Promise.all([sendDueReminders(t.ctx, sameMoment), sendDueReminders(t.ctx, sameMoment)]);
    await sendDueReminders(t.ctx, new Date('2026-11-01T08:00:00Z')); // expired: nothing more
    expect(await reminders()).toEqual([
      expect.stringContaining('scade tra 3 giorni'),
      expect.stringContaining('scade domani'),
    ]);
  });

  it('a decline needs a lost reason, then sets it with the note and the lost status, and tells the salesperson', async () => {
    const o = await sentOffer();
    const decline = (extra: object) =>
      confirm(o, { prezzoNoleggio: 0, prezzoTotale: 0, prezzoTotaleScontato: 0, acceptedByCustomer: 'N', ...extra });
    const missing = await decline({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().violations).toEqual([{ field: 'motivoPersaId', message: 'Scegliere il motivo' }]);
    expect((await decline({ motivoPersaId: 99999 })).statusCode).toBe(400);
    const res = await decline({ motivoPersaId: lostReasonId, notePersa: 'Troppo caro il trasporto' });
    expect(res.statusCode).toBe(200);
    const persa = (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "statoOfferta" WHERE description = 'Persa'`))
      .rows[0]!;
    expect(await stored(o.id)).toMatchObject({
      acceptedByCustomer: 'N',
      motivoPersaId: lostReasonId,
      notePersa: 'Troppo caro il trasporto',
      statoOfferta: persa.id,
    });
    expect((await read(o)).json().data.stato).toBe('rifiutata');
    expect((await confirm(o, acceptance(o))).json().message).toBe("L'offerta è già stata rifiutata");
    const told = await t.ctx.db.query(`SELECT 1 FROM "email" WHERE kind = 'offertaRifiutata' AND "causeId" = $1`, [
      o.id,
    ]);
    expect(told.rows.length).toBe(1);
  });
});

describe('the signed PDF on the customer’s page', () => {
  const download = (o: Offer, code = o.code, headers: Record<string, string> = o.headers) =>
    t.app.inject({ method: 'GET', url: `/api/trattative-cp/${code}/offerta-firmata`, headers });

  it('is the document the customer signed, for the customer’s token of that offer only', async () => {
    const o = await sentOffer();
    const before = await download(o);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ code: 404, message: 'Risorsa non trovata' });
    expect((await confirm(o, acceptance(o))).statusCode).toBe(200);

    const pdf = await download(o);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Offerta_${o.version.number}_firmata.pdf"`);
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/trattative_cp/${o.id}/offerta-cliente`, headers: seller })
    ).json().data;
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(history.accettazione.pdfSha256);

    // Another offer's token, a staff token, no token: refused, and nothing of the file is sent.
    const other = await sentOffer();
    const refusals = [
      await download(o, o.code, other.headers),
      await download(o, other.code),
      await download(o, o.code, seller),
      await download(o, o.code, {}),
      await download(o, String(o.id)),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([404, 404, 403, 401, 404]);
    for (const r of refusals) expect(r.headers['content-type']).not.toBe('application/pdf');
  });
});
