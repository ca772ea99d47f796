import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp();
  admin = await t.as(['ROLE_ADMIN']);
});
afterAll(() => t.close());
const send = (method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'POST', url, headers: admin, ...(payload ? { payload } : {}) });

describe('offer configuration rules', () => {
  it('refuses a transport price band that overlaps another, and one that ends before it starts', async () => {
    expect((await send('POST', '/api/transport-prices', { minFrom: 0, minTo: 30, price: 60 })).statusCode).toBe(201);
    const second = (await send('POST', '/api/transport-prices', { minFrom: 31, minTo: 60, price: 95 })).json().data;
    const clash = await send('POST', '/api/transport-prices', { minFrom: 25, minTo: 40, price: 80 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe("L'intervallo si sovrappone a quello da 0 a 30");
    expect(
      (await send('POST', '/api/transport-prices', { minFrom: 90, minTo: 70, price: 80 })).json().violations,
    ).toEqual([{ field: 'minTo', message: 'deve essere maggiore o uguale a 90' }]);
    // A band may be edited in place without clashing with itself.
    expect((await send('PUT', `/api/transport-prices/${second.id}`, { ...second, minTo: 65 })).statusCode).toBe(200);
    expect((await send('GET', '/api/transport-prices?page=0&rowsPerPage=0')).json().totalRows).toBe(2);
  });

  it('applies the same rule to the duration and score increases', async () => {
    expect(
      (await send('POST', '/api/transport-increases-duration', { durationFrom: 1, durationTo: 5, coefficient: 1.2 }))
        .statusCode,
    ).toBe(201);
    expect(
      (await send('POST', '/api/transport-increases-duration', { durationFrom: 5, durationTo: 9, coefficient: 1.1 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await send('POST', '/api/transport-increases-score', { scoreFrom: 0, scoreTo: 50, coefficient: 1.1 }))
        .statusCode,
    ).toBe(201);
    expect(
      (await send('POST', '/api/transport-increases-score', { scoreFrom: 51, scoreTo: 100, coefficient: 1 }))
        .statusCode,
    ).toBe(201);
  });

  it('keeps exactly one default insurance', async () => {
    const base = (
      await send('POST', '/api/insurances', { code: 'BASE', name: 'Base', percentage: 8, defaultInsurance: true })
    ).json().data;
    await send('POST', '/api/insurances', { code: 'FULL', name: 'Full', percentage: 12, defaultInsurance: true });
    const list = (await send('GET', '/api/assicurazioni?sortBy=code')).json().data as {
      code: string;
      defaultInsurance: boolean;
    }[];
    expect(list.map((i) => [i.code, i.defaultInsurance])).toEqual([
      ['BASE', false],
      ['FULL', true],
    ]);
    expect(base.defaultInsurance).toBe(true);
  });
});

describe('transport increase coefficients', () => {
  it.each(['/api/transport-increases-duration', '/api/transport-increases-score'])(
    '%s refuses a coefficient of 0 or below (it would make transport free or negative)',
    async (url) => {
      const [from, to] = url.endsWith('duration') ? ['durationFrom', 'durationTo'] : ['scoreFrom', 'scoreTo'];
      for (const coefficient of [0, -1]) {
        const res = await send('POST', url, { [from]: 200, [to]: 300, coefficient });
        expect(res.statusCode).toBe(400);
        expect(res.json().violations).toEqual([
          { field: 'coefficient', message: 'Il coefficiente deve essere maggiore di 0 (1 = nessuna maggiorazione)' },
        ]);
      }
      expect((await send('POST', url, { [from]: 200, [to]: 300, coefficient: 0.9 })).statusCode).toBe(201);
    },
  );
});
