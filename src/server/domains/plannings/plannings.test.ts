import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let crm: { authorization: string };
beforeAll(async () => {
  t = await testApp();
  crm = await t.as(['ROLE_USER_CRM']);
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: crm, ...(payload ? { payload } : {}) });

describe('activities (plannings)', () => {
  it('answers data.planningId on create, and moves and resizes with the stored fields filling in', async () => {
    const created = await call('POST', '/api/plannings', {
      date: '2026-11-23',
      startTime: '09:00',
      endTime: '10:00',
      subject: 'Visita cantiere',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.planningId as number;
    const [stored] = (await call('GET', '/api/plannings?filters[subject]=cantiere')).json().data;
    expect(stored).toMatchObject({ id, date: '2026-11-23', startTime: '09:00', endTime: '10:00' });
    const moved = await call('PUT', `/api/plannings/${id}`, {
      ...stored,
      date: '2026-11-24',
      startTime: '14:00',
      endTime: '15:30',
    });
    expect(moved.json().data).toMatchObject({ date: '2026-11-24', startTime: '14:00', endTime: '15:30', version: 2 });
  });

  it('refuses an end not after the start, keeping what was stored', async () => {
    const bad = await call('POST', '/api/plannings', { date: '2026-11-23', startTime: '11:00', endTime: '10:30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations).toEqual([{ field: 'endTime', message: 'La data di fine intervento non è valida' }]);
    const id = (
      await call('POST', '/api/plannings', {
        date: '2026-11-25',
        startTime: '08:00',
        endTime: '09:00',
        subject: 'Telefonata',
      })
    ).json().data.planningId;
    const [stored] = (await call('GET', '/api/plannings?filters[subject]=Telefonata')).json().data;
    expect((await call('PUT', `/api/plannings/${id}`, { ...stored, endTime: '07:00' })).statusCode).toBe(400);
    expect((await call('GET', '/api/plannings?filters[subject]=Telefonata')).json().data[0].endTime).toBe('09:00');
  });
});
