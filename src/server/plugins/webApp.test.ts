import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebRoot } from '../../../tests/helpers/fakeWebRoot.ts';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import { APP_PRELOADS_META, ROUTE_PRELOADS_FILE } from '../../domain/routePreloads.ts';

describe('the app page of a list’s address', () => {
  let t: TestApp;
  const dist = fakeWebRoot({
    [ROUTE_PRELOADS_FILE]: JSON.stringify({
      '/customers/all': {
        frame: ['/assets/listPreload-1.js', '/assets/customer-2.js'],
        app: ['/assets/app-3.js', '/assets/table-4.js'],
      },
    }),
  });
  beforeAll(async () => {
    t = await testApp({ webRoot: dist.dir });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  const preloads = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
  const later = (body: string) => new RegExp(`<meta name="${APP_PRELOADS_META}" content="([^"]*)" />`).exec(body)?.[1];

  it('names the files of its first frame, filters or not, so they download beside the entry; the app’s for later', async () => {
    for (const url of ['/customers/all', '/customers/all?f.companyName=Rota&page=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual(['/assets/listPreload-1.js', '/assets/customer-2.js']);
      expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
      expect(later(res.body)).toBe('/assets/app-3.js /assets/table-4.js');
    }
  });

  it('names none on any other address', async () => {
    for (const url of ['/login', '/customers/all/12', '/', '/customers']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual([]);
      expect(later(res.body)).toBeUndefined();
    }
  });
});
