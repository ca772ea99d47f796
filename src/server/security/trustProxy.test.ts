import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/testApp.ts';
import { LOGIN_LIMITS } from '../auth/loginGuard.ts';

// Behind a reverse proxy every request comes from the proxy: the client's address is in X-Forwarded-For,
// believed only from the proxies TRUST_PROXY names (else anybody could pick the address they are counted under).
let behindProxy: TestApp;
let direct: TestApp;
beforeAll(async () => {
  behindProxy = await testApp({ trustProxy: '127.0.0.1' });
  direct = await behindProxy.sibling();
  await behindProxy.as(['ROLE_USER_CRM'], 'dietro.proxy');
});
afterAll(async () => {
  await direct.close();
  await behindProxy.close();
});

const login = (t: TestApp, password: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/login_check',
    payload: { username: 'dietro.proxy', password },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY', () => {
  it('counts login attempts under the client address the proxy forwards, not the proxy’s', async () => {
    for (let i = 0; i < LOGIN_LIMITS.pair; i++)
      expect((await login(behindProxy, 'sbagliata', '10.20.0.1')).statusCode).toBe(401);
    expect((await login(behindProxy, TEST_PASSWORD, '10.20.0.1')).statusCode).toBe(429);
    // A colleague behind the same proxy is another address.
    expect((await login(behindProxy, TEST_PASSWORD, '10.20.0.2')).statusCode).toBe(200);
  });

  it('without it, a forwarded address is ignored: a guesser cannot pick a new one for each try', async () => {
    for (let i = 0; i < LOGIN_LIMITS.pair; i++)
      expect((await login(direct, 'sbagliata', `10.30.0.${i + 1}`)).statusCode).toBe(401);
    expect((await login(direct, TEST_PASSWORD, '10.30.0.99')).statusCode).toBe(429);
  });
});
