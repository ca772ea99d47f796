import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRead, fullOffer, seedOfferConfig } from '../../../../tests/helpers/offerSetup.ts';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

/** An OSRM stand-in on loopback: 80,4 km and 65 minutes, or a failure when asked to. */
let failing = false;
const asked: string[] = [];
const routing = http.createServer((req, res) => {
  asked.push(req.url ?? '');
  if (failing) {
    res.writeHead(503).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 'Ok', routes: [{ distance: 80_400, duration: 3900 }] }));
});

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedOfferConfig>>;
let seller: { authorization: string };
beforeAll(async () => {
  await new Promise<void>((resolve) => routing.listen(0, '127.0.0.1', resolve));
  t = await testApp({ routingUrl: `http://127.0.0.1:${(routing.address() as AddressInfo).port}/` });
  ids = await seedOfferConfig(t);
  seller = await t.as(['ROLE_USER_CP']);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => routing.close(resolve));
});

async function savedWithSite() {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/trattative_cp',
    headers: seller,
    payload: { ragioneSociale: 'Cantieri Lario S.r.l.' },
  });
  const id = created.json().data.id as number;
  // Como, about 40 km from the Milan branch as the crow flies.
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/trattative_cp/${id}/offerta`,
    headers: seller,
    payload: await asRead(t, id, {
      ...fullOffer(ids),
      km: null,
      latitudeTrattativa: 45.8081,
      longitudeTrattativa: 9.0852,
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const voci = res.json().data.calcolo.voci as { key: string; text: string }[];
  return (key: string) => voci.find((v) => v.key === key)?.text ?? '';
}

describe('the distance of an offer', () => {
  it('takes road km and minutes from the routing service (OSRM API), branch first', async () => {
    const line = await savedWithSite();
    expect(line('distanza')).toBe('Distanza: 80,4 km dalla filiale al cantiere, 65 minuti di viaggio (su strada)');
    expect(line('trasportoAndata')).toContain('fascia 61–120 minuti');
    expect(asked.at(-1)).toBe('/route/v1/driving/9.19,45.4642;9.0852,45.8081?overview=false');
  });

  it('falls back to the straight-line estimate when the service fails', async () => {
    failing = true;
    const line = await savedWithSite();
    failing = false;
    expect(line('distanza')).toMatch(
      /^Distanza: \d+,\d km dalla filiale al cantiere, \d+ minuti di viaggio \(stimati in linea d'aria × 1,3, a 50 km\/h di media\)$/,
    );
  });
});

describe('an ERP that does not answer', () => {
  it('is a 502 with an Italian message for the price list and the offer, and nothing is saved', async () => {
    const { demoErp } = await import('../../plugins/erp.ts');
    const down = await testApp({
      erp: {
        ...demoErp(t.ctx.resource('ClienteErp')),
        priceList: () => Promise.reject(new Error('ECONNREFUSED')),
      },
    });
    try {
      const downIds = await seedOfferConfig(down);
      const user = await down.as(['ROLE_USER_CP']);
      const lines = await down.app.inject({
        method: 'POST',
        url: '/api/gruppi-risorse/listini',
        headers: user,
        payload: { groupCode: 'PLT12' },
      });
      expect(lines.statusCode).toBe(502);
      expect(lines.json().message).toBe(
        'Il gestionale (Mago) non ha risposto: listino non disponibile, riprovare più tardi',
      );
      const created = await down.app.inject({
        method: 'POST',
        url: '/api/trattative_cp',
        headers: user,
        payload: { ragioneSociale: 'Cantieri Lario S.r.l.' },
      });
      const id = created.json().data.id as number;
      const saved = await down.app.inject({
        method: 'PUT',
        url: `/api/trattative_cp/${id}/offerta`,
        headers: user,
        payload: await asRead(down, id, fullOffer(downIds)),
      });
      expect(saved.statusCode).toBe(502);
      const row = (await down.ctx.db.query(`SELECT offerta FROM "trattativaCp" WHERE id = $1`, [id])).rows[0];
      expect(row).toEqual({ offerta: 'N' });
    } finally {
      await down.close();
    }
  });
});
