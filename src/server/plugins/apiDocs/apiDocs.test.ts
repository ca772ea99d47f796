import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the contract for API reviewers', () => {
  it('/api/docs: the reference page, its scripts from this server only, under its own strict policy', async () => {
    const res = await get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("connect-src 'self'");
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([' src="/api/docs/redoc.standalone.js"', ' src="/api/docs/docs.js"']);
    for (const src of ['/api/docs/redoc.standalone.js', '/api/docs/docs.js', '/api/docs/docs.css']) {
      const asset = await get(src);
      expect(asset.statusCode, src).toBe(200);
      expect(asset.body.length, src).toBeGreaterThan(0);
    }
    // Nothing of the page comes from elsewhere, Redocly's logo included (its policy would block it).
    expect((await get('/api/docs/redoc.standalone.js')).body).not.toMatch(/https:\/\/cdn\.redoc\.ly/);
    expect((await get('/api/docs/package.json')).statusCode).toBe(404);
    expect((await get('/api/docs/..%2F..%2Fapp.ts')).statusCode).toBe(404);
  });

  it('serves the bundled contract as JSON and as YAML, readable without signing in', async () => {
    const json = await get('/api/openapi.json');
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.info.title).toBe('CRM Noleggi');
    expect(JSON.stringify(doc)).not.toContain('./schemas/');
    const yaml = await get('/api/openapi.yaml');
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers['content-type']).toContain('yaml');
    expect(parse(yaml.body)).toEqual(doc);
  });
});
