import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRomeDateTime } from '../../../domain/dates.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { ingestCalls } from './ingest.ts';
import { RECALL_MESSAGES } from './missedCallHandlers.ts';

let t: TestApp;
let admin: { authorization: string };
let anna: { authorization: string };
let marco: { authorization: string };
let officeId: number;

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

/** A missed call `minutesAgo` before now, from `from` to the office's line. */
const missed = (callId: string, from: string, minutesAgo: number) => {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  return {
    source: 'asterisk' as const,
    callId,
    linkedId: callId,
    from,
    to: '+390212345678',
    direction: 'inbound' as const,
    startedAt: start.toISOString(),
    answeredAt: null,
    endedAt: new Date(start.getTime() + 20_000).toISOString(),
    durationSeconds: 20,
    billSeconds: 0,
    disposition: 'NO ANSWER' as const,
    queue: null,
  };
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_ADMIN'], 'amministratore');
  anna = await t.as(['ROLE_CONTACT_CENTER'], 'anna');
  marco = await t.as(['ROLE_CONTACT_CENTER'], 'marco');
  officeId = Number(
    (
      await t.ctx
        .resource('BranchOffice')
        .repo.create({ nome: 'Milano', phoneNumbers: '02 1234 5678', thresholdMinutes: 30 })
    ).id,
  );
  await ingestCalls(t.ctx, [
    missed('m.1', '+390245678901', 3 * 24 * 60),
    missed('m.2', '+390245678902', 10),
    missed('m.3', '+390245678903', 60),
  ]);
});
afterAll(() => t.close());

const list = async (query = '') =>
  (await call('GET', `/api/missed-calls?${query}`, anna)).json().data as Record<string, unknown>[];
const byPhone = async (phone: string) => (await list()).find((r) => r.senderPhone === phone) ?? {};
const idOf = async (username: string) =>
  (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "user" WHERE username = $1`, [username])).rows[0]?.id;

describe('missed calls: the list', () => {
  it('is sorted by receivedAt, newest first, with the wait of each case in business hours', async () => {
    const rows = await list();
    expect(rows.map((r) => r.senderPhone)).toEqual(['+390245678902', '+390245678903', '+390245678901']);
    for (const r of rows) expect(r.wait).toMatch(/^(\d+ h )?\d+ min$/);
    expect(typeof rows[0]?.overdue).toBe('boolean');
  });

  it('filters by recalled and internal, and is open only to the contact-centre roles', async () => {
    expect(await list('internal=N&recalled=Y')).toEqual([]);
    expect(await list('internal=Y')).toEqual([]);
    const crm = await t.as(['ROLE_USER_CRM']);
    expect((await call('GET', '/api/missed-calls', crm)).statusCode).toBe(403);
  });
});

describe('missed calls: editing one field', () => {
  it('saves recalled, note, operator and branch office', async () => {
    const { id } = await byPhone('+390245678903');
    const saved = await call('PUT', `/api/missed-calls/${id as number}`, anna, {
      field: 'note',
      value: 'Vuole un preventivo',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ note: 'Vuole un preventivo' });
    const moved = await call('PUT', `/api/missed-calls/${id as number}`, anna, {
      field: 'branchOfficeId',
      value: officeId,
    });
    expect(moved.json().data).toMatchObject({ branchOfficeId: officeId, branchOffice: 'Milano' });
  });

  it('refuses a field that may not be edited, a bad value and a missing office, changing nothing', async () => {
    const { id, senderPhone } = await byPhone('+390245678903');
    const field = await call('PUT', `/api/missed-calls/${id as number}`, anna, { field: 'senderPhone', value: '0' });
    expect(field.statusCode).toBe(400);
    expect(field.json().violations).toEqual([
      { field: 'field', message: 'Il campo «senderPhone» non si può modificare' },
    ]);
    const value = await call('PUT', `/api/missed-calls/${id as number}`, anna, { field: 'recalled', value: 'Forse' });
    expect(value.statusCode).toBe(400);
    expect(value.json().violations[0].message).toContain('Richiamato');
    const office = await call('PUT', `/api/missed-calls/${id as number}`, anna, {
      field: 'branchOfficeId',
      value: 999,
    });
    expect(office.statusCode).toBe(400);
    expect(await byPhone('+390245678903')).toMatchObject({ senderPhone, recalled: 'N', branchOfficeId: officeId });
  });
});

describe('Richiama', () => {
  it('marks who is calling back; another operator is told who has it', async () => {
    const { id } = await byPhone('+390245678902');
    const taken = await call('POST', `/api/missed-calls/${id as number}/recall`, anna);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toMatchObject({ operator: 'Prova Test', recalled: 'N' });
    const other = await call('POST', `/api/missed-calls/${id as number}/recall`, marco);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('La chiamata è già presa in carico da Prova Test');
  });

  it('callbackGoesToTheOperator: "Nessuna risposta" plans the call-back for who pressed it, in their home and agenda only', async () => {
    const { id, receivedAt } = await byPhone('+390245678902');
    const notMine = await call('POST', `/api/missed-calls/${id as number}/no-answer`, marco);
    expect(notMine.statusCode).toBe(409);
    const before = (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM planning`)).rows[0]?.n ?? 0;
    const done = await call('POST', `/api/missed-calls/${id as number}/no-answer`, anna);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.callLog).toMatch(
      /^Richiamato senza risposta il \d{2}-\d{2}-\d{4} \d{2}:\d{2}: attività di richiamata il \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}$/,
    );
    const { rows: texts } = await t.ctx.db.query<{ subject: string; description: string }>(
      `SELECT subject, description FROM planning ORDER BY id DESC LIMIT 1`,
    );
    expect(texts[0]?.subject).toBe('Richiamare 02.4567.8902');
    // When the call came, as Rome reads it: not the stored UTC instant.
    const { rows: calls } = await t.ctx.db.query<{ receivedAt: Date }>(
      `SELECT "receivedAt" FROM "missedCall" WHERE id = $1`,
      [id],
    );
    expect(texts[0]?.description).toMatch(/^Chiamata persa del \d{2}-\d{2}-\d{4} \d{2}:\d{2}, /);
    expect(texts[0]?.description).toContain(
      `del ${formatRomeDateTime(new Date(calls[0]?.receivedAt ?? 0).toISOString())},`,
    );
    expect((await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM planning`)).rows[0]?.n).toBe(
      before + 1,
    );
    const { rows } = await t.ctx.db.query<{ id: number; date: string; operatoreId: number; agentId: number | null }>(
      `SELECT id, date::text AS date, "operatoreId", "agentId" FROM planning ORDER BY id DESC LIMIT 1`,
    );
    const planned = rows[0];
    if (!planned) throw new Error('no call-back planned');
    // The operator's, nobody's agent: the sales team's lists do not hold it.
    expect(planned.operatoreId).toBe(await idOf('anna'));
    expect(planned.agentId).toBeNull();

    const found = async (headers: object, query = '') =>
      ((await call('GET', `/api/plannings?${query}`, headers)).json().data as { id: number }[]).find(
        (p) => p.id === planned.id,
      );
    // Anna's home ("Attività di oggi" asks by date, "Attività da completare" by completed) and agenda (all of it).
    const hers = await found(anna, `filters[date]=${planned.date}`);
    expect(hers).toMatchObject({
      subject: 'Richiamare 02.4567.8902',
      description: `Chiamata persa del ${formatRomeDateTime(String(receivedAt))}, 1 tentativo. Nessuna risposta alla richiamata.`,
      operatoreId: await idOf('anna'),
      operatoreNome: 'Prova Test',
      completed: false,
    });
    expect(await found(anna, 'filters[completed]=false')).toBeDefined();
    expect(await found(anna)).toBeDefined();
    expect(await found(admin)).toBeDefined();
    // Not the other operator's, nor any salesperson's.
    const salesperson = await t.as(['ROLE_COMMERCIALE_CP'], 'venditore');
    const crmUser = await t.as(['ROLE_USER_CRM'], 'commerciale.crm');
    const supervisor = await t.as(['ROLE_SUPERVISOR_CP'], 'capo.vendite');
    for (const other of [marco, salesperson, crmUser, supervisor]) {
      expect(await found(other)).toBeUndefined();
      expect(await found(other, `filters[date]=${planned.date}`)).toBeUndefined();
    }
    // Nobody else may move or delete it; Anna moves it, and it stays hers whatever she sends.
    const moved = { ...hers, startTime: '17:00', endTime: '17:15', operatoreId: await idOf('marco') };
    expect((await call('PUT', `/api/plannings/${planned.id}`, marco, moved)).statusCode).toBe(404);
    expect((await call('PUT', `/api/plannings/${planned.id}`, salesperson, moved)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/plannings/${planned.id}`, marco)).statusCode).toBe(404);
    const mine = await call('PUT', `/api/plannings/${planned.id}`, anna, moved);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ startTime: '17:00', operatoreId: await idOf('anna') });
  });

  it('keeps one open call-back per call, only under a fresh "Richiama", and its log apart from the note', async () => {
    const { id } = await byPhone('+390245678902');
    const url = `/api/missed-calls/${id as number}`;
    const plannings = async () =>
      (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM planning`)).rows[0]?.n ?? 0;
    const before = await plannings();
    const first = (await byPhone('+390245678902')).callbackPlanningId;
    expect(first).toEqual(expect.any(Number));
    // The previous "Nessuna risposta" ended the hold: pressed again without "Richiama", it plans nothing.
    const again = await call('POST', `${url}/no-answer`, anna);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECALL_MESSAGES.notYours);
    // The staff's note is theirs: it does not erase the call log, nor the log the note.
    const noted = await call('PUT', url, anna, { field: 'note', value: 'Chiede un preventivo' });
    expect(noted.json().data).toMatchObject({
      note: 'Chiede un preventivo',
      callLog: expect.stringMatching(/^Richiamato/),
    });
    expect((await call('PUT', url, anna, { field: 'callLog', value: '' })).statusCode).toBe(400);
    expect((await call('POST', `${url}/recall`, anna)).statusCode).toBe(200);
    // Twice at once (a double click): one call-back, the other refused.
    const both = await Promise.all([call('POST', `${url}/no-answer`, anna), call('POST', `${url}/no-answer`, anna)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await byPhone('+390245678902');
    // The open call-back moved to the next slot: still one, the same.
    expect(await plannings()).toBe(before);
    expect(after.callbackPlanningId).toBe(first);
    expect(after.note).toBe('Chiede un preventivo');
    expect(String(after.callLog).split('\n')).toHaveLength(2);
  });

  it('a call already recalled cannot be taken again', async () => {
    const { id } = await byPhone('+390245678901');
    await call('PUT', `/api/missed-calls/${id as number}`, anna, { field: 'recalled', value: 'Y' });
    const again = await call('POST', `/api/missed-calls/${id as number}/recall`, marco);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La chiamata è già stata richiamata');
  });
});

describe('branch offices', () => {
  it('are edited field by field by admins only, each value checked', async () => {
    const ok = await call('PUT', `/api/branch-offices/${officeId}`, admin, { field: 'thresholdMinutes', value: 45 });
    expect(ok.json().data).toMatchObject({ thresholdMinutes: 45, nome: 'Milano' });
    const low = await call('PUT', `/api/branch-offices/${officeId}`, admin, { field: 'thresholdMinutes', value: 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json().violations[0].message).toContain('Soglia di attesa (minuti)');
    const time = await call('PUT', `/api/branch-offices/${officeId}`, admin, { field: 'openFrom', value: '25:00' });
    expect(time.statusCode).toBe(400);
    const name = await call('PUT', `/api/branch-offices/${officeId}`, admin, { field: 'id', value: 3 });
    expect(name.statusCode).toBe(400);
    expect((await call('PUT', `/api/branch-offices/${officeId}`, anna, { field: 'nome', value: 'X' })).statusCode).toBe(
      403,
    );
    const list = (await call('GET', '/api/branch-offices', admin)).json().data;
    expect(list[0]).toMatchObject({ nome: 'Milano', thresholdMinutes: 45, openFrom: '08:30' });
  });

  it('have users: added once, a second time refused in Italian, removed', async () => {
    const userId = (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "user" WHERE username = 'anna'`)).rows[0]?.id;
    const added = await call('POST', '/api/branch-office-users', admin, {
      branchOfficeId: officeId,
      appUserId: userId,
    });
    expect(added.statusCode).toBe(201);
    const twice = await call('POST', '/api/branch-office-users', admin, {
      branchOfficeId: officeId,
      appUserId: userId,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().violations).toEqual([
      { field: 'appUserId', message: "L'utente è già assegnato a questa sede" },
    ]);
    const users = (await call('GET', `/api/branch-office-users?branchOfficeId=${officeId}`, admin)).json().data;
    expect(users).toHaveLength(1);
    expect((await call('DELETE', `/api/branch-office-users/${added.json().data.id as number}`, admin)).statusCode).toBe(
      204,
    );
    expect((await call('GET', `/api/branch-office-users?branchOfficeId=${officeId}`, admin)).json().data).toEqual([]);
    expect(
      (await call('POST', '/api/branch-office-users', anna, { branchOfficeId: officeId, appUserId: userId }))
        .statusCode,
    ).toBe(403);
  });
});
