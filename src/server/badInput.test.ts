import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  await t.app.inject({
    method: 'POST',
    url: '/api/agents',
    headers: admin,
    payload: { name: 'Luca Verdi', code: 'AG01' },
  });
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]?.n;
const send = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...admin, ...headers },
    ...(payload !== undefined ? { payload: payload as string } : {}),
  });

describe('bad input gets a 4xx with an Italian message, never a 500, and stores nothing', () => {
  it.each<[string, string, string, unknown, number, { field: string; message: string } | null]>([
    ['malformed JSON', 'POST', '/api/fonti', '{"description": "Sito', 400, null],
    [
      'a wrong type',
      'POST',
      '/api/fonti',
      { description: 'Sito', ordinamento: 'primo' },
      400,
      { field: 'ordinamento', message: 'Il campo «Ordinamento» deve essere un numero intero' },
    ],
    [
      'a missing required field',
      'POST',
      '/api/fonti',
      { ordinamento: 1 },
      400,
      { field: 'description', message: 'Il campo «Descrizione» è obbligatorio' },
    ],
    [
      'an overlong string',
      'POST',
      '/api/fonti',
      { description: 'x'.repeat(300) },
      400,
      { field: 'description', message: 'Il campo «Descrizione» può avere al massimo 255 caratteri' },
    ],
    [
      'an unknown enum value',
      'POST',
      '/api/articoli',
      { description: 'Cestello', active: 'Forse' },
      400,
      { field: 'active', message: 'Il campo «Attivo» deve essere uno dei valori previsti: Sì, No' },
    ],
    [
      'an unknown field',
      'POST',
      '/api/fonti',
      { description: 'Sito', colore: 'rosso' },
      400,
      { field: 'colore', message: 'Il campo «colore» non è previsto' },
    ],
    [
      'a bad colour',
      'POST',
      '/api/fonti',
      { description: 'Sito', coloreSfondo: 'rosso' },
      400,
      {
        field: 'coloreSfondo',
        message: 'Il campo «Colore di sfondo» deve essere un colore nel formato #RRGGBB, ad esempio #FFFFFF',
      },
    ],
    [
      'an invalid partita IVA',
      'POST',
      '/api/customers',
      { companyName: 'Rossi S.r.l.', vatNumber: '00743110158' },
      400,
      { field: 'vatNumber', message: 'La partita IVA non è valida' },
    ],
    [
      'an invalid codice fiscale',
      'POST',
      '/api/customers',
      { companyName: 'Rossi S.r.l.', vatNumber: '00743110157', taxCode: 'RSSMRA85T10A562T' },
      400,
      { field: 'taxCode', message: 'Il formato del codice fiscale non è corretto' },
    ],
    [
      'a negative price',
      'POST',
      '/api/transport-prices',
      { minFrom: 0, minTo: 30, price: -5 },
      400,
      { field: 'price', message: 'Il campo «Prezzo» non può essere negativo' },
    ],
    [
      'possible values with an empty entry',
      'POST',
      '/api/tipi_controllo',
      { nome: 'x', tipo: 'select', valori: ',,' },
      400,
      {
        field: 'valori',
        message: 'I valori possibili vanno separati da virgole, senza valori vuoti: ad esempio Sì,No,Non verificato',
      },
    ],
  ])('%s', async (_name, method, url, payload, status, violation) => {
    const table = url.includes('customers')
      ? 'customer'
      : url.includes('articoli')
        ? 'articolo'
        : url.includes('transport')
          ? 'transportPrice'
          : url.includes('tipi_')
            ? 'tipoControllo'
            : 'fonte';
    const before = await count(table);
    const res = await send(
      method,
      url,
      typeof payload === 'string' ? payload : payload,
      typeof payload === 'string' ? { 'content-type': 'application/json' } : {},
    );
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.message).toMatch(/^[A-Z]/);
    if (violation) expect(body.violations).toContainEqual(violation);
    expect(await count(table)).toBe(before);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('refuses the id %s', async (id) => {
    const res = await send('GET', `/api/agents/${id}`);
    expect([400, 404]).toContain(res.statusCode);
  });

  it('a figure with two decimals is a multiple of 0.01 (no floating-point refusal of 19,99)', async () => {
    for (const percentage of [19.99, 8.55, 0.07]) {
      const res = await send('POST', '/api/insurances', { code: `A${percentage}`, name: 'Kasko', percentage });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.percentage).toBe(percentage);
    }
    const res = await send('POST', '/api/insurances', { code: 'TRE', name: 'Kasko', percentage: 8.555 });
    expect(res.json().violations).toEqual([
      { field: 'percentage', message: 'Il campo «Percentuale» può avere al massimo 2 decimali' },
    ]);
  });

  it('an update with bad data keeps what the database had', async () => {
    const id = (await send('POST', '/api/fonti', { description: 'Telefono', ordinamento: 1 })).json().data.id;
    expect((await send('PUT', `/api/fonti/${id}`, { description: 'Telefono', ordinamento: 'due' })).statusCode).toBe(
      400,
    );
    expect((await send('GET', `/api/fonti/${id}`)).json().data).toMatchObject({
      description: 'Telefono',
      ordinamento: 1,
    });
  });

  it('treats SQL in filters as text and refuses it in sortBy', async () => {
    const injected = await send('GET', `/api/agents?filters[name]=${encodeURIComponent("'; DROP TABLE agent; --")}`);
    expect(injected.statusCode).toBe(200);
    expect(injected.json().totalRows).toBe(0);
    expect(await count('agent')).toBe(1);
    for (const sortBy of ['name; DROP TABLE agent', 'name DESC', '"name"', 'nome', 'passwordHash']) {
      const res = await send('GET', `/api/agents?sortBy=${encodeURIComponent(sortBy)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Verificare la validità dei campi');
    }
    expect((await send('GET', '/api/users?sortBy=passwordHash')).statusCode).toBe(400);
    expect((await send('GET', '/api/users?filters[passwordHash]=scrypt')).statusCode).toBe(400);
  });

  it('refuses filters on unknown fields and malformed filter values', async () => {
    expect((await send('GET', '/api/agents?filters[nome]=x')).statusCode).toBe(400);
    expect((await send('GET', '/api/fonti?filters[ordinamento]=primo')).statusCode).toBe(400);
    expect((await send('GET', '/api/customers?filters[reseller]=forse')).statusCode).toBe(400);
    expect((await send('GET', '/api/customers?filters[date]=ieri')).statusCode).toBe(400);
    expect((await send('GET', '/api/agents?page=-1')).statusCode).toBe(400);
    expect((await send('GET', '/api/agents?descending=2')).statusCode).toBe(400);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await send('POST', '/api/fonti', { description: 'x', note: 'y'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
  });

  it('answers unknown routes with 404 "Pagina non trovata"', async () => {
    const res = await send('GET', '/api/nessuna-risorsa');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pagina non trovata');
  });
});
