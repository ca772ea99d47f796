import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro, eurosToCents, offerFingerprint } from '../../../domain/pricing/index.ts';
import {
  asRead,
  FULL_OFFER_FIGURES,
  FULL_OFFER_LIST,
  fullOffer,
  seedOfferConfig,
} from '../../../../tests/helpers/offerSetup.ts';
import { pdfText } from '../../../../tests/helpers/pdfText.ts';
import { unreadable } from '../../../../tests/helpers/readableText.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { latestSentVersion } from './index.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedOfferConfig>>;
type Headers = { authorization: string };
let seller: Headers; // ROLE_COMMERCIALE_CP: sees only their own negotiations
let supervisor: Headers;
let admin: Headers;
let crm: Headers;

beforeAll(async () => {
  t = await testApp();
  ids = await seedOfferConfig(t);
  seller = await t.as(['ROLE_COMMERCIALE_CP'], 'marco.conti');
  supervisor = await t.as(['ROLE_SUPERVISOR_CP'], 'giulia.ferri');
  admin = await t.as(['ROLE_ADMIN'], 'anna.admin');
  crm = await t.as(['ROLE_USER_CRM'], 'solo.crm');
  await t.ctx.db.query(`UPDATE "user" SET name = 'Giulia', surname = 'Ferri' WHERE username = 'giulia.ferri'`);
  await t.ctx.db.query(`UPDATE "user" SET name = 'Marco', surname = 'Conti' WHERE username = 'marco.conti'`);
});
afterAll(() => t.close());

const call = (headers: Headers, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function negotiation(headers: Headers = seller, extra: object = {}): Promise<number> {
  const res = await call(headers, 'POST', '/api/trattative_cp', {
    ragioneSociale: 'Edilizia Brambilla S.r.l.',
    partitaIva: '00743110157',
    contatto: 'Paolo Brambilla',
    email: 'paolo@ediliziabrambilla.it',
    paeseTrattativa: 'Sesto San Giovanni',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** Violations with plain spaces (amounts are formatted with a no-break space before €). */
const plainViolations = (res: { json(): { violations?: { field: string; message: string }[] } }) =>
  (res.json().violations ?? []).map((v) => ({ ...v, message: v.message.replace(/\u00a0/g, ' ') }));
const offerOf = async (id: number, headers: Headers = seller) =>
  (await call(headers, 'GET', `/api/trattative_cp/${id}/offerta`)).json().data;
/** Saves as the builder does: with the version read just before, unless the test sends its own. */
const save = async (id: number, body: object, headers: Headers = seller) =>
  call(headers, 'PUT', `/api/trattative_cp/${id}/offerta`, await asRead(t, id, body));
const negotiationRow = async (id: number) =>
  (await t.ctx.db.query(`SELECT * FROM "trattativaCp" WHERE id = $1`, [id])).rows[0] as Record<string, unknown>;
const sendOffer = (id: number, headers: Headers = seller) =>
  call(headers, 'POST', '/api/trattative_cp/invia-offerta', {
    idTrattativaCp: id,
    email: ['paolo@ediliziabrambilla.it'],
  });

describe('ERP price list (listListiniGruppoRisorse)', () => {
  it('answers the demo lines of a group for customer code 111, and none for an unknown group', async () => {
    const res = await call(seller, 'POST', '/api/gruppi-risorse/listini', { groupCode: 'PLT12', customerCode: '111' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalRows).toBe(6);
    expect(res.json().data[1]).toEqual({ ResourceGroup: 'PLT12', SlotFrom: 6, SlotTo: 15, Price: 95, Periodo: 'G' });
    expect(res.json().data.map((l: { Periodo: string }) => l.Periodo)).toEqual(['G', 'G', 'G', 'M', 'M', 'A']);
    const none = await call(seller, 'POST', '/api/gruppi-risorse/listini', { groupCode: 'NONE1' });
    expect(none.json()).toEqual({ data: [], totalRows: 0 });
  });

  it("refuses another customer's price list and callers without a negotiation role", async () => {
    const other = await call(seller, 'POST', '/api/gruppi-risorse/listini', {
      groupCode: 'PLT12',
      customerCode: '222',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().violations).toEqual([
      { field: 'customerCode', message: 'Il listino delle offerte è quello del codice cliente 111' },
    ]);
    expect((await call(crm, 'POST', '/api/gruppi-risorse/listini', { groupCode: 'PLT12' })).statusCode).toBe(403);
  });
});

describe('the offer of a negotiation', () => {
  it('reads an empty offer with what is missing, and saves one priced by the server only', async () => {
    const id = await negotiation();
    const empty = await offerOf(id);
    expect(empty.calcolo.prezzi).toBeNull();
    expect(empty.calcolo.errori).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'CHOICE_MISSING', field: 'gruppoRisorsaId' }),
        expect.objectContaining({ code: 'CHOICE_MISSING', field: 'durata' }),
      ]),
    );
    expect(empty.versioni).toEqual([]);

    const res = await save(id, fullOffer(ids));
    expect(res.statusCode, res.body).toBe(200);
    const offer = res.json().data;
    expect(offer.calcolo.prezzi).toEqual(FULL_OFFER_FIGURES);
    expect(offer.calcolo.errori).toEqual([]);
    expect(offer.calcolo.voci.map((v: { text: string }) => v.text.replace(/\u00a0/g, ' '))).toEqual(
      expect.arrayContaining([
        'Noleggio: 12 giorni × 95,00 € (fascia 6–15 giorni) = 1.140,00 €',
        'Assicurazione Base: 8,00% di 1.140,00 € = 91,20 €',
      ]),
    );
    const row = await negotiationRow(id);
    expect(row).toMatchObject({
      offerta: 'Y',
      durata: 12,
      durataUnita: 'G',
      assicurazioneTipo: 'BASE',
      assicurazionePrezzo: 91.2,
      km: 42,
      scontoApprovatoDa: null,
    });
    expect(row.listiniOfferta).toHaveLength(6);
    expect(row.trattativaCpPriceLists).toEqual(
      expect.arrayContaining([{ period: '6–15 giorni', resourceGroup: 'PLT12', price: 95 }]),
    );
    expect((await offerOf(id)).calcolo.prezzi).toEqual(FULL_OFFER_FIGURES);
  });

  it('dates instead of a duration: both ends count, the duration stored is the days', async () => {
    const id = await negotiation();
    const { durata: _d, ...rest } = fullOffer(ids);
    const res = await save(id, { ...rest, inizio: '2026-10-01', fine: '2026-10-10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.calcolo.prezzi.prezzoNoleggio).toBe(950);
    expect(await negotiationRow(id)).toMatchObject({ durata: 10, durataUnita: 'G' });
  });

  it('never stores a forged total: an unknown total field is refused, differing expected figures are a 409', async () => {
    const id = await negotiation();
    const before = await negotiationRow(id);
    const forged = await save(id, { ...fullOffer(ids), prezzoTotaleScontato: 1 });
    expect(forged.statusCode).toBe(400);
    const expected = await save(id, {
      ...fullOffer(ids),
      prezziAttesi: { ...FULL_OFFER_FIGURES, prezzoTotaleScontato: 999, prezzoTotale: 1000 },
    });
    expect(expected.statusCode).toBe(409);
    expect(expected.json().message).toContain('Il totale scontato inviato (999,00');
    expect(expected.json().violations.map((v: { field: string }) => v.field)).toEqual([
      'prezziAttesi.prezzoTotale',
      'prezziAttesi.prezzoTotaleScontato',
    ]);
    const after = await negotiationRow(id);
    expect(after.version).toBe(before.version);
    expect(after.offerta).toBe('N');
    // The same figures as the server's: saved.
    const agreed = await save(id, { ...fullOffer(ids), prezziAttesi: FULL_OFFER_FIGURES });
    expect(agreed.statusCode, agreed.body).toBe(200);
  });

  it('refuses a 6% discount by a salesperson; a supervisor gives it and is recorded as its approver', async () => {
    const id = await negotiation();
    const six = { ...fullOffer(ids), scontoPercentuale: 6 };
    const refused = await save(id, six);
    expect(refused.statusCode).toBe(400);
    // 6% of 1493,50 = 89,61 €; with the articles' own discounts (5,50 €): 95,11 € off the list of 1.499,00 €.
    expect(plainViolations(refused)).toEqual([
      {
        field: 'scontoPercentuale',
        message:
          "Lo sconto effettivo del 6,34% (95,11 € su 1.499,00 € di listino) supera il massimo consentito del 5,00%: serve l'approvazione di un supervisore",
      },
    ]);
    expect((await negotiationRow(id)).offerta).toBe('N');

    const approved = await save(id, six, supervisor);
    expect(approved.statusCode, approved.body).toBe(200);
    const offer = approved.json().data;
    expect(offer.scontoApprovatoDa).toBe('Giulia Ferri');
    expect(offer.calcolo.approvazioneRichiesta).toBe(true);
    expect(offer.calcolo.prezzi.prezzoTotaleScontato).toBe(1403.89); // 1493,50 − 89,61
    expect(offer.calcolo.scontoEffettivo).toEqual({
      prezzoListino: 1499,
      importo: 95.11,
      percentuale: expect.closeTo(6.345, 2),
    });
    // Who approved is said by scontoApprovatoDa, to staff; the formula is also what the customer reads.
    expect(offer.calcolo.voci.find((v: { key: string }) => v.key === 'sconto').formula).not.toContain('approvato');
    expect(await negotiationRow(id)).toMatchObject({ scontoPercentuale: 6, scontoApprovatoDa: 'Giulia Ferri' });

    // The salesperson may change something else: the approval stays; any lever changed needs a new one.
    const notes = await save(id, { ...six, noteOfferta: 'Ritiro il venerdì', durata: 14 });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json().data.scontoApprovatoDa).toBe('Giulia Ferri');
    expect((await save(id, { ...six, scontoPercentuale: 7 })).statusCode).toBe(400);
    expect((await save(id, { ...six, trasportoRitorno: 50 })).statusCode).toBe(400);
    // The negotiation's own form cannot raise it: the offer's figures are the offer save's alone.
    const record = (await call(seller, 'GET', `/api/trattative_cp/${id}`)).json().data;
    const raised = await call(seller, 'PUT', `/api/trattative_cp/${id}`, { ...record, scontoPercentuale: 40 });
    expect(raised.statusCode).toBe(400);
    expect((await negotiationRow(id)).scontoPercentuale).toBe(6);
    expect((await sendOffer(id)).statusCode).toBe(200);
    // Back under the maximum, no approval is needed nor kept.
    const within = await save(id, fullOffer(ids));
    expect(within.json().data.scontoApprovatoDa).toBeNull();
    expect(within.json().data.calcolo.scontoEffettivo).toEqual({ ...FULL_OFFER_LIST, percentuale: expect.any(Number) });
  });

  it('articleDiscountsCountTowardTheCap: 3% off with both articles given away is 6,56% of the list', async () => {
    const id = await negotiation();
    const articoli = fullOffer(ids).articoli.map((a) => ({ ...a, discountAmount: 0, discountPercentage: 100 }));
    const before = await negotiationRow(id);
    const res = await save(id, { ...fullOffer(ids), articoli });
    expect(res.statusCode).toBe(400);
    // 1444,00 − 3% = 1.400,68 € offered for 1.499,00 € of list: 98,32 € off.
    expect(plainViolations(res)).toEqual([
      {
        field: 'scontoPercentuale',
        message: expect.stringContaining('Lo sconto effettivo del 6,56% (98,32 € su 1.499,00 € di listino)'),
      },
    ]);
    expect(await negotiationRow(id)).toMatchObject({ version: before.version, offerta: 'N', articoli: [] });
    // Without the offer's own discount, the two articles alone (55,00 €, 3,67%) are within the 5%.
    const alone = await save(id, { ...fullOffer(ids), articoli, scontoPercentuale: 0 });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().data.calcolo.scontoEffettivo).toMatchObject({ importo: 55 });
  });

  it('transportBelowListCountsTowardTheCap: both legs at 0% give away 190,00 € (12,68%), a supervisor approves it', async () => {
    const id = await negotiation();
    const noTransport = {
      ...fullOffer(ids),
      articoli: fullOffer(ids).articoli.map((a) => ({ ...a, discountAmount: 0, discountPercentage: 0 })),
      scontoPercentuale: 0,
      trasporto: 0,
      trasportoRitorno: 0,
    };
    const res = await save(id, noTransport);
    expect(res.statusCode).toBe(400);
    expect(plainViolations(res)).toEqual([
      {
        field: 'trasporto',
        message: expect.stringContaining('Lo sconto effettivo del 12,68% (190,00 € su 1.499,00 € di listino)'),
      },
    ]);
    expect((await negotiationRow(id)).offerta).toBe('N');
    const approved = await save(id, noTransport, supervisor);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.calcolo.prezzi.prezzoTotaleScontato).toBe(1309);
    expect(await negotiationRow(id)).toMatchObject({
      trasporto: 0,
      trasportoRitorno: 0,
      scontoApprovatoDa: 'Giulia Ferri',
    });
  });

  it('inventedArticleIsRefused: an article not of the group, or under its list price, is refused to a salesperson', async () => {
    const id = await negotiation();
    const before = await negotiationRow(id);
    // The reproduction: the group's article at 1,00 € with 100% off, and an invented one.
    const res = await save(id, {
      ...fullOffer(ids),
      articoli: [
        { id: 1, description: 'Cestello portapersone', price: 1, selezionato: true, discountPercentage: 100 },
        { id: 77, description: 'Omaggio', price: 100000, selezionato: true, discountPercentage: 100 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(plainViolations(res)).toEqual([
      {
        field: 'articoli.1',
        message: "L'articolo «Omaggio» non è tra le attrezzature del gruppo risorse scelto",
      },
    ]);
    expect(await negotiationRow(id)).toMatchObject({ version: before.version, offerta: 'N', articoli: [] });
    // The group's own article under its list price: the approval is the supervisor's.
    const cheap = {
      ...fullOffer(ids),
      articoli: [{ id: 1, description: 'Cestello portapersone', price: 30, selezionato: true }],
    };
    const below = await save(id, cheap);
    expect(plainViolations(below)).toEqual([
      {
        field: 'articoli.0.price',
        message:
          "Il prezzo dell'articolo «Cestello portapersone» (30,00 €) è sotto il listino (35,00 €): serve l'approvazione di un supervisore",
      },
    ]);
    expect((await save(id, cheap, supervisor)).statusCode).toBe(200);
    // The description stored is the group's, whatever the client wrote.
    const renamed = await save(id, {
      ...fullOffer(ids),
      articoli: [{ id: 1, description: 'Regalo', price: 35, selezionato: true }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await negotiationRow(id)).articoli).toEqual([
      { id: 1, description: 'Cestello portapersone', price: 35, selezionato: true },
    ]);
  });

  it("a salesperson's stored offered total is never below 95% of the list total (fast-check, through the API)", async () => {
    const id = await negotiation();
    const lever = fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 1500 }).map((bp) => bp / 100),
    );
    const article = (a: { id?: number; description: string; price: number }, listPrice: number) =>
      fc
        .record({
          selezionato: fc.boolean(),
          price: fc.oneof(
            fc.constant(listPrice),
            fc.integer({ min: 100, max: 6000 }).map((c) => c / 100),
          ),
          discountPercentage: lever,
        })
        .map((r) => ({ ...a, ...r }));
    const [cestello, forche] = fullOffer(ids).articoli;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          scontoPercentuale: lever,
          trasporto: fc.oneof(fc.constant(100), fc.integer({ min: 0, max: 100 })),
          trasportoRitorno: fc.oneof(fc.constant(100), fc.integer({ min: 0, max: 100 })),
          articoli: fc.tuple(article(cestello!, 35), article(forche!, 20)),
        }),
        async (levers) => {
          const res = await save(id, { ...fullOffer(ids), ...levers, articoli: [...levers.articoli] });
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode !== 200) return;
          // The list: 1140 + 91,20 + 22,80 + 190 (both legs in full) + the selected articles at 35 and 20.
          const list = 1444 + levers.articoli.reduce((sum, a, i) => sum + (a.selezionato ? [35, 20][i]! : 0), 0);
          const stored = (await offerOf(id)).calcolo.prezzi.prezzoTotaleScontato as number;
          expect(stored).toBeGreaterThanOrEqual(Math.round(list * 95) / 100 - 0.005);
          expect((await negotiationRow(id)).scontoApprovatoDa).toBeNull();
        },
      ),
      { numRuns: 25 },
    );
  });

  it('staleOfferSaveGets409: a save of an older version says who saved in between, and changes nothing', async () => {
    const id = await negotiation();
    const read = await offerOf(id);
    // Giulia Ferri signed in as 'Prova Test' (renamed after): the name her session wrote.
    const theirs = await save(id, { ...fullOffer(ids), noteOfferta: 'La mia versione' }, supervisor);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const after = await negotiationRow(id);
    const mine = await save(id, { ...fullOffer(ids), scontoPercentuale: 2, version: read.version });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toMatch(
      /^Nel frattempo la trattativa è stata salvata da Prova Test il \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}: nulla è stato salvato, ricaricare i dati$/,
    );
    expect(await negotiationRow(id)).toMatchObject({
      version: after.version,
      scontoPercentuale: 3,
      noteOfferta: 'La mia versione',
    });
    // A save that does not say which version it read is refused: the last one would silently win.
    const blind = await call(seller, 'PUT', `/api/trattative_cp/${id}/offerta`, fullOffer(ids));
    expect(blind.statusCode).toBe(400);
    expect(blind.json().violations).toEqual([{ field: 'version', message: 'Il campo «Versione» è obbligatorio' }]);
    // Read again, the save goes through.
    const again = await save(id, { ...fullOffer(ids), scontoPercentuale: 2, version: (await offerOf(id)).version });
    expect(again.statusCode, again.body).toBe(200);
  });

  it.each([
    ['a duration outside every slot', { durata: 45 }, 'durata', 'La durata di 45 giorni non rientra in nessuna fascia'],
    [
      'a site with no distance and no typed km',
      { km: null, latitudeTrattativa: null, longitudeTrattativa: null },
      'km',
      'Il cantiere non ha una distanza dalla filiale',
    ],
    [
      'a group without price lines',
      { gruppoRisorsaId: 0 },
      'gruppoRisorsaId',
      'Il gruppo risorse XYZ99 non ha righe di listino',
    ],
    [
      'a discount amount above the total',
      { scontoPercentuale: 0, scontoImporto: 5000 },
      'scontoImporto',
      "Lo sconto supera il totale dell'offerta",
    ],
    [
      'an unknown insurance',
      { assicurazioneTipo: 'ORO' },
      'assicurazioneTipo',
      "L'assicurazione scelta non esiste più",
    ],
    ['no group', { gruppoRisorsaId: null }, 'gruppoRisorsaId', 'Scegliere il gruppo risorse da offrire'],
  ])('refuses %s with an Italian message on its field, saving nothing', async (_, change, field, message) => {
    const id = await negotiation();
    const body = { ...fullOffer(ids), ...change };
    if ('gruppoRisorsaId' in change && change.gruppoRisorsaId === 0) body.gruppoRisorsaId = ids.groupWithoutLinesId;
    const before = await negotiationRow(id);
    const res = await save(id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().violations).toEqual(
      expect.arrayContaining([{ field, message: expect.stringContaining(message) }]),
    );
    expect(await negotiationRow(id)).toMatchObject({ version: before.version, offerta: 'N', durata: null });
  });

  it.each([
    [
      'an article price below 1',
      { articoli: [{ description: 'Tanica', price: 0.5, selezionato: true }] },
      'articoli.0.price',
    ],
    ['a transport share above 100%', { trasportoRitorno: 150 }, 'trasportoRitorno'],
    ['a negative discount', { scontoPercentuale: -1 }, 'scontoPercentuale'],
  ])('refuses %s by the contract (400 on the field)', async (_, change, field) => {
    const id = await negotiation();
    const res = await save(id, { ...fullOffer(ids), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations.map((v: { field: string }) => v.field)).toContain(field);
    expect((await negotiationRow(id)).offerta).toBe('N');
  });

  it('refuses a stale version (409), and callers who may not see the negotiation (404) or have no role (403)', async () => {
    const id = await negotiation();
    const { version } = await negotiationRow(id);
    expect((await save(id, { ...fullOffer(ids), version: Number(version) + 5 })).statusCode).toBe(409);
    const otherSeller = await t.as(['ROLE_COMMERCIALE_CP'], 'altro.venditore');
    expect((await call(otherSeller, 'GET', `/api/trattative_cp/${id}/offerta`)).statusCode).toBe(404);
    expect((await save(id, fullOffer(ids), otherSeller)).statusCode).toBe(404);
    expect((await call(crm, 'GET', `/api/trattative_cp/${id}/offerta`)).statusCode).toBe(403);
    expect((await save(id, fullOffer(ids), crm)).statusCode).toBe(403);
  });
});

describe('sent versions', () => {
  it('refuses to send a negotiation without a saved offer, writing no version', async () => {
    const id = await negotiation();
    const res = await sendOffer(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([
      {
        field: 'offerta',
        message: "La trattativa non ha un'offerta salvata: compilare e salvare l'offerta prima di inviarla",
      },
    ]);
    expect((await offerOf(id)).versioni).toEqual([]);
  });

  it('freezes a numbered version at each send that never changes after, with its hash and PDF', async () => {
    const id = await negotiation(seller, { telefono: '035 412 000' });
    expect((await save(id, fullOffer(ids))).statusCode).toBe(200);
    const sent = await sendOffer(id);
    expect(sent.statusCode, sent.body).toBe(200);

    const first = await latestSentVersion(t.ctx.db, id);
    const year = new Date().getFullYear();
    expect(first).toMatchObject({ version: 1, number: expect.stringMatching(new RegExp(`^OFF-${year}-\\d{6}$`)) });
    if (!first) throw new Error('nessuna versione');
    expect(first.hash).toBe(
      createHash('sha256')
        .update(offerFingerprint({ input: first.input, result: first.result }))
        .digest('hex'),
    );
    expect(first.result.figures).toEqual(FULL_OFFER_FIGURES);
    expect(first.header).toMatchObject({
      customer: { ragioneSociale: 'Edilizia Brambilla S.r.l.', contatto: 'Paolo Brambilla' },
      resourceGroup: { code: 'PLT12' },
      note: 'Consegna in cantiere entro le 8:00',
      sender: { name: 'Marco Conti' },
    });

    // The offer changes after the send, and the price list of the ERP would too: version 1 stays as sent.
    expect((await save(id, { ...fullOffer(ids), durata: 14 })).statusCode).toBe(200);
    await t.ctx.db.query(`UPDATE "insurance" SET percentage = 20 WHERE code = 'BASE'`);
    const again = await latestSentVersion(t.ctx.db, id);
    expect(again).toEqual(first);
    const pdf1 = await call(seller, 'GET', `/api/trattative_cp/${id}/offerta/versioni/1/pdf`);
    expect(pdf1.statusCode).toBe(200);
    expect(pdf1.headers['content-type']).toBe('application/pdf');
    expect(pdf1.headers['content-disposition']).toBe(`attachment; filename="${first.number}.pdf"`);
    const text = await pdfText(pdf1.rawPayload);
    for (const figure of Object.values(FULL_OFFER_FIGURES))
      expect(text).toContain(formatEuro(eurosToCents(figure)).replace(/\s/g, ' '));
    expect(text).toContain(`Offerta n. ${first.number}`);
    expect(text).toContain('Edilizia Brambilla S.r.l.');
    expect(text).toContain('12 giorni');
    expect(text).toContain('Valida fino al');
    // Amounts from a thousand up grouped like the others, the phone as on every screen, dates DD-MM-YYYY.
    expect(text).toContain('1.448,69 €');
    expect(text).toContain('1.140,00 €');
    expect(text).toContain('Telefono 035.412.000');
    expect(text).toMatch(/inviata il \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(unreadable(text, { evidenceAtEnd: true })).toEqual([]);
    // The fingerprint closes the document, under "Dati di verifica".
    expect(text.split('Dati di verifica')[1]).toContain(`Impronta della versione ${first.hash}`);

    // A second send is version 2, with the next number and what changed.
    expect((await sendOffer(id)).statusCode).toBe(200);
    const offer = await offerOf(id);
    expect(offer.versioni).toHaveLength(2);
    expect(offer.versioni[0]).toMatchObject({
      versione: 1,
      hash: first.hash,
      // The person who sent it, by name, not their username.
      inviataDa: 'Marco Conti',
      prezzoTotaleScontato: 1448.69,
      modifiche: [],
    });
    expect(offer.versioni[1].numeroDocumento).not.toBe(first.number);
    expect(offer.versioni[1].modifiche).toEqual(
      expect.arrayContaining(['Durata: 12 giorni → 14 giorni', 'Assicurazione: Base 8,00% → Base 20,00%']),
    );
    await t.ctx.db.query(`UPDATE "insurance" SET percentage = 8 WHERE code = 'BASE'`);
    // No SQL path of the API changes a version: the stored row of version 1 is the same after all this.
    expect(await latestSentVersion(t.ctx.db, id)).not.toEqual(first);
    expect(
      (await t.ctx.db.query(`SELECT hash FROM "offer" WHERE "trattativaCpId" = $1 AND versione = 1`, [id])).rows,
    ).toEqual([{ hash: first.hash }]);
  });

  it('numbers offers sent at the same time one after the other, each once', async () => {
    const negotiations = await Promise.all([negotiation(), negotiation(), negotiation()]);
    for (const id of negotiations) expect((await save(id, fullOffer(ids))).statusCode).toBe(200);
    const sends = await Promise.all(negotiations.map((id) => sendOffer(id)));
    expect(sends.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const numbers = await Promise.all(negotiations.map(async (id) => (await latestSentVersion(t.ctx.db, id))?.number));
    expect(new Set(numbers).size).toBe(3);
    const sequence = numbers.map((n) => Number(n?.slice(-6))).sort((a, b) => a - b);
    expect(sequence[2]! - sequence[0]!).toBe(2);
  });

  it('refuses the PDF of a version that does not exist or of a negotiation the caller does not see', async () => {
    const id = await negotiation();
    await save(id, fullOffer(ids));
    expect((await sendOffer(id)).statusCode).toBe(200);
    expect((await call(seller, 'GET', `/api/trattative_cp/${id}/offerta/versioni/9/pdf`)).statusCode).toBe(404);
    const otherSeller = await t.as(['ROLE_COMMERCIALE_CP'], 'terzo.venditore');
    expect((await call(otherSeller, 'GET', `/api/trattative_cp/${id}/offerta/versioni/1/pdf`)).statusCode).toBe(404);
    expect((await call(crm, 'GET', `/api/trattative_cp/${id}/offerta/versioni/1/pdf`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', `/api/trattative_cp/${id}/offerta/versioni/1/pdf`)).statusCode).toBe(200);
  });
});

describe('the offers list (GET /api/offers)', () => {
  it('offersEnvelope: answers data.data, lists sent versions newest first, filters them, and is for admins only', async () => {
    const quick = await negotiation(seller, {
      ragioneSociale: 'Impresa Colombo & Figli',
      partitaIva: '01234567897',
      offertaRapida: true,
    });
    await save(quick, fullOffer(ids));
    expect((await sendOffer(quick)).statusCode).toBe(200);
    const list = await call(admin, 'GET', '/api/offers?page=1&rowsPerPage=30');
    expect(list.statusCode, list.body).toBe(200);
    // SPEC.md section 7: GET /api/offers -> data.data; the page's total beside its rows.
    expect(Object.keys(list.json())).toEqual(['data']);
    expect(Object.keys(list.json().data).sort()).toEqual(['data', 'references', 'totalRows']);
    const first = list.json().data.data[0];
    expect(first).toMatchObject({
      ragioneSociale: 'Impresa Colombo & Figli',
      trattativaCpId: quick,
      versione: 1,
      prezzoTotaleScontato: 1448.69,
      archiviata: 'N',
    });
    expect(first).not.toHaveProperty('snapshot');
    const created = list.json().data.data.map((o: { created: string }) => o.created);
    expect([...created].sort().reverse()).toEqual(created);

    const filtered = await call(admin, 'GET', '/api/offers?filters[ragioneSociale]=colombo&page=1&rowsPerPage=30');
    expect(filtered.json().data.data.map((o: { trattativaCpId: number }) => o.trattativaCpId)).toEqual([quick]);
    const byVat = await call(admin, 'GET', '/api/offers?filters[partitaIva]=01234567897&page=1&rowsPerPage=30');
    expect(byVat.json().data.totalRows).toBe(1);
    const archived = await call(admin, 'GET', '/api/offers?archiviata=Y&page=1&rowsPerPage=30');
    expect(archived.json().data.totalRows).toBe(0);
    // Archiving the negotiation archives its offers.
    const archive = await call(seller, 'PUT', `/api/trattative_cp/${quick}/archiviata`, { archiviata: 'Y' });
    expect(archive.statusCode, archive.body).toBe(200);
    const nowArchived = (await call(admin, 'GET', '/api/offers?archiviata=Y&page=1&rowsPerPage=30')).json();
    expect(
      nowArchived.data.data.map((o: { trattativaCpId: number; archiviata: string }) => [
        o.trattativaCpId,
        o.archiviata,
      ]),
    ).toEqual([[quick, 'Y']]);
    const current = (await call(admin, 'GET', '/api/offers?archiviata=N&page=1&rowsPerPage=30')).json();
    expect(current.data.data.some((o: { trattativaCpId: number }) => o.trattativaCpId === quick)).toBe(false);
    const huge = await call(admin, 'GET', '/api/offers?page=1&rowsPerPage=100000');
    expect(huge.statusCode).toBe(400);

    // The Excel export reads the same list through its envelope.
    const xlsx = await call(admin, 'GET', '/api/export/offer?filters[ragioneSociale]=colombo');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(2);

    expect((await call(seller, 'GET', '/api/offers')).statusCode).toBe(403);
    expect((await call(supervisor, 'GET', '/api/offers')).statusCode).toBe(403);
  });
});

describe('the price tables a salesperson prices with as they type (x-resource.readers)', () => {
  it('are read whole by the negotiation roles, branch positions and transport bands included', async () => {
    const bands = await call(seller, 'GET', '/api/transport-prices?page=1&rowsPerPage=50');
    expect(bands.statusCode).toBe(200);
    expect(bands.json<{ data: { price?: number }[] }>().data.every((b) => typeof b.price === 'number')).toBe(true);
    const branches = await call(seller, 'GET', '/api/branches-offer?page=1&rowsPerPage=50');
    expect(branches.statusCode).toBe(200);
    const branch = branches.json<{ data: Record<string, unknown>[] }>().data.find((b) => b.id === ids.branchId);
    expect(branch).toHaveProperty('latitude');
    for (const url of [
      '/api/transport-increases-duration',
      '/api/transport-increases-score',
      '/api/altre-configurazioni',
    ])
      expect((await call(supervisor, 'GET', `${url}?page=1&rowsPerPage=50`)).statusCode, url).toBe(200);
  });

  it('are not theirs to change nor to export, and stay closed to other roles', async () => {
    const create = await call(seller, 'POST', '/api/transport-prices', { minFrom: 500, minTo: 600, price: 1 });
    expect(create.statusCode).toBe(403);
    expect((await call(seller, 'GET', '/api/export/transportPrice')).statusCode).toBe(403);
    expect((await call(crm, 'GET', '/api/transport-prices?page=1&rowsPerPage=50')).statusCode).toBe(403);
    // A CRM user still reads a branch as a lookup (its name), never its position.
    const branches = await call(crm, 'GET', '/api/branches-offer?page=1&rowsPerPage=50');
    expect(branches.statusCode).toBe(200);
    expect(branches.json<{ data: Record<string, unknown>[] }>().data[0]).not.toHaveProperty('latitude');
  });
});
