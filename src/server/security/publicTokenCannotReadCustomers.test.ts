import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import type { ApiOperation } from '../contract/contract.ts';

let t: TestApp;
let admin: { authorization: string };
let seller: { authorization: string };
let negotiationId = 0;
let otherNegotiationId = 0;
let customerId = 0;

const PUBLIC_OFFER_OPS = [
  'getTrattativaCpPublic',
  'setTrattativaCpDraftViewed',
  'confirmTrattativaCpOffer',
  'requestTrattativaCpNewOffer',
];

beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_SUPER_ADMIN']);
  seller = await t.as(['ROLE_USER_CP'], 'venditore.cp');
  const customer = await t.ctx.resource('Customer').repo.create({
    companyName: 'Edilizia Brambilla S.r.l.',
    vatNumber: '00743110157',
    email: 'amministrazione@brambilla.it',
    phone: '0212345678',
    note: 'Paga sempre in ritardo',
  });
  customerId = Number(customer.id);
  const negotiations = t.ctx.resource('TrattativaCp').repo;
  // The seller's own negotiations: a CP user sees (and makes links for) only those.
  const operatoreId = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: seller })).json().data.id;
  negotiationId = Number((await negotiations.create({ ragioneSociale: 'Edilizia Brambilla S.r.l.', operatoreId })).id);
  otherNegotiationId = Number((await negotiations.create({ ragioneSociale: 'Impresa Rota S.p.A.', operatoreId })).id);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const documentToken = async (id: number, headers = seller) => {
  const res = await get(`/api/trattative_cp/create-document-token/${id}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data.documentToken as string;
};
const publicToken = async (code: string) => {
  const res = await get(`/public/login-api-from-client?code=${encodeURIComponent(code)}`);
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().data.token}` };
};
const claimsOf = (header: { authorization: string }) =>
  JSON.parse(Buffer.from(header.authorization.split('.')[1] ?? '', 'base64url').toString());

/** A request for an operation, with its path parameters filled in (the document token for the public ones). */
function request(op: ApiOperation, code: string) {
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    PUBLIC_OFFER_OPS.includes(op.operationId) && name === 'id'
      ? code
      : name === 'resource'
        ? 'customer'
        : name === 'filename'
          ? 'nessuno.pdf'
          : name === 'vat'
            ? '00743110157'
            : name === 'status'
              ? 'true'
              : String(customerId),
  );
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${p.name === 'entity' ? 'customer' : p.name === 'topic' ? '/users/1' : '1'}`)
    .join('&');
  return {
    method: op.method as 'GET',
    url: query ? `${url}?${query}` : url,
    ...(op.body?.contentType === 'application/json'
      ? { payload: op.operationId === 'confirmTrattativaCpOffer' ? CONFIRMATION : {} }
      : {}),
  };
}
const CONFIRMATION = {
  prezzoNoleggio: 950,
  prezzoTotale: 1207.5,
  prezzoTotaleScontato: 1147.13,
  acceptedByCustomer: 'Y',
};

describe('the public offer token (audience public-offer)', () => {
  it('is given only for a current document token: none is 400, an unknown one 404', async () => {
    expect((await get('/public/login-api-from-client')).statusCode).toBe(400);
    const unknown = await get('/public/login-api-from-client?code=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, message: 'Risorsa non trovata' });
  });

  it('is short-lived and scoped to one negotiation', async () => {
    const code = await documentToken(negotiationId);
    expect(code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const claims = claimsOf(await publicToken(code));
    expect(claims).toMatchObject({ aud: 'public-offer', sub: `trattativa:${negotiationId}`, code });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(30 * 60);
    expect(claims.roles).toBeUndefined();
  });

  it('gets 401, 403 or 404 from every operation of the contract but its four, and never staff data', async () => {
    const code = await documentToken(negotiationId);
    const headers = await publicToken(code);
    const leaks: string[] = [];
    for (const op of t.ctx.contract.operations) {
      // Calls open to anybody (login, refresh…) do not read the bearer token at all.
      if (t.ctx.access(op) === 'public' || PUBLIC_OFFER_OPS.includes(op.operationId)) continue;
      const res = await t.app.inject({ ...request(op, code), headers });
      if (![401, 403, 404].includes(res.statusCode) || /Brambilla|amministrazione@/.test(res.body))
        leaks.push(`${op.operationId}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(leaks).toEqual([]);
  });

  it('opens its four operations only for its own, current code; a staff token is refused there', async () => {
    const code = await documentToken(negotiationId);
    const headers = await publicToken(code);
    const otherCode = await documentToken(otherNegotiationId);
    for (const id of PUBLIC_OFFER_OPS) {
      const op = t.ctx.contract.operations.find((o) => o.operationId === id) as ApiOperation;
      // The access check passes: the call answers (no offer was sent: 409 for the confirm, missing fields 400).
      expect([200, 400, 409]).toContain((await t.app.inject({ ...request(op, code), headers })).statusCode);
      const wrong = await t.app.inject({ ...request(op, otherCode), headers });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json()).toEqual({ code: 404, message: 'Risorsa non trovata' });
      expect((await t.app.inject({ ...request(op, code), headers: admin })).statusCode).toBe(403);
      expect((await t.app.inject({ ...request(op, code), headers: seller })).statusCode).toBe(403);
      expect((await t.app.inject(request(op, code))).statusCode).toBe(401);
    }
  });

  it('stops working when a new document token replaces the code', async () => {
    const code = await documentToken(negotiationId);
    const headers = await publicToken(code);
    const next = await documentToken(negotiationId);
    expect(next).not.toBe(code);
    expect((await get(`/public/login-api-from-client?code=${code}`)).statusCode).toBe(404);
    expect((await get(`/api/trattative-cp/${code}`, headers)).statusCode).toBe(404);
    expect((await get(`/api/trattative-cp/${next}`, await publicToken(next))).statusCode).toBe(200);
  });

  it('is no subscriber token for the hub, and a hub token is no session', async () => {
    const headers = await publicToken(await documentToken(negotiationId));
    const token = headers.authorization.slice('Bearer '.length);
    expect((await get(`/hub?topic=/broadcast&token=${token}`)).statusCode).toBe(401);
    const hub = (await get('/api/hub/subscriber-token', seller)).json().data.token as string;
    expect((await get('/api/users/me', { authorization: `Bearer ${hub}` })).statusCode).toBe(401);
  });

  it('is rate-limited per address: past 30 a minute, 429 with Retry-After, other addresses unaffected', async () => {
    const ask = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: '/public/login-api-from-client?code=AAAAAAAAAAAAAAAAAAAAAAAA',
        remoteAddress: ip,
      });
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await ask('10.20.0.1')).statusCode);
    expect(statuses).toEqual(Array(30).fill(404));
    const limited = await ask('10.20.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toBe('Troppe richieste. Riprovare tra qualche secondo');
    expect((await ask('10.20.0.2')).statusCode).toBe(404);
  });

  it('document tokens are created only by the negotiation roles, for a negotiation that exists', async () => {
    const crm = await t.as(['ROLE_USER_CRM'], 'solo.crm');
    expect((await get(`/api/trattative_cp/create-document-token/${negotiationId}`, crm)).statusCode).toBe(403);
    expect((await get('/api/trattative_cp/create-document-token/99999', seller)).statusCode).toBe(404);
  });
});

describe('lookups: what a picker needs, never the whole record', () => {
  it('a user outside the customer roles reads only id, name and the fields every record has', async () => {
    const plain = await t.as(['ROLE_USER'], 'utente.semplice');
    const list = await get('/api/customers?page=1&rowsPerPage=10', plain);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: customerId, companyName: 'Edilizia Brambilla S.r.l.', vatNumber: '00743110157', codiceLingua: 'it' },
    ]);
    const one = await get(`/api/customers/${customerId}`, plain);
    expect(Object.keys(one.json().data).sort()).toEqual(['codiceLingua', 'companyName', 'id', 'vatNumber']);
    // Filtering or sorting on a hidden field would reveal it one guess at a time.
    expect((await get('/api/customers?filters[email]=amministrazione', plain)).statusCode).toBe(400);
    expect((await get('/api/customers?sortBy=phone', plain)).statusCode).toBe(400);
  });

  it('the customer roles read the whole record', async () => {
    const crm = await t.as(['ROLE_USER_CRM'], 'solo.crm');
    const one = (await get(`/api/customers/${customerId}`, crm)).json().data;
    expect(one).toMatchObject({ email: 'amministrazione@brambilla.it', note: 'Paga sempre in ritardo' });
  });

  it('exports apply the list’s own roles, not the lookup rule', async () => {
    const plain = await t.as(['ROLE_USER'], 'utente.semplice');
    expect((await get('/api/export/customer', plain)).statusCode).toBe(403);
    expect((await get('/api/export/agent', plain)).statusCode).toBe(403);
    const crm = await t.as(['ROLE_USER_CRM'], 'solo.crm');
    expect((await get('/api/export/customer', crm)).statusCode).toBe(200);
  });
});
