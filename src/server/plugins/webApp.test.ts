import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import { ROUTE_PRELOADS_FILE } from '../../domain/routePreloads.ts';

describe('the app page of a list’s address', () => {
  let t: TestApp;
  let dist = '';
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head>${['api-base', 'ms-client-id', 'map-tile-url', 'map-geocoder-url', 'ms-tenant-id']
        .map((name) => `<meta name="${name}" content="" />`)
        .join('')}</head><body><script type="module" src="/assets/main.js"></script></body></html>`,
    );
    fs.writeFileSync(
      path.join(dist, ROUTE_PRELOADS_FILE),
      JSON.stringify({ '/customers/all': ['/assets/listPreload-1.js', '/assets/customer-2.js'] }),
    );
    t = await testApp({ webRoot: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const preloads = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

  it('names the files of its first frame, filters or not, so they download beside the entry', async () => {
    for (const url of ['/customers/all', '/customers/all?f.companyName=Rota&page=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual(['/assets/listPreload-1.js', '/assets/customer-2.js']);
      expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    }
  });

  it('names none on any other address', async () => {
    for (const url of ['/login', '/customers/all/12', '/', '/customers']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(preloads(res.body)).toEqual([]);
    }
  });
});
