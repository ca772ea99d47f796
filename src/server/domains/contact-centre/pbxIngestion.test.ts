import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };
let pbx: { authorization: string };
let apiUserId: number;

const idOf = async (username: string) =>
  (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "user" WHERE username = $1`, [username])).rows[0]?.id ?? 0;

beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_ADMIN'], 'amministratore');
  await t.as(['ROLE_API'], 'centralino');
  apiUserId = await idOf('centralino');
  const issued = await t.app.inject({ method: 'POST', url: `/api/users/${apiUserId}/pbx-token`, headers: admin });
  expect(issued.statusCode).toBe(200);
  pbx = { authorization: `Bearer ${issued.json().data.token as string}` };
  const office = await t.ctx.resource('BranchOffice').repo.create({ nome: 'Milano', phoneNumbers: '02 1234 5678' });
  expect(office.id).toBeGreaterThan(0);
});
afterAll(() => t.close());

/** An Asterisk CDR of a call from `src` to the Milan line, `minute` minutes after 09:00 of 24 September 2025 (Rome). */
const cdr = (uniqueid: string, src: string, minute: number, more: Record<string, unknown> = {}) => ({
  uniqueid,
  linkedid: uniqueid,
  src,
  dst: '0212345678',
  start: `2025-09-24 09:${String(minute).padStart(2, '0')}:00`,
  answer: '',
  end: `2025-09-24 09:${String(minute).padStart(2, '0')}:30`,
  duration: 30,
  billsec: 0,
  disposition: 'NO ANSWER',
  ...more,
});
const post = (calls: object[], headers = pbx, source = 'asterisk') =>
  t.app.inject({ method: 'POST', url: '/api/pbx/calls', headers, payload: { source, calls } });
const missedOf = async (phone: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/missed-calls?filters[senderPhone]=${encodeURIComponent(phone)}`,
      headers: admin,
    })
  ).json().data as Record<string, unknown>[];
const count = async (table: string) =>
  (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]?.n;

describe('PBX ingestion: who may post', () => {
  it('refuses no token (401), a staff token even of an admin (403), and a PBX token on any staff call (401)', async () => {
    expect((await post([cdr('a.1', '+390245678901', 0)], {} as { authorization: string })).statusCode).toBe(401);
    expect((await post([cdr('a.1', '+390245678901', 0)], admin)).statusCode).toBe(403);
    expect((await post([cdr('a.1', '+390245678901', 0)], await t.as(['ROLE_API'], 'centralino'))).statusCode).toBe(403);
    const staffCall = await t.app.inject({ method: 'GET', url: '/api/missed-calls', headers: pbx });
    expect(staffCall.statusCode).toBe(401);
  });

  it('gives a PBX token only to an active ROLE_API user, and only an admin asks for it', async () => {
    const other = await idOf('amministratore');
    const refused = await t.app.inject({ method: 'POST', url: `/api/users/${other}/pbx-token`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Il token del centralino si dà solo a un utente attivo con il ruolo ROLE_API');
    const cc = await t.as(['ROLE_CONTACT_CENTER'], 'operatrice');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/${apiUserId}/pbx-token`, headers: cc })).statusCode,
    ).toBe(403);
  });

  it('a token stops working when its user loses ROLE_API', async () => {
    await t.as(['ROLE_API'], 'centralino2');
    const id = await idOf('centralino2');
    const token = (await t.app.inject({ method: 'POST', url: `/api/users/${id}/pbx-token`, headers: admin })).json()
      .data.token as string;
    const headers = { authorization: `Bearer ${token}` };
    expect((await post([cdr('r.1', '+390245670000', 1)], headers)).statusCode).toBe(200);
    const user = (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: admin })).json().data;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: admin,
      payload: { ...user, roles: ['ROLE_USER'] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await post([cdr('r.2', '+390245670000', 2)], headers)).statusCode).toBe(401);
  });
});

describe('PBX ingestion: what it stores', () => {
  it('refuses a bad record with the field as the PBX names it, and stores nothing of the batch', async () => {
    const before = await count('reportCall');
    const bad = await post([cdr('b.1', '+390245678902', 3), cdr('b.2', 'non è un numero', 4, { start: 'ieri' })]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations).toEqual(
      expect.arrayContaining([
        { field: 'calls.1.src', message: 'Numero chiamante non valido: «non è un numero»' },
        { field: 'calls.1.start', message: 'Data di inizio della chiamata non valida: «ieri»' },
      ]),
    );
    expect(await count('reportCall')).toBe(before);
    expect((await post([cdr('b.3', '+390245678902', 3)], pbx, 'avaya')).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => cdr(`m.${i}`, '+390245678903', 5));
    expect((await post(tooMany)).statusCode).toBe(400);
    expect((await post([{ uniqueid: 'x', src: { a: 1 }, disposition: 7 }])).statusCode).toBe(400);
  });

  it('overlongPbxIdentifierIsRefused: every identifier and text has its limit, named as the PBX names it', async () => {
    const before = await count('reportCall');
    const long = 'x'.repeat(5000);
    const bad = await post([cdr('ok.1', '+390245678902', 3), cdr(long, '+390245678902', 4)]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations).toEqual([
      { field: 'calls.1.uniqueid', message: 'Il campo «uniqueid» può avere al massimo 150 caratteri' },
      { field: 'calls.1.linkedid', message: 'Il campo «linkedid» può avere al massimo 150 caratteri' },
    ]);
    expect(await count('reportCall')).toBe(before);
    // Each source's identifiers and texts, nested ones and those the PBX writes that nobody reads too.
    const refused = async (source: string, call: object) => {
      const res = await post([call], pbx, source);
      expect(res.statusCode, JSON.stringify(call).slice(0, 80)).toBe(400);
      return res.json().violations as { field: string; message: string }[];
    };
    expect(await refused('asterisk', cdr('q.long', '+390245678902', 5, { queue: { queuename: long } }))).toEqual([
      { field: 'calls.0.queue.queuename', message: 'Il campo «queuename» può avere al massimo 128 caratteri' },
    ]);
    expect(await refused('asterisk', cdr('d.long', '+390245678902', 5, { disposition: long }))).toEqual([
      { field: 'calls.0.disposition', message: 'Il campo «disposition» può avere al massimo 45 caratteri' },
    ]);
    expect(await refused('asterisk', cdr('u.long', '+390245678902', 5, { userfield: long }))).toEqual([
      { field: 'calls.0.userfield', message: 'Il campo «userfield» può avere al massimo 1000 caratteri' },
    ]);
    expect(await refused('twilio', { CallSid: long, From: '+390245678902', To: '+390212345678' })).toEqual([
      { field: 'calls.0.CallSid', message: 'Il campo «CallSid» può avere al massimo 64 caratteri' },
    ]);
    expect(await refused('3cx', { historyid: '1', 'reason-terminated': long })).toEqual([
      {
        field: 'calls.0.reason-terminated',
        message: 'Il campo «reason-terminated» può avere al massimo 64 caratteri',
      },
    ]);
    expect(await count('reportCall')).toBe(before);
    // At the limit it is a call like any other.
    expect((await post([cdr('y'.repeat(150), '+390245678902', 6)])).statusCode).toBe(200);
  });

  it('is idempotent on the call id: the same call posted twice is one call and one missed call', async () => {
    const call = cdr('i.1', '+39 02 4567 8904', 6);
    const first = await post([call, call]);
    expect(first.json().data).toEqual({ received: 2, created: 1, duplicates: 1, missedCalls: 1 });
    const again = await post([call]);
    expect(again.json().data).toEqual({ received: 1, created: 0, duplicates: 1, missedCalls: 0 });
    const missed = await missedOf('+390245678904');
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({
      senderPhone: '+390245678904',
      dialledNumber: '+390212345678',
      branchOffice: 'Milano',
      attempts: 1,
      recalled: 'N',
      internal: 'N',
      receivedAt: '2025-09-24T07:06:00.000Z',
    });
  });

  it('three attempts by one number are one call-back case; a connected call-back closes it', async () => {
    await post([cdr('t.1', '+390245678905', 10), cdr('t.2', '+390245678905', 12)]);
    await post([cdr('t.3', '+390245678905', 20)]);
    const [open] = await missedOf('+390245678905');
    expect(open).toMatchObject({
      attempts: 3,
      lastAttemptAt: '2025-09-24T07:20:00.000Z',
      recalled: 'N',
      closedAt: null,
    });
    // The operator's extension 201 calls the customer back; 40 seconds of talk.
    await post([
      cdr('t.4', '201', 30, {
        dst: '0245678905',
        answer: '2025-09-24 09:30:05',
        billsec: 25,
        disposition: 'ANSWERED',
      }),
    ]);
    const [closed] = await missedOf('+390245678905');
    expect(closed).toMatchObject({
      attempts: 3,
      recalled: 'Y',
      closedReason: 'Richiamato',
      closedAt: '2025-09-24T07:30:05.000Z',
    });
    // A later missed call opens a new case.
    await post([cdr('t.5', '+390245678905', 45)]);
    expect(await missedOf('+390245678905')).toHaveLength(2);
  });

  it('one queue call that rang three agents (same linkedid) is one case with one attempt', async () => {
    const legs = ['q.1', 'q.2', 'q.3'].map((id) =>
      cdr(id, '+390245678906', 15, {
        linkedid: 'q.1',
        queue: { queuename: 'vendite', event: 'RINGNOANSWER', waittime: 20 },
      }),
    );
    expect((await post(legs)).json().data).toMatchObject({ created: 3, missedCalls: 1 });
    const missed = await missedOf('+390245678906');
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({ attempts: 1 });
  });

  it('the caller calling again and being answered closes the case', async () => {
    await post([cdr('c.1', '+390245678907', 1)]);
    await post([
      cdr('c.2', '+390245678907', 40, { answer: '2025-09-24 09:40:10', billsec: 20, disposition: 'ANSWERED' }),
    ]);
    const [c] = await missedOf('+390245678907');
    expect(c).toMatchObject({ recalled: 'Y', closedReason: 'Ha richiamato ed è stato risposto' });
  });

  it('matches the caller to a customer by the number however it was typed, and writes the call report', async () => {
    await t.ctx.resource('Customer').repo.create({ companyName: 'Edilizia Brambilla', phone: '02.4567.8908' });
    await post([cdr('k.1', '0039 02 4567 8908', 50)]);
    const [c] = await missedOf('+390245678908');
    expect(c).toMatchObject({ callerName: 'Edilizia Brambilla' });
    expect(typeof c?.customerId).toBe('number');
    const report = (
      await t.app.inject({
        method: 'GET',
        url: '/api/report-calls?callDate=2025-09-24&rowsPerPage=100&page=1',
        headers: admin,
      })
    ).json().data as Record<string, unknown>[];
    expect(report.find((r) => r.callerNumber === '+390245678908')).toMatchObject({
      caller: 'Edilizia Brambilla',
      destination: 'Sede Milano',
      status: 'Non risposta',
      totalDuration: 30,
      callDate: '2025-09-24',
    });
  });

  it('tells the open missed-calls screens through the hub', async () => {
    const events: unknown[] = [];
    const stop = t.ctx.hub.subscribe(['/contact-centre'], (e) => events.push(e));
    await post([cdr('h.1', '+390245678909', 55)]);
    stop();
    expect(events).toEqual([expect.objectContaining({ entity: 'missedCall', event: 'changed' })]);
  });

  it('the hub subscriber token of a contact-centre operator includes the team topic, not of a CRM user', async () => {
    const topicsOf = async (roles: string[]) =>
      (await t.app.inject({ method: 'GET', url: '/api/hub/subscriber-token', headers: await t.as(roles) })).json().data
        .topics as string[];
    expect(await topicsOf(['ROLE_CONTACT_CENTER'])).toContain('/contact-centre');
    expect(await topicsOf(['ROLE_USER_CRM'])).not.toContain('/contact-centre');
  });

  it('daily totals count calls, not legs', async () => {
    const totals = await t.app.inject({
      method: 'GET',
      url: '/api/report-calls/totals?callDate=2025-09-24',
      headers: admin,
    });
    expect(totals.statusCode).toBe(200);
    const data = totals.json().data;
    expect(data.answered).toBe(1);
    expect(data.outbound).toBe(1);
    expect(data.missed).toBeGreaterThanOrEqual(8);
    expect(data.hours).toEqual([expect.objectContaining({ hour: 9 })]);
    const cc = await t.as(['ROLE_CONTACT_CENTER'], 'operatrice');
    expect((await t.app.inject({ method: 'GET', url: '/api/report-calls/totals', headers: cc })).statusCode).toBe(403);
  });
});
