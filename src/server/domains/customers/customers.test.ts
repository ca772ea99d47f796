import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let crm: { authorization: string };
let agentId = 0;
beforeAll(async () => {
  t = await testApp();
  crm = await t.as(['ROLE_USER_CRM']);
  agentId = Number((await t.ctx.resource('Agent').repo.create({ name: 'Luca Verdi', code: 'AG01' })).id);
});
afterAll(() => t.close());

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/customers', headers: crm, payload });
const WARNING = "Il cliente con partita iva 00743110157 è già presente. Si prega di contattare l'agente Luca Verdi";

describe('one customer per VAT number', () => {
  it('refuses a second customer with the same VAT number, naming the agent to contact', async () => {
    expect(
      (await post({ companyName: 'Edilizia Brambilla S.r.l.', vatNumber: '00743110157', agentId })).statusCode,
    ).toBe(201);
    const dup = await post({ companyName: 'Brambilla Edilizia', vatNumber: '00743110157' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 409, message: WARNING, violations: [{ field: 'vatNumber', message: WARNING }] });
    const check = await t.app.inject({ method: 'GET', url: '/api/customers/vat-number/00743110157', headers: crm });
    expect(check.json().data).toMatchObject({ exists: true, agentName: 'Luca Verdi', inErp: false });
  });

  it("refuses an update that takes another customer's VAT number, keeping the stored one", async () => {
    const other = (await post({ companyName: 'Rota Costruzioni', vatNumber: '02488110160' })).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${other.id}`,
      headers: crm,
      payload: { ...other, vatNumber: '00743110157' },
    });
    expect(res.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/customers/${other.id}`, headers: crm })).json().data.vatNumber,
    ).toBe('02488110160');
    // Saving a customer with its own VAT number is of course fine.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/customers/${other.id}`,
          headers: crm,
          payload: { ...other, companyName: 'Rota Costruzioni S.p.A.' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lets exactly one of two simultaneous creates with the same VAT number succeed', async () => {
    for (let round = 0; round < 5; round++) {
      const vat = ['03123450177', '04567890126', '01114601006', '12345678903', '09876543217'][round] ?? '';
      const results = await Promise.all([
        post({ companyName: `Primo ${round}`, vatNumber: vat }),
        post({ companyName: `Secondo ${round}`, vatNumber: vat }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const { rows } = await t.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "customer" WHERE "vatNumber" = $1`,
        [vat],
      );
      expect(rows[0]?.n).toBe(1);
    }
  });
});
