import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/helpers/pdfText.ts';
import { unreadable } from '../../../../tests/helpers/readableText.ts';
import { EXE, PNG } from '../../../../tests/helpers/sampleFiles.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let operator: { authorization: string };
let supervisor: { authorization: string };
let crm: { authorization: string };
let operatorId = 0;
let olio = 0;
let luci = 0;
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
]);
const hex = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  t = await testApp();
  operator = await t.as(['ROLE_USER_ACCETTAZIONE_MEZZI'], 'piazzale');
  supervisor = await t.as(['ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'], 'capo.piazzale');
  crm = await t.as(['ROLE_USER_CRM'], 'commerciale');
  const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: operator });
  operatorId = Number(me.json().data.id);
  const types = t.ctx.resource('TipoControllo').repo;
  olio = Number((await types.create({ nome: 'Livello olio', tipo: 'select', valori: 'OK,Basso' })).id);
  luci = Number((await types.create({ nome: 'Luci', tipo: 'Si/No' })).id);
});
afterAll(() => t.close());

type Part = [string, string | Buffer];
function form(parts: Part[]): FormData {
  const f = new FormData();
  for (const [name, value] of parts)
    if (typeof value === 'string') f.append(name, value);
    else f.append(name, new Blob([new Uint8Array(value)]), `${name}.bin`);
  return f;
}
/** What a check-in needs (a machine, a reading, the signature), unless the case sends its own. */
const base = (extra: Part[] = []): Part[] => {
  const sent = new Set(extra.map(([name]) => name));
  const reading = sent.has('km') || sent.has('ore');
  const needed: Part[] = [
    ['matricole', 'SN-BASE'],
    ['km', '1000'],
    ['firma', PNG],
  ];
  return [
    ['operatore', String(operatorId)],
    ['dataAccettazione', '2025-09-24'],
    ...needed.filter(([name]) => !sent.has(name) && !(name === 'km' && reading)),
    ...extra,
  ];
};
const save = (parts: Part[], headers = operator) =>
  t.app.inject({ method: 'POST', url: '/api/accettazioni_mezzi', headers, payload: form(parts) });
const storedFiles = () => {
  const dir = path.join(t.ctx.config.dataDir, 'accettazioni');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const count = async () =>
  (await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM "accettazioneMezzo"')).rows[0]?.n ?? 0;

describe('registering an acceptance (POST /api/accettazioni_mezzi)', () => {
  it('stores fields, checks, photos and signature, and reads them back', async () => {
    const res = await save(
      base([
        ['danni', 'true'],
        ['carburante', '3'],
        ['km', '12540'],
        ['ore', '820'],
        ['matricole', 'SN-100'],
        ['noteCliente', 'Restituito pulito'],
        ['controlloId[]', String(olio)],
        ['valore[]', 'basso'],
        ['controlloId[]', String(luci)],
        ['valore[]', 'No'],
        ['foto-0', PNG],
        ['foto-1', JPEG],
        ['fotoSha256[]', hex(PNG)],
        ['fotoSha256[]', hex(JPEG)],
        ['firma', PNG],
      ]),
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      operatore: operatorId,
      operatoreNome: 'Prova Test',
      dataAccettazione: '2025-09-24',
      danni: true,
      carburante: 3,
      tacche: { 0: true, 1: true, 2: true, 3: true, 4: false },
      km: 12540,
      ore: 820,
      matricole: 'SN-100',
      controlli: [
        { controlloId: olio, valore: 'Basso' },
        { controlloId: luci, valore: 'No' },
      ],
      fotoSha256: [hex(PNG), hex(JPEG)],
      addenda: [],
    });
    expect(data.sha256).toMatch(/^[0-9a-f]{64}$/);

    const got = await t.app.inject({ method: 'GET', url: `/api/accettazioni_mezzi/${data.id}`, headers: supervisor });
    expect(got.json().data).toMatchObject({ matricole: 'SN-100', fotoSha256: [hex(PNG), hex(JPEG)] });
    const photo = await t.app.inject({
      method: 'GET',
      url: `/api/accettazioni_mezzi/${data.id}/foto/1`,
      headers: operator,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(JPEG)).toBe(true);
    const firma = await t.app.inject({
      method: 'GET',
      url: `/api/accettazioni_mezzi/${data.id}/firma`,
      headers: supervisor,
    });
    expect(firma.rawPayload.equals(PNG)).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/accettazioni_mezzi?page=1', headers: supervisor });
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(data.id);
  });

  it('emptyAcceptanceIsRefused: no machine, no reading, no signature: 400 naming each, nothing stored', async () => {
    const before = await count();
    const files = storedFiles();
    // What the wizard sends for a check-in with nothing filled: the operator and the date.
    const res = await save([
      ['operatore', String(operatorId)],
      ['dataAccettazione', '2025-09-24'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([
      { field: 'matricole', message: 'Indicare almeno una matricola del mezzo' },
      { field: 'km', message: 'Indicare i km o le ore' },
      { field: 'ore', message: 'Indicare i km o le ore' },
      { field: 'firma', message: 'La firma del cliente è obbligatoria' },
    ]);
    // Blank text is no serial number either; one reading (0 for a new machine) is enough.
    const blankSerial = await save(base([['matricole', '   ']]));
    expect(blankSerial.json().violations).toEqual([
      { field: 'matricole', message: 'Indicare almeno una matricola del mezzo' },
    ]);
    expect(await count()).toBe(before);
    expect(storedFiles()).toBe(files);
    const newMachine = await save(base([['ore', '0']]));
    expect(newMachine.statusCode).toBe(201);
    expect(newMachine.json().data).toMatchObject({ km: null, ore: 0, matricole: 'SN-BASE' });
  });

  it('defaults fuel to 0 and damage to no when they are left out (only truthy fields are sent)', async () => {
    const res = await save(base());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ carburante: 0, danni: false, foto: [], controlli: [] });
  });

  it('stores one acceptance for the same idempotency key sent twice', async () => {
    const key = randomUUID();
    const before = await count();
    const parts = base([
      ['chiaveIdempotenza', key],
      ['matricole', 'SN-IDEM'],
      ['foto-0', PNG],
    ]);
    const first = await save(parts);
    const files = storedFiles();
    const second = await save(parts);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await count()).toBe(before + 1);
    expect(storedFiles()).toBe(files);
    // Somebody else's key is not a way to read their acceptance.
    expect((await save(parts, supervisor)).statusCode).toBe(409);
  });

  it.each<[string, Part[], string, string]>([
    ['fuel outside 0-4', [['carburante', '7']], 'carburante', 'Il carburante deve essere un numero intero da 0 a 4'],
    ['negative km', [['km', '-3']], 'km', 'I km devono essere un numero intero non negativo'],
    ['hours that are not a number', [['ore', 'molte']], 'ore', 'Le ore devono essere un numero intero non negativo'],
    ['a bad date', [['dataAccettazione', '2025-02-30']], 'dataAccettazione', "La data dell'accettazione non è valida"],
    ['an unknown field', [['prezzo', '1']], 'prezzo', 'campo non previsto'],
    ['damage that is not yes/no', [['danni', 'forse']], 'danni', 'Il campo «Danni» deve essere sì o no'],
  ])('refuses %s, storing nothing', async (_name, extra, field, message) => {
    const before = await count();
    const res = await save(base(extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toContainEqual({ field, message });
    expect(await count()).toBe(before);
  });

  it('refuses a check value not among its values', async () => {
    const res = await save(
      base([
        ['controlloId[]', String(olio)],
        ['valore[]', 'Pieno'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([
      {
        field: `controlli.${olio}`,
        message: 'Il valore «Pieno» non è tra i valori possibili di «Livello olio»: OK, Basso',
      },
    ]);
  });

  it('refuses a missing operator', async () => {
    const res = await save([['dataAccettazione', '2025-09-24']]);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toContainEqual({ field: 'operatore', message: "L'operatore è obbligatorio" });
  });

  it('lets only a supervisor register in the name of another operator', async () => {
    const sup = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: supervisor });
    const other = base().map(([name, value]): Part => [
      name,
      name === 'operatore' ? String(sup.json().data.id) : value,
    ]);
    const res = await save(other, operator);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0].field).toBe('operatore');
    expect((await save(base(), supervisor)).statusCode).toBe(201);
  });

  it('refuses a photo that is not an image, leaving nothing on disk', async () => {
    const files = storedFiles();
    const before = await count();
    const res = await save(
      base([
        ['foto-0', PNG],
        ['foto-1', EXE],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([
      { field: 'foto', message: "La foto 2 non è un'immagine: sono accettate immagini png, jpg e jpeg" },
    ]);
    expect(storedFiles()).toBe(files);
    expect(await count()).toBe(before);
  });

  it('refuses a photo whose bytes do not match its hash', async () => {
    const res = await save(
      base([
        ['foto-0', PNG],
        ['fotoSha256[]', hex(JPEG)],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0]).toEqual({
      field: 'foto',
      message: 'La foto 1 è arrivata incompleta o alterata: inviarla di nuovo',
    });
  });

  it('refuses too many photos and a photo over the size limit', async () => {
    const many = Array.from({ length: 21 }, (_, i): Part => [`foto-${i}`, PNG]);
    const tooMany = await save(base(many));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().violations[0]).toEqual({ field: 'foto', message: 'Al massimo 20 foto per accettazione' });
    const limit = t.ctx.config.maxUploadBytes;
    t.ctx.config.maxUploadBytes = 2048;
    try {
      const res = await save(base([['foto-0', Buffer.concat([PNG, Buffer.alloc(4096)])]]));
      expect(res.statusCode).toBe(400);
      expect(res.json().violations[0]).toEqual({ field: 'foto', message: 'La foto 1 supera il limite di 2 KB' });
    } finally {
      t.ctx.config.maxUploadBytes = limit;
    }
  });

  it('refuses a signature that is not a PNG', async () => {
    const res = await save(base([['firma', JPEG]]));
    expect(res.json().violations).toEqual([{ field: 'firma', message: "La firma deve essere un'immagine PNG" }]);
  });

  it('refuses hours below the previous reading of the machine unless a reason is given', async () => {
    expect(
      (
        await save(
          base([
            ['matricole', 'SN-ORE'],
            ['ore', '500'],
            ['km', '100'],
          ]),
        )
      ).statusCode,
    ).toBe(201);
    const lower = await save(
      base([
        ['matricole', 'sn-ore'],
        ['ore', '400'],
      ]),
    );
    expect(lower.statusCode).toBe(400);
    expect(lower.json().violations).toEqual([
      {
        field: 'ore',
        message: "Le ore (400 h) sono inferiori all'ultima lettura (500 h del 24-09-2025): indicare il motivo",
      },
    ]);
    const withReason = await save(
      base([
        ['matricole', 'SN-ORE'],
        ['ore', '400'],
        ['motivoLetturaInferiore', 'Contaore sostituito'],
      ]),
    );
    expect(withReason.statusCode).toBe(201);
    const last = await t.app.inject({
      method: 'GET',
      url: '/api/accettazioni_mezzi/ultima?matricole=sn-ore',
      headers: operator,
    });
    expect(last.json().data).toMatchObject({ ore: 400, motivoLetturaInferiore: 'Contaore sostituito' });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/accettazioni_mezzi/ultima?matricole=MAI-VISTO',
      headers: operator,
    });
    expect(none.json()).toEqual({ data: null });
  });
});

describe('photos uploaded one by one before the acceptance (POST /api/accettazioni_mezzi/foto)', () => {
  const upload = (photo: Buffer, hash: string, headers = operator) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accettazioni_mezzi/foto',
      headers,
      payload: form([
        ['foto', photo],
        ['sha256', hash],
      ]),
    });

  it('keeps each photo by its hash (the same one twice is one), then the acceptance names them', async () => {
    const files = storedFiles();
    expect((await upload(PNG, hex(PNG))).json()).toEqual({ data: { sha256: hex(PNG) } });
    expect((await upload(PNG, hex(PNG))).statusCode).toBe(201);
    expect((await upload(JPEG, hex(JPEG))).statusCode).toBe(201);
    expect(storedFiles()).toBe(files + 2);
    const res = await save(
      base([
        ['matricole', 'SN-STAGED'],
        ['fotoSha256[]', hex(JPEG)],
        ['fotoSha256[]', hex(PNG)],
      ]),
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.fotoSha256).toEqual([hex(JPEG), hex(PNG)]);
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/accettazioni_mezzi/${data.id}/foto/0`,
      headers: operator,
    });
    expect(first.rawPayload.equals(JPEG)).toBe(true);
    // Taken by the acceptance, they no longer wait: a second acceptance must send them again.
    const again = await save(base([['fotoSha256[]', hex(PNG)]]));
    expect(again.json().violations).toEqual([
      { field: 'foto', message: 'La foto 1 non è ancora arrivata al server: inviarla di nuovo' },
    ]);
  });

  it("refuses a photo whose bytes do not match its hash, one that is not an image, and somebody else's", async () => {
    const wrong = await upload(PNG, hex(JPEG));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().violations).toEqual([
      { field: 'foto', message: 'La foto è arrivata incompleta o alterata: inviarla di nuovo' },
    ]);
    const exe = await upload(EXE, hex(EXE));
    expect(exe.json().violations).toEqual([
      { field: 'foto', message: "La foto non è un'immagine: sono accettate immagini png, jpg e jpeg" },
    ]);
    const bad = await upload(PNG, 'abc');
    expect(bad.json().violations[0].field).toBe('sha256');
    expect((await upload(PNG, hex(PNG), supervisor)).statusCode).toBe(201);
    const notMine = await save(base([['fotoSha256[]', hex(PNG)]]));
    expect(notMine.statusCode).toBe(400);
    expect((await upload(PNG, hex(PNG), crm)).statusCode).toBe(403);
  });
});

describe('a saved acceptance is sealed', () => {
  it('cannot be edited; an addendum is stored under it with its author and time', async () => {
    const id = (await save(base([['matricole', 'SN-SEAL']]))).json().data.id;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/accettazioni_mezzi/${id}`,
      headers: supervisor,
      payload: { operatore: operatorId, dataAccettazione: '2025-09-25', carburante: 4 },
    });
    expect(put.statusCode).toBeGreaterThanOrEqual(400);
    expect(put.statusCode).toBeLessThan(500);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/accettazioni_mezzi/${id}/addenda`,
      headers: supervisor,
      payload: { testo: 'Graffio già presente alla consegna' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      dataAccettazione: '2025-09-24',
      addenda: [{ testo: 'Graffio già presente alla consegna', autore: 'Prova Test' }],
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/accettazioni_mezzi/${id}/addenda`,
          headers: supervisor,
          payload: { testo: '' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("an addendum is one history entry with its text, written in the addendum's transaction", async () => {
    const id = (await save(base([['matricole', 'SN-STORICO']]))).json().data.id;
    const add = (testo: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/accettazioni_mezzi/${id}/addenda`,
        headers: supervisor,
        payload: { testo },
      });
    const rows = async () =>
      (
        await t.ctx.db.query<{ evento: string; utente: string; campi: Record<string, [unknown, unknown]> }>(
          `SELECT evento, utente, campi FROM "storico" WHERE risorsa = 'accettazioneMezzo' AND "recordId" = $1 ORDER BY id`,
          [id],
        )
      ).rows;
    expect((await rows()).map((r) => r.evento)).toEqual(['creazione']);
    // Whatever stops its history row stops the addendum: the acceptance keeps what it had.
    await t.ctx.db.query(`CREATE TRIGGER "storico_guasto" BEFORE INSERT ON "storico" FOR EACH ROW
      WHEN (NEW.risorsa = 'accettazioneMezzo' AND NEW.evento = 'aggiunta') EXECUTE FUNCTION storico_append_only()`);
    try {
      expect((await add('Non resta')).statusCode).toBe(500);
    } finally {
      await t.ctx.db.query(`DROP TRIGGER "storico_guasto" ON "storico"`);
    }
    const read = await t.app.inject({ method: 'GET', url: `/api/accettazioni_mezzi/${id}`, headers: supervisor });
    expect(read.json().data.addenda).toEqual([]);
    expect((await add('Graffio sul cofano')).statusCode).toBe(201);
    const [creation, addendum, ...more] = await rows();
    expect(creation?.evento).toBe('creazione');
    expect(more).toEqual([]);
    expect(addendum).toMatchObject({ evento: 'aggiunta', utente: 'Prova Test' });
    expect(addendum?.campi.__nota).toEqual([null, 'Graffio sul cofano']);
    expect(addendum?.campi.addenda?.[1]).toMatchObject([{ testo: 'Graffio sul cofano' }]);
  });

  it('gives a PDF report that reads the Italian way, closed by the fingerprints of the record and of each photo', async () => {
    const data = (
      await save(
        base([
          ['matricole', 'SN-PDF'],
          ['km', '12500'],
          ['ore', '3420'],
          ['danni', 'true'],
          ['foto-0', PNG],
          ['firma', PNG],
        ]),
      )
    ).json().data;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/accettazioni_mezzi/${data.id}/pdf`,
      headers: supervisor,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Data accettazione 24-09-2025');
    expect(text).toContain('Km 12.500 km');
    expect(text).toContain('Ore 3.420 h');
    expect(text).toContain('Danni Sì');
    expect(text).toMatch(/Registrata il \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    // The evidence closes the report, under its Italian name; before it the reader meets no technical word.
    const [report, evidence = ''] = text.split('Dati di verifica');
    expect(unreadable(report ?? '')).toEqual([]);
    expect(evidence).toContain(`Impronta della registrazione ${data.sha256}`);
    expect(evidence).toContain(`Impronta della foto 1 ${hex(PNG)}`);
    expect(evidence).toContain(`Impronta della firma ${hex(PNG)}`);
  });
});

describe('who may do what', () => {
  it.each<[string, string, string]>([
    ['GET', '/api/accettazioni_mezzi', 'the list'],
    ['GET', '/api/accettazioni_mezzi/1', 'the detail'],
    ['GET', '/api/accettazioni_mezzi/1/pdf', 'the PDF'],
    ['GET', '/api/accettazioni_mezzi/1/firma', 'the signature'],
  ])('an operator may not read %s %s (%s)', async (method, url) => {
    expect((await t.app.inject({ method: method as 'GET', url, headers: operator })).statusCode).toBe(403);
  });

  it('a CRM user may neither save nor read acceptances', async () => {
    expect((await save(base(), crm)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/accettazioni_mezzi/1/foto/0', headers: crm })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/accettazioni_mezzi/ultima?matricole=SN-100', headers: crm }))
        .statusCode,
    ).toBe(403);
  });

  it('an operator may not add an addendum, and nobody signed out may save', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accettazioni_mezzi/1/addenda',
      headers: operator,
      payload: { testo: 'x' },
    });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'POST', url: '/api/accettazioni_mezzi', payload: form(base()) });
    expect(anon.statusCode).toBe(401);
  });

  it('lists the operators a supervisor may choose', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/accettazioni_mezzi/operatori', headers: supervisor });
    expect(res.json().data).toContainEqual({ id: operatorId, nome: 'Prova Test' });
  });
});
