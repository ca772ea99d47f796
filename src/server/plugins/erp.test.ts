import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import type { ErpConnector } from './erp.ts';
import { demoPriceList } from './erpPriceList.ts';
import { demoFleet } from './erpFleet.ts';

describe('the ERP adapter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('serves /api/clienti and the VAT check from the demo ERP (seeded rows)', async () => {
    await t.ctx
      .resource('ClienteErp')
      .repo.create({ code: '111', companyName: 'Costruzioni Ferrari S.p.A.', vatNumber: '01114601006', city: 'Roma' });
    const crm = await t.as(['ROLE_USER_CRM']);
    const list = (await t.app.inject({ method: 'GET', url: '/api/clienti?filters[city]=rom', headers: crm })).json();
    expect(list).toMatchObject({ totalRows: 1, data: [{ code: '111', companyName: 'Costruzioni Ferrari S.p.A.' }] });
    const vat = (
      await t.app.inject({ method: 'GET', url: '/api/customers/vat-number/01114601006', headers: crm })
    ).json();
    expect(vat.data).toMatchObject({ exists: false, inErp: true });
  });

  it('uses another connector given to the server, for both calls', async () => {
    const calls: string[] = [];
    const erp: ErpConnector = {
      name: 'prova',
      ...demoFleet(),
      ...demoPriceList(),
      listCustomers: async (options) => {
        calls.push(`list ${JSON.stringify(options.filters)}`);
        return {
          data: [{ id: 7, code: 'M7', companyName: 'Dal gestionale S.r.l.', vatNumber: '12345678903' }],
          totalRows: 1,
        };
      },
      knowsVatNumber: async (vat) => {
        calls.push(`vat ${vat}`);
        return vat === '12345678903';
      },
      sendContact: async (contact) => {
        calls.push(`contact ${contact.companyName}`);
        return { code: 'M8', existing: false };
      },
    };
    const other = await testApp({ erp });
    try {
      const headers = await other.as(['ROLE_USER_CRM']);
      expect(
        (await other.app.inject({ method: 'GET', url: '/api/clienti?filters[companyName]=gest', headers })).json()
          .data[0].companyName,
      ).toBe('Dal gestionale S.r.l.');
      expect(
        (await other.app.inject({ method: 'GET', url: '/api/customers/vat-number/12345678903', headers })).json().data
          .inErp,
      ).toBe(true);
      expect(calls).toEqual(['list {"companyName":"gest"}', 'vat 12345678903']);
    } finally {
      await other.close();
    }
  });
});
