import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { romeToday } from '../../../domain/calendar/index.ts';
import { pdfText } from '../../../../tests/helpers/pdfText.ts';
import { PNG } from '../../../../tests/helpers/sampleFiles.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let operator: { authorization: string };
let supervisor: { authorization: string };
let crm: { authorization: string };
let operatorId = 0;

beforeAll(async () => {
  t = await testApp();
  operator = await t.as(['ROLE_USER_ACCETTAZIONE_MEZZI'], 'piazzale');
  supervisor = await t.as(['ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'], 'officina');
  crm = await t.as(['ROLE_USER_CRM'], 'commerciale');
  operatorId = Number((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: operator })).json().data.id);
});
afterAll(() => t.close());

type Part = [string, string | Buffer];
const mark = (patch: Record<string, unknown> = {}) => ({
  vista: 'sinistra',
  x: 0.4,
  y: 0.6,
  tipo: 'ammaccatura',
  gravita: 2,
  note: 'Porta laterale',
  foto: [0],
  ...patch,
});

function save(
  matricole: string,
  date: string,
  marks: unknown[] | string | null,
  extra: Part[] = [],
  headers = operator,
) {
  const f = new FormData();
  const parts: Part[] = [
    ['operatore', String(operatorId)],
    ['dataAccettazione', date],
    ['matricole', matricole],
    ['ore', '1200'],
    ['sagoma', 'furgone'],
    ['foto-0', PNG],
    ['foto-1', PNG],
    ['firma', PNG],
    ...(marks === null ? [] : [['danniSegnati', typeof marks === 'string' ? marks : JSON.stringify(marks)] as Part]),
    ...extra,
  ];
  for (const [name, value] of parts)
    if (typeof value === 'string') f.append(name, value);
    else f.append(name, new Blob([new Uint8Array(value)]), `${name}.bin`);
  return t.app.inject({ method: 'POST', url: '/api/accettazioni_mezzi', headers, payload: f });
}
const earlier = (matricole: string, headers = operator) =>
  t.app.inject({
    method: 'GET',
    url: `/api/accettazioni_mezzi/danni?matricole=${encodeURIComponent(matricole)}`,
    headers,
  });
const repair = (id: number, n: number, data: string, headers = supervisor) =>
  t.app.inject({
    method: 'POST',
    url: `/api/accettazioni_mezzi/${id}/danni/${n}/riparazione`,
    headers,
    payload: { data },
  });

describe('damage marks on the outline (POST /api/accettazioni_mezzi)', () => {
  it('stores the marks with the acceptance, marks it damaged, and seals them in its fingerprint', async () => {
    const res = await save('DM-001', '2025-09-10', [
      mark(),
      mark({ vista: 'alto', tipo: 'graffio', gravita: 1, foto: [0, 1] }),
    ]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      danni: true,
      sagoma: 'furgone',
      danniSegnati: [mark(), mark({ vista: 'alto', tipo: 'graffio', gravita: 1, foto: [0, 1] })],
      riparazioni: [],
    });
    const other = await save('DM-001B', '2025-09-10', [mark({ x: 0.41 })]);
    expect(other.json().data.sha256).not.toBe(data.sha256);
  });

  it.each<[string, unknown[] | string, string, string]>([
    [
      'a point off the drawing',
      [mark({ x: 1.5 })],
      'danniSegnati.0.x',
      'Danno 1: la posizione deve essere sulla sagoma (coordinate da 0 a 1)',
    ],
    [
      'an unknown view',
      [mark({ vista: 'sotto' })],
      'danniSegnati.0.vista',
      'Danno 1: la vista deve essere una di alto, sinistra, destra, fronte, retro',
    ],
    [
      'an unknown type',
      [mark(), mark({ tipo: 'bruciatura' })],
      'danniSegnati.1.tipo',
      'Danno 2: scegliere il tipo (graffio, ammaccatura, rottura, parte_mancante, perdita, altro)',
    ],
    ['a severity of 4', [mark({ gravita: 4 })], 'danniSegnati.0.gravita', 'Danno 1: la gravità va da 1 a 3'],
    ['no photo', [mark({ foto: [] })], 'danniSegnati.0.foto', 'Danno 1: scattare almeno una foto del danno'],
    [
      'a photo the acceptance does not have',
      [mark({ foto: [2] })],
      'danniSegnati.0.foto',
      'Danno 1: le sue foto devono essere tra le foto di questa accettazione',
    ],
    ['text that is not JSON', '[{', 'danniSegnati', 'I danni segnati non sono leggibili: rifare la segnalazione'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_what, marks, field, message) => {
    const before = (await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM "accettazioneMezzo"')).rows[0]
      ?.n;
    const res = await save('DM-BAD', '2025-09-10', marks);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toContainEqual({ field, message });
    const after = (await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM "accettazioneMezzo"')).rows[0]
      ?.n;
    expect(after).toBe(before);
  });

  it('refuses an outline not in the list', async () => {
    const res = await save('DM-BAD', '2025-09-10', [mark()], [['sagoma', 'trattore']]);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toContainEqual({
      field: 'sagoma',
      message: 'La sagoma deve essere furgone, piattaforma o movimento_terra',
    });
  });
});

describe('earlier damage of the same serial number and its repair', () => {
  let first = 0;
  let second = 0;
  beforeAll(async () => {
    first = (await save('DM-200', '2025-08-01', [mark(), mark({ vista: 'retro', tipo: 'rottura', gravita: 3 })])).json()
      .data.id;
    second = (await save('dm-200', '2025-08-20', [mark({ vista: 'fronte', tipo: 'perdita' })])).json().data.id;
    await save('DM-OTHER', '2025-08-21', [mark()]);
  });

  it('lists the marks of earlier acceptances of that serial (case ignored), oldest first', async () => {
    const res = await earlier(' Dm-200 ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        accettazioneId: first,
        dataAccettazione: '2025-08-01',
        indice: 0,
        vista: 'sinistra',
        x: 0.4,
        y: 0.6,
        tipo: 'ammaccatura',
        gravita: 2,
        note: 'Porta laterale',
        riparatoIl: null,
      },
      {
        accettazioneId: first,
        dataAccettazione: '2025-08-01',
        indice: 1,
        vista: 'retro',
        x: 0.4,
        y: 0.6,
        tipo: 'rottura',
        gravita: 3,
        note: 'Porta laterale',
        riparatoIl: null,
      },
      {
        accettazioneId: second,
        dataAccettazione: '2025-08-20',
        indice: 0,
        vista: 'fronte',
        x: 0.4,
        y: 0.6,
        tipo: 'perdita',
        gravita: 2,
        note: 'Porta laterale',
        riparatoIl: null,
      },
    ]);
    expect((await earlier('DM-NONE')).json().data).toEqual([]);
  });

  it('lets the workshop mark one repaired, once, on a day from the acceptance to today', async () => {
    const res = await repair(first, 1, '2025-08-05');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.riparazioni).toEqual([
      { indice: 1, data: '2025-08-05', autore: 'Prova Test', creato: expect.any(String) },
    ]);
    expect((await earlier('DM-200')).json().data[1]).toMatchObject({ indice: 1, riparatoIl: '2025-08-05' });
    expect((await repair(first, 1, '2025-08-06')).statusCode).toBe(409);
    expect((await repair(first, 7, '2025-08-06')).statusCode).toBe(404);
    const early = await repair(first, 0, '2025-07-30');
    expect(early.statusCode).toBe(400);
    expect(early.json().violations).toEqual([
      { field: 'data', message: "La data della riparazione non può precedere l'accettazione che ha segnato il danno" },
    ]);
    const future = await repair(first, 0, '2999-01-01');
    expect(future.json().violations).toEqual([
      { field: 'data', message: 'La data della riparazione non può essere futura' },
    ]);
    expect((await repair(first, 0, 'ieri')).statusCode).toBe(400);
    expect((await repair(first, 0, romeToday())).statusCode).toBe(201);
  });

  it('lets neither the yard operator nor a CRM user mark a repair, and keeps the marks from the CRM', async () => {
    expect((await repair(second, 0, '2025-08-21', operator)).statusCode).toBe(403);
    expect((await repair(second, 0, '2025-08-21', crm)).statusCode).toBe(403);
    expect((await earlier('DM-200', crm)).statusCode).toBe(403);
    const row = await t.app.inject({ method: 'GET', url: `/api/accettazioni_mezzi/${second}`, headers: supervisor });
    expect(row.json().data.riparazioni).toEqual([]);
  });

  it('prints the outline, this acceptance’s marks and the earlier damage in the PDF, before the signature', async () => {
    const id = async (...args: Parameters<typeof save>) => Number((await save(...args)).json().data.id);
    const a = await id('DM-300', '2025-08-01', [mark(), mark({ vista: 'retro', tipo: 'rottura', gravita: 3 })]);
    expect((await repair(a, 1, '2025-08-05')).statusCode).toBe(201);
    const b = await id('DM-300', '2025-08-20', [mark({ vista: 'fronte', tipo: 'perdita' })]);
    const c = await id('DM-300', '2025-09-01', [
      mark({ vista: 'alto', tipo: 'parte_mancante', gravita: 1, note: 'Specchietto' }),
    ]);
    const pdfOf = async (n: number) =>
      pdfText(
        (await t.app.inject({ method: 'GET', url: `/api/accettazioni_mezzi/${n}/pdf`, headers: supervisor }))
          .rawPayload,
      );
    const text = await pdfOf(c);
    expect(text).toContain('Danni segnati sulla sagoma');
    expect(text).toContain('Sagoma: Furgone o veicolo');
    expect(text).toContain("1 Dall'alto Parte mancante Lieve Specchietto Foto 1");
    expect(text).toContain('Danni già presenti (accettazioni precedenti)');
    expect(text).toContain(`P1 n. ${a} del 01-08-2025 Lato sinistro Ammaccatura Media Da riparare`);
    expect(text).toContain(`P2 n. ${a} del 01-08-2025 Retro Rottura Grave Riparato il 05-08-2025`);
    expect(text).toContain(`P3 n. ${b} del 20-08-2025 Fronte Perdita Media Da riparare`);
    expect(text.indexOf('Danni segnati sulla sagoma')).toBeLessThan(text.indexOf('Firma del cliente'));
    // The earlier acceptance's own PDF knows nothing of what came after it.
    const older = await pdfOf(a);
    expect(older).not.toContain('Danni già presenti');
    expect(older).toContain('1 Lato sinistro Ammaccatura Media Porta laterale Foto 1');
  });
});

describe('the machine from the ERP (GET /api/accettazioni_mezzi/macchina)', () => {
  it('finds a serial of the fleet, its family, model, outline and hour meter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/accettazioni_mezzi/macchina?matricola=mi01-plt-006',
      headers: operator,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      matricola: 'MI01-PLT-006',
      famiglia: 'PLT',
      modello: 'Piattaforma articolata 16 m',
      sagoma: 'piattaforma',
      km: null,
      ore: 972,
    });
  });

  it('answers null for a serial the ERP does not know, and nothing to a CRM user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/accettazioni_mezzi/macchina?matricola=XX-123',
      headers: operator,
    });
    expect(res.json()).toEqual({ data: null });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/accettazioni_mezzi/macchina?matricola=XX-123',
      headers: crm,
    });
    expect(refused.statusCode).toBe(403);
  });
});
