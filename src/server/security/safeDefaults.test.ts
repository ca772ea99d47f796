import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebRoot } from '../../../tests/helpers/fakeWebRoot.ts';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';
import { DEMO_USERS } from '../seed/demoData.ts';
import { loadDemoWorkflows } from '../seed/demoWorkflows.ts';
import { demoDataWanted, demoWorkflowsWanted, readDemoPasswords, seed } from '../seed/seed.ts';
import { contentSecurityPolicy, sourceOf } from './securityHeaders.ts';

describe('demo data goes only into the embedded database', () => {
  it.each<[Record<string, string>, boolean]>([
    [{}, true],
    [{ DEMO_DATA: '0' }, false],
    [{ DATABASE_URL: 'postgres://db/crm' }, false],
    [{ DATABASE_URL: 'postgres://db/crm', DEMO_DATA: '1' }, true],
    [{ DATABASE_URL: 'postgres://db/crm', DEMO_DATA: 'true' }, false],
  ])('%o → %s', (env, wanted) => {
    expect(demoDataWanted(env)).toBe(wanted);
  });

  it.each<[Record<string, string>, boolean, boolean]>([
    [{}, true, true],
    [{ DEMO_DATA: 'base' }, true, false],
    [{ DATABASE_URL: 'postgres://db/crm', DEMO_DATA: 'base' }, true, false],
    [{ DATABASE_URL: 'postgres://db/crm', DEMO_DATA: '1' }, true, true],
    [{ DATABASE_URL: 'postgres://db/crm' }, false, false],
    [{ DEMO_DATA: '0' }, false, false],
  ])('%o → tables and users %s, the workflows’ records %s', (env, tables, workflows) => {
    expect(demoDataWanted(env)).toBe(tables);
    expect(demoWorkflowsWanted(env)).toBe(workflows);
  });
});

describe('the first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('gives every demo user a random password of its own, saved beside the admin’s and nowhere else', async () => {
    const result = await seed(t.ctx, { demoData: true });
    const passwords = result.demoPasswords ?? [];
    expect(passwords.map((p) => p.username)).toEqual(DEMO_USERS.map((u) => u.username));
    expect(new Set(passwords.map((p) => p.password)).size).toBe(passwords.length);
    for (const { password } of passwords) {
      expect(password).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(password).not.toBe('Noleggio2025!');
    }
    expect(result.adminPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(path.dirname(result.demoPasswordFile ?? '')).toBe(path.dirname(result.passwordFile ?? ''));
    expect(fs.statSync(result.demoPasswordFile ?? '').mode & 0o777).toBe(0o600);
    expect(readDemoPasswords(t.ctx.config.dataDir)).toEqual(new Map(passwords.map((p) => [p.username, p.password])));
    const [crm, admin] = ['crm', 'admin.demo'].map((u) => passwords.find((p) => p.username === u));
    for (const p of [crm, admin]) {
      const res = await t.app.inject({ method: 'POST', url: '/login_check', payload: p ?? {} });
      expect(res.statusCode).toBe(200);
    }
    // Another user's password opens nothing.
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/login_check',
      payload: { username: 'admin.demo', password: crm?.password },
    });
    expect(crossed.statusCode).toBe(401);
  });

  it('happens once: a second start creates nothing and prints no password', async () => {
    expect(await seed(t.ctx, { demoData: true })).toEqual({});
  });

  it('without the workflows’ demo asked for (DEMO_DATA=base), loads none of it, even with the passwords at hand', async () => {
    const passwords = readDemoPasswords(t.ctx.config.dataDir);
    expect(passwords.size).toBe(DEMO_USERS.length);
    expect(await loadDemoWorkflows(t.app, t.ctx, passwords)).toBeNull();
    const { rows } = await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "trattativaCp"`);
    expect(rows[0]?.n).toBe(0);
  });

  it('takes the admin password from ADMIN_PASSWORD and then writes no file for it', async () => {
    const other = await testApp();
    try {
      const result = await seed(other.ctx, { adminPassword: 'Scelta-2025!', demoData: false });
      expect(result).toEqual({});
      expect(fs.existsSync(path.join(other.ctx.config.dataDir, 'admin-password.txt'))).toBe(false);
      const res = await other.app.inject({
        method: 'POST',
        url: '/login_check',
        payload: { username: 'admin', password: 'Scelta-2025!' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('security headers', () => {
  let t: TestApp;
  const dist = fakeWebRoot();
  beforeAll(async () => {
    t = await testApp({ webRoot: dist.dir, apiPublicUrl: 'http://127.0.0.1:4010' });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it('API answers: never cached, CSP with frame-ancestors none, same-origin referrer, no sniffing', async () => {
    const headers = await t.as(['ROLE_SUPER_ADMIN']);
    for (const url of ['/api/agents', '/api/users/me', '/api/nessuna-risorsa']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/login_check',
      payload: { username: 'x', password: 'y' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('the app page: scripts only from itself, the API origin it was told, no upgrade of plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/customers/all' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'unsafe-eval';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4010");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // The runtime configuration is written into the page (the formatter writes <meta … />).
    expect(res.body).toContain('<meta name="api-base" content="http://127.0.0.1:4010" />');
    expect(res.body).toMatch(/<meta name="map-tile-url" content="[^"]+" \/>/);
  });

  it('allows the map tiles, the geocoder and Microsoft sign-in only where they are configured', () => {
    expect(sourceOf('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      'https://*.tile.openstreetmap.org',
    ]);
    expect(sourceOf('http://127.0.0.1:9/{z}/{x}/{y}.png')).toEqual(['http://127.0.0.1:9']);
    expect(sourceOf('')).toEqual([]);
    expect(sourceOf('javascript:alert(1)')).toEqual([]);
    const csp = contentSecurityPolicy({
      apiBase: '',
      msClientId: 'crm',
      msTenantId: 'tenant',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapGeocoderUrl: 'https://nominatim.openstreetmap.org/search',
    });
    expect(csp.imgSrc).toContain('https://tile.openstreetmap.org');
    expect(csp.connectSrc).toEqual([
      "'self'",
      'https://nominatim.openstreetmap.org',
      'https://login.microsoftonline.com',
    ]);
    expect(csp.frameAncestors).toEqual(["'none'"]);
  });
});
