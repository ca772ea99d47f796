import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKING_CALENDAR_MESSAGES } from '../../../domain/calendar/index.ts';
import type { CallRecord } from '../../../domain/contact-centre/index.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { ingestCalls } from './ingest.ts';

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };
let milano: number;

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

const LINE = '+390212345678';

const leg = (callId: string, from: string, to: string, at: string, answered: boolean): CallRecord => {
  const start = new Date(at);
  return {
    source: 'asterisk',
    callId,
    linkedId: callId,
    from,
    to,
    direction: from.startsWith('+') ? 'inbound' : 'outbound',
    startedAt: start.toISOString(),
    answeredAt: answered ? new Date(start.getTime() + 5_000).toISOString() : null,
    endedAt: new Date(start.getTime() + 65_000).toISOString(),
    durationSeconds: 65,
    billSeconds: answered ? 60 : 0,
    disposition: answered ? 'ANSWERED' : 'NO ANSWER',
    queue: null,
  };
};

/** A caller missed at `missedAt` and called back (with an answer) at `calledBackAt`: a closed case. */
const missedAndCalledBack = (caller: string, missedAt: string, calledBackAt: string) =>
  ingestCalls(t.ctx, [
    leg(`${caller}.in`, caller, LINE, missedAt, false),
    leg(`${caller}.back`, '201', caller, calledBackAt, true),
  ]);

const waitOf = async (caller: string) => {
  const rows = (await call('GET', '/api/missed-calls?rowsPerPage=100', operator)).json().data as Record<
    string,
    unknown
  >[];
  return rows.find((r) => r.senderPhone === caller)?.wait;
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_ADMIN'], 'amministratore');
  operator = await t.as(['ROLE_CONTACT_CENTER'], 'operatore');
  milano = Number(
    (await t.ctx.resource('BranchOffice').repo.create({ nome: 'Milano', phoneNumbers: '02 1234 5678' })).id,
  );
});
afterAll(() => t.close());

describe('the working calendar: who may change it, and what it refuses', () => {
  it('is the admins’: the contact centre may neither read nor write it', async () => {
    const body = { dateFrom: '2026-08-10', dateTo: '2026-08-21', type: 'CA', description: 'Chiusura estiva' };
    expect((await call('POST', '/api/working-calendar', operator, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/working-calendar', operator)).statusCode).toBe(403);
    const created = await call('POST', '/api/working-calendar', admin, body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject(body);
    await call('DELETE', `/api/working-calendar/${created.json().data.id as number}`, admin);
  });

  it('refuses an end before the start and a period over a year, naming the field, and stores nothing', async () => {
    const backwards = await call('POST', '/api/working-calendar', admin, {
      dateFrom: '2026-08-21',
      dateTo: '2026-08-10',
      type: 'CA',
      description: 'Chiusura estiva',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().violations).toEqual([
      { field: 'dateTo', message: WORKING_CALENDAR_MESSAGES.endBeforeStart },
    ]);
    const tooLong = await call('POST', '/api/working-calendar', admin, {
      dateFrom: '2026-01-01',
      dateTo: '2027-06-30',
      type: 'FE',
      description: 'Troppo',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().violations[0].message).toBe(WORKING_CALENDAR_MESSAGES.tooLong);
    const bad = await call('POST', '/api/working-calendar', admin, {
      dateFrom: '2026-01-01',
      type: 'XX',
      description: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.ctx.db.query(`SELECT 1 FROM "workingCalendar"`)).rows).toEqual([]);
  });

  it('an edit moving the end before the stored start is refused and the entry stays as it was', async () => {
    const { data } = (
      await call('POST', '/api/working-calendar', admin, { dateFrom: '2026-11-02', type: 'FE', description: 'Ponte' })
    ).json();
    const edit = await call('PUT', `/api/working-calendar/${data.id as number}`, admin, {
      ...data,
      dateTo: '2026-11-01',
    });
    expect(edit.statusCode).toBe(400);
    expect((await call('GET', `/api/working-calendar/${data.id as number}`, admin)).json().data).toMatchObject({
      dateFrom: '2026-11-02',
      dateTo: null,
    });
    await call('DELETE', `/api/working-calendar/${data.id as number}`, admin);
  });
});

describe('the waiting clock of the missed calls counts no closed time', () => {
  it('counts no hours of Easter Monday: missed on Friday 3 April 2026 at 17:00, called back on Tuesday at 09:30', async () => {
    await missedAndCalledBack('+390245670001', '2026-04-03T17:00:00+02:00', '2026-04-07T09:30:00+02:00');
    expect(await waitOf('+390245670001')).toBe('2 h 00 min');
  });

  it('counts no hours of 25 April (Friday 25 April 2025)', async () => {
    await missedAndCalledBack('+390245670002', '2025-04-24T17:00:00+02:00', '2025-04-28T09:00:00+02:00');
    expect(await waitOf('+390245670002')).toBe('1 h 30 min');
  });

  it('counts no hours of a company closure (CA) once it is in the calendar, and counts them again when it is removed', async () => {
    await missedAndCalledBack('+390245670003', '2026-08-07T17:00:00+02:00', '2026-08-24T09:00:00+02:00');
    expect(await waitOf('+390245670003')).toBe('81 h 30 min'); // ten working days of eight hours, and 90 minutes
    const closure = await call('POST', '/api/working-calendar', admin, {
      dateFrom: '2026-08-10',
      dateTo: '2026-08-21',
      type: 'CA',
      description: 'Chiusura estiva',
    });
    expect(await waitOf('+390245670003')).toBe('1 h 30 min');
    await call('DELETE', `/api/working-calendar/${closure.json().data.id as number}`, admin);
    expect(await waitOf('+390245670003')).toBe('81 h 30 min');
  });

  it('counts no hours of a holiday (FE) and of the office’s patron saint (GF), but another office’s saint is a working day', async () => {
    await missedAndCalledBack('+390245670004', '2026-12-03T17:00:00+01:00', '2026-12-09T09:00:00+01:00');
    // Friday 4, Monday 7 working; Tuesday 8 the Immacolata.
    expect(await waitOf('+390245670004')).toBe('17 h 30 min');
    await call('POST', '/api/working-calendar', admin, { dateFrom: '2026-12-04', type: 'FE', description: 'Ponte' });
    expect(await waitOf('+390245670004')).toBe('9 h 30 min');
    const roma = Number((await t.ctx.resource('BranchOffice').repo.create({ nome: 'Roma' })).id);
    await call('POST', '/api/working-calendar', admin, {
      dateFrom: '2026-12-07',
      type: 'GF',
      description: 'San Pietro (per prova)',
      branchOfficeId: roma,
    });
    expect(await waitOf('+390245670004')).toBe('9 h 30 min');
    await call('POST', '/api/working-calendar', admin, {
      dateFrom: '2026-12-07',
      type: 'GF',
      description: "Sant'Ambrogio",
      branchOfficeId: milano,
    });
    expect(await waitOf('+390245670004')).toBe('1 h 30 min');
  });
});

describe('the call report on a closed day', () => {
  it('names the closure of the day and counts the calls missed while closed (Easter Monday 2026)', async () => {
    await ingestCalls(t.ctx, [
      leg('easter.1', '+390245670010', LINE, '2026-04-06T10:00:00+02:00', false),
      leg('easter.2', '+390245670011', LINE, '2026-04-06T11:00:00+02:00', true),
    ]);
    const easter = (await call('GET', '/api/report-calls/totals?callDate=2026-04-06', admin)).json().data;
    expect(easter).toMatchObject({ closure: "Lunedì dell'Angelo", answered: 1, missed: 1, missedWhileClosed: 1 });
    await ingestCalls(t.ctx, [
      leg('tue.1', '+390245670012', LINE, '2026-04-07T10:00:00+02:00', false),
      leg('tue.2', '+390245670013', LINE, '2026-04-07T20:00:00+02:00', false),
    ]);
    const tuesday = (await call('GET', '/api/report-calls/totals?callDate=2026-04-07', admin)).json().data;
    // The call-back of the first case (09:30) is outbound; 20:00 is after closing time.
    expect(tuesday).toMatchObject({ closure: null, missed: 2, missedWhileClosed: 1 });
  });
});
