import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers/testApp.ts';

// Microsoft's role is played by a key set served on loopback and tokens signed here.
const ISSUER = 'https://login.microsoftonline.com/tenant-di-prova/v2.0';
const AUDIENCE = 'api://crm-di-prova';
let jwksServer: Server;
let key: CryptoKey;
let otherKey: CryptoKey;
let t: TestApp;

async function msToken(
  claims: Record<string, unknown>,
  opts: { signWith?: CryptoKey; audience?: string; expires?: string } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'chiave-1' })
    .setIssuer(ISSUER)
    .setAudience(opts.audience ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(opts.expires ?? '5m')
    .sign(opts.signWith ?? key);
}
const login = (accessToken: string) =>
  t.app.inject({ method: 'POST', url: '/login-microsoft', payload: { accessToken } });

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  ({ privateKey: otherKey } = await generateKeyPair('RS256'));
  key = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'chiave-1', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
  const { port } = jwksServer.address() as AddressInfo;
  t = await testApp({
    microsoft: {
      jwksUri: `http://127.0.0.1:${port}/keys`,
      issuer: ISSUER,
      audience: AUDIENCE,
      clientId: 'crm-di-prova',
      tenantId: 'tenant-di-prova',
    },
  });
  await t.as(['ROLE_USER_CRM'], 'silvia.marini');
});
afterAll(async () => {
  await t.close();
  jwksServer.close();
});

describe('POST /login-microsoft', () => {
  it('signs in the user whose e-mail the Microsoft token names', async () => {
    const res = await login(await msToken({ preferred_username: 'SILVIA.MARINI@prova.it', name: 'Silvia Marini' }));
    expect(res.statusCode).toBe(200);
    const { token, refresh_token } = res.json();
    expect(typeof refresh_token).toBe('string');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data.username).toBe('silvia.marini');
  });

  it.each([
    [
      'a token signed by another key',
      () => msToken({ preferred_username: 'silvia.marini@prova.it' }, { signWith: otherKey }),
    ],
    [
      'a token for another application',
      () => msToken({ preferred_username: 'silvia.marini@prova.it' }, { audience: 'api://altra-app' }),
    ],
    ['an expired token', () => msToken({ preferred_username: 'silvia.marini@prova.it' }, { expires: '-1m' })],
    ['a token of nobody we know', () => msToken({ preferred_username: 'sconosciuto@altrove.it' })],
    ['something that is not a token', async () => 'non-un-token'],
  ])('refuses %s with "Credenziali invalide"', async (_name, make) => {
    const res = await login(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Credenziali invalide');
  });

  it('refuses an e-mail two users share (stored before e-mails were unique): signing in as either would be a guess', async () => {
    await t.ctx.db.query(`DROP INDEX IF EXISTS "user_email_key"`);
    await t.ctx.db.query(
      `INSERT INTO "user" (username, email, name, surname, active, roles) VALUES
        ('doppio.uno', 'doppia@prova.it', 'Uno', 'Doppio', 'true', '["ROLE_USER"]'),
        ('doppio.due', 'DOPPIA@prova.it', 'Due', 'Doppio', 'true', '["ROLE_USER"]')`,
    );
    const res = await login(await msToken({ preferred_username: 'doppia@prova.it' }));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Credenziali invalide');
  });

  it('answers that Microsoft sign-in is not configured when it is not', async () => {
    const plain = await testApp({ microsoft: null });
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/login-microsoft', payload: { accessToken: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Accesso con Microsoft non configurato');
    } finally {
      await plain.close();
    }
  });
});
