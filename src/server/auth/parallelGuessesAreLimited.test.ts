import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/testApp.ts';
import { LOGIN_LIMITS } from './loginGuard.ts';
import { SCRYPT_COST } from './passwords.ts';

let t: TestApp;
beforeAll(async () => {
  // One hash at a time and a queue of 8, as on a two-core machine; a long wait, since a loaded test machine hashes slowly.
  t = await testApp({ limits: { hashConcurrency: 1, hashQueue: 8, hashWaitMs: 30_000 } });
  for (const name of ['bersaglio', 'altro.utente', 'collega']) await t.as(['ROLE_USER_CRM'], name);
});
afterAll(() => t.close());

const login = (username: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/login_check', payload: { username, password }, remoteAddress: ip });

const LIMITED = 'Troppi tentativi di accesso falliti. Riprovare tra qualche minuto';
const BUSY = 'Troppi accessi in corso. Riprovare tra qualche secondo';
type Answer = { statusCode: number; json(): { message?: string } };
/** Refused by the attempt limiter / reached the password check (wrong: 401, or 429 while the hash queue was full). */
const tally = (answers: Answer[], wrongStatus = 401) => ({
  limited: answers.filter((r) => r.statusCode === 429 && r.json().message === LIMITED).length,
  checked: answers.filter((r) => r.statusCode === wrongStatus || (r.statusCode === 429 && r.json().message === BUSY))
    .length,
});

describe('password guesses are counted when they start', () => {
  it('100 parallel guesses from one address: at most 5 reach the password check, the others get 429 at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login('bersaglio', `sbagliata-${i}`, '10.1.0.1')),
    );
    expect(tally(results)).toEqual({ limited: 100 - LOGIN_LIMITS.pair, checked: LOGIN_LIMITS.pair });
    const refused = results.find((r) => r.statusCode === 429 && r.json().message === LIMITED);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused from there now.
    expect((await login('bersaglio', TEST_PASSWORD, '10.1.0.1')).statusCode).toBe(429);
  });

  it('guesses spread over 100 addresses only slow the user down: none is refused, and the owner gets in from another address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login('collega', `sbagliata-${i}`, `10.2.0.${i + 1}`)),
    );
    // Each reached the password check, or found the hash queue full: the username itself is never locked.
    expect(tally(answers)).toEqual({ limited: 0, checked: 100 });
    expect((await login('collega', TEST_PASSWORD, '10.2.1.1')).statusCode).toBe(200);
  });

  it('guesses at many users from one address: at most 20 reach the password check', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(`nessuno${i}`, 'sbagliata', '10.3.0.1')),
    );
    expect(tally(answers)).toEqual({ limited: 60 - LOGIN_LIMITS.address, checked: LOGIN_LIMITS.address });
  });

  it('guesses split over two server processes on one database are counted together: at most 5 reach the check', async () => {
    const other = await t.sibling({ limits: { hashConcurrency: 1, hashQueue: 8, hashWaitMs: 30_000 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : t).app.inject({
            method: 'POST',
            url: '/login_check',
            payload: { username: 'due.processi', password: `sbagliata-${i}` },
            remoteAddress: '10.6.0.1',
          }),
        ),
      );
      expect(tally(answers)).toEqual({ limited: 20 - LOGIN_LIMITS.pair, checked: LOGIN_LIMITS.pair });
    } finally {
      await other.close();
    }
  });

  it('during a flood of guesses, another user signs in and a signed-in user keeps working', async () => {
    const working = await t.as(['ROLE_USER_CRM'], 'collega.al.lavoro');
    const flood = Promise.all(Array.from({ length: 100 }, (_, i) => login('bersaglio2', `sbagliata-${i}`, '10.4.0.1')));
    const [other, me] = await Promise.all([
      login('altro.utente', TEST_PASSWORD, '10.5.0.1'),
      t.app.inject({ method: 'GET', url: '/api/users/me', headers: working }),
    ]);
    expect(other.statusCode).toBe(200);
    expect(me.statusCode).toBe(200);
    expect(tally(await flood)).toEqual({ limited: 100 - LOGIN_LIMITS.pair, checked: LOGIN_LIMITS.pair });
  });
});

describe('password hashes run a few at a time', () => {
  it('a first try waits behind no guesser: it goes ahead of the attempts that came before it at the same user', async () => {
    // Hashes as long as in production, so that the guesses are still queued when the colleague arrives.
    const slow = await testApp({
      limits: { hashConcurrency: 1, hashQueue: 8, hashWaitMs: 30_000 },
      passwordCost: SCRYPT_COST,
    });
    try {
      await slow.as(['ROLE_USER_CRM'], 'bersaglio3');
      await slow.as(['ROLE_USER_CRM'], 'altro.utente');
      const login = (username: string, password: string, ip: string) =>
        slow.app.inject({ method: 'POST', url: '/login_check', payload: { username, password }, remoteAddress: ip });
      // The order of the password checks, as each ends: what comes after the check (the tokens of a login, the
      // answer of a refusal) would race the next check on a loaded machine.
      const checked: string[] = [];
      const verify = slow.ctx.passwords.verify.bind(slow.ctx.passwords);
      vi.spyOn(slow.ctx.passwords, 'verify').mockImplementation(async (password, ...rest) => {
        const ok = await verify(password, ...rest);
        checked.push(password === TEST_PASSWORD ? 'collega' : password);
        return ok;
      });
      const guesses = Array.from({ length: 5 }, (_, i) => login('bersaglio3', `sbagliata-${i}`, '10.9.0.1'));
      const colleague = login('altro.utente', TEST_PASSWORD, '10.9.0.2');
      expect((await colleague).statusCode).toBe(200);
      await Promise.all(guesses);
      // One guess may already be hashing when the colleague arrives; the others wait behind them.
      expect(checked).toContain('collega');
      expect(checked.indexOf('collega'), checked.join(', ')).toBeLessThanOrEqual(1);
    } finally {
      await slow.close();
    }
  });

  it('past the queue, a login gets 429 "Troppi accessi in corso" with Retry-After, not a slower server', async () => {
    // No place kept for first tries: every login here is one, and the queue's own refusal is what is tested.
    // Hashes as long as in production: the queue is still full when the last login arrives.
    const small = await testApp({
      limits: { hashConcurrency: 1, hashQueue: 1, hashWaitMs: 5_000, hashReserved: 0 },
      passwordCost: SCRYPT_COST,
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          small.app.inject({
            method: 'POST',
            url: '/login_check',
            payload: { username: `qualcuno${i}`, password: 'sbagliata' },
            remoteAddress: `10.6.0.${i + 1}`,
          }),
        ),
      );
      const busy = statuses.filter((r) => r.statusCode === 429);
      expect(busy.length).toBeGreaterThanOrEqual(4);
      expect(busy[0]?.json().message).toBe('Troppi accessi in corso. Riprovare tra qualche secondo');
      expect(Number(busy[0]?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });

  it('an unknown user costs one full password check, like a known one', async () => {
    const verify = vi.spyOn(t.ctx.passwords, 'verify');
    try {
      await login('utente.inesistente', 'qualcosa', '10.7.0.1');
      await login('altro.utente', 'sbagliata', '10.7.0.2');
      expect(verify).toHaveBeenCalledTimes(2);
      // Without a stored hash, verify still runs scrypt against a fixed dummy hash (and says no).
      expect(verify.mock.calls[0]?.[1]).toBeUndefined();
      expect(await verify.mock.results[0]?.value).toBe(false);
    } finally {
      verify.mockRestore();
    }
    const gateRuns = vi.fn();
    const { createPasswordService } = await import('./passwords.ts');
    const service = createPasswordService({
      run: async <T>(fn: () => Promise<T>) => {
        gateRuns();
        return fn();
      },
      acquire: async () => () => {},
      active: 0,
      waiting: 0,
    });
    expect(await service.verify('qualcosa', undefined)).toBe(false);
    expect(await service.verify('qualcosa', 'non-un-hash')).toBe(false);
    expect(gateRuns).toHaveBeenCalledTimes(2);
  });
});

describe('the password change has the same limiter', () => {
  it('after 5 wrong old passwords the right one is refused too (429)', async () => {
    const headers = await t.as(['ROLE_USER_CRM'], 'cambia.password');
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).json().data;
    const change = (oldPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${me.id}/change-password`,
        headers,
        remoteAddress: '10.8.0.1',
        payload: { oldPassword, password: 'NuovaPassword1!', confirmPassword: 'NuovaPassword1!' },
      });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => change(`sbagliata-${i}`)));
    expect(tally(answers, 400)).toEqual({ limited: 12 - LOGIN_LIMITS.pair, checked: LOGIN_LIMITS.pair });
    expect((await change(TEST_PASSWORD)).statusCode).toBe(429);
  });
});
