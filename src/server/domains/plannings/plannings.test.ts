import ExcelJS from 'exceljs';
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

describe('whose activities: the server says who sees which', () => {
  const as = async (roles: string[], username: string) => ({ headers: await t.as(roles, username), username });
  const plan = async (who: { headers: object }, subject: string, agentId?: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/plannings',
      headers: who.headers as Record<string, string>,
      payload: { date: '2026-12-01', startTime: '09:00', endTime: '10:00', subject, ...(agentId ? { agentId } : {}) },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.planningId as number;
  };
  const subjects = async (who: { headers: object }) =>
    (
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/plannings?filters[date]=2026-12-01&sortBy=subject',
          headers: who.headers as Record<string, string>,
        })
      ).json().data as { subject: string }[]
    ).map((p) => p.subject);

  it("a salesperson linked to an agent sees that agent's; the others of the team all; the contact centre its own", async () => {
    const agents = t.ctx.resource('Agent').repo;
    const marco = Number((await agents.create({ name: 'Marco Ferri', code: 'MF' })).id);
    const luca = Number((await agents.create({ name: 'Luca Verdi', code: 'LV' })).id);
    const linked = await as(['ROLE_COMMERCIALE_CP'], 'venditore.marco');
    await t.ctx.db.query(`UPDATE "user" SET "agentId" = $1 WHERE username = $2`, [marco, linked.username]);
    const unlinked = await as(['ROLE_USER_CRM'], 'crm.sede');
    const supervisor = await as(['ROLE_SUPERVISOR_CP'], 'capo.vendite');
    const operator = await as(['ROLE_CONTACT_CENTER'], 'centralino');
    const admin = await as(['ROLE_ADMIN'], 'amministratore');

    // The linked salesperson's new activity is their agent's unless they choose another.
    const ownId = await plan(linked, 'Visita Marco');
    await plan(unlinked, 'Visita Luca', luca);
    await plan(operator, 'Richiamare 02.1234.5678');
    const stored = await t.ctx.db.query<{ agentId: number | null; operatoreId: number | null }>(
      `SELECT "agentId", "operatoreId" FROM planning WHERE id = $1`,
      [ownId],
    );
    expect(stored.rows[0]).toEqual({ agentId: marco, operatoreId: null });

    expect(await subjects(linked)).toEqual(['Visita Marco']);
    expect(await subjects(unlinked)).toEqual(['Visita Luca', 'Visita Marco']);
    expect(await subjects(supervisor)).toEqual(['Visita Luca', 'Visita Marco']);
    expect(await subjects(operator)).toEqual(['Richiamare 02.1234.5678']);
    expect(await subjects(admin)).toEqual(['Richiamare 02.1234.5678', 'Visita Luca', 'Visita Marco']);

    // A filter cannot widen it: asking for Luca's agent gives the linked salesperson nothing.
    const asked = await t.app.inject({
      method: 'GET',
      url: `/api/plannings?filters[agentId]=${luca}`,
      headers: linked.headers,
    });
    expect(asked.json().data).toEqual([]);
    // Nor can the export of the list.
    const exported = await t.app.inject({ method: 'GET', url: '/api/export/planning', headers: operator.headers });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
    expect(cells).toContain('Richiamare 02.1234.5678');
    expect(cells).not.toContain('Visita Marco');
  });
});
