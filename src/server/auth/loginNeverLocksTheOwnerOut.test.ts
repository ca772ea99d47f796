import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, TEST_PASSWORD, type TestApp } from '../../../tests/helpers/testApp.ts';
import { LOGIN_LIMITS } from './loginGuard.ts';
import { SCRYPT_COST } from './passwords.ts';

// One hash at a time and a queue of 8, as on a two-core machine; a long wait, since a loaded test machine hashes slowly.
const LIMITS = { hashConcurrency: 1, hashQueue: 8, hashWaitMs: 30_000 };
let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await testApp({ limits: LIMITS });
  await t.as(['ROLE_SUPER_ADMIN'], 'admin');
  await t.as(['ROLE_USER_CRM'], 'proprietario');
  admin = await t.as(['ROLE_ADMIN'], 'amministratore');
});
afterAll(() => t.close());

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
const loginAt = (server: TestApp, username: string, password: string, ip: string, cookies?: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: '/login_check',
    payload: { username, password },
    remoteAddress: ip,
    ...(cookies ? { cookies } : {}),
  });
const login = (username: string, password: string, ip: string, cookies?: Record<string, string>) =>
  loginAt(t, username, password, ip, cookies);
const LIMITED = 'Troppi tentativi di accesso falliti. Riprovare tra qualche minuto';
const limited = (r: Answer) => r.statusCode === 429 && r.json().message === LIMITED;
const idOf = async (username: string) =>
  (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "user" WHERE username = $1`, [username])).rows[0]?.id ?? 0;
/** Wrong passwords one after the other from one address, as a guesser sends them. */
async function guess(username: string, ip: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await login(username, `sbagliata-${i}`, ip)).statusCode);
  return statuses;
}
/** The device cookie a successful login set. */
function deviceCookie(res: Answer) {
  const cookie = res.cookies.find((c) => c.name.startsWith('crm_dispositivo_'));
  if (!cookie) throw new Error('no device cookie');
  return cookie;
}

describe('guesses elsewhere never lock the owner out', () => {
  it.each(['admin', 'proprietario'])('guessesElsewhereDoNotLockTheOwner: %s', async (username) => {
    const [a, b, c] =
      username === 'admin' ? ['10.40.0.1', '10.40.0.2', '10.40.0.3'] : ['10.40.9.1', '10.40.9.2', '10.40.9.3'];
    // The reproduction: 12 wrong passwords for the username from two addresses...
    const [first, second] = await Promise.all([guess(username, a, 6), guess(username, b, 6)]);
    // ...each address is refused after its 5th failure, for this username...
    expect(first).toEqual([...Array(LOGIN_LIMITS.pair).fill(401), 429]);
    expect(second).toEqual([...Array(LOGIN_LIMITS.pair).fill(401), 429]);
    expect((await login(username, TEST_PASSWORD, a)).statusCode).toBe(429);
    // ...and the right password from a third address gets in at once.
    const owner = await login(username, TEST_PASSWORD, c);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toBeTruthy();
  });

  it('an address that guessed 20 usernames is refused, for every username; other addresses are not', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(`nessuno.${i}`, 'sbagliata', '10.40.1.1')),
    );
    expect(answers.filter(limited)).toHaveLength(25 - LOGIN_LIMITS.address);
    expect((await login('proprietario', TEST_PASSWORD, '10.40.1.1')).statusCode).toBe(429);
    expect((await login('proprietario', TEST_PASSWORD, '10.40.1.2')).statusCode).toBe(200);
  });
});

describe('a guesser is slowed down', () => {
  it('from the 3rd failure of a username at one address, one step more with each failure', async () => {
    // Elsewhere the tests' step is 20 ms; here a step long enough to tell a wait from a loaded machine's answer.
    const STEP = 400;
    const timed = await t.sibling({ limits: { ...LIMITS, loginStepMs: STEP } });
    try {
      await timed.as(['ROLE_USER_CRM'], 'lento');
      const took: number[] = [];
      for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
        const started = performance.now();
        expect((await loginAt(timed, 'lento', `sbagliata-${i}`, '10.44.0.1')).statusCode).toBe(401);
        took.push(performance.now() - started);
      }
      // Lower bounds only (a loaded machine answers later, never sooner); 10 % for the timers' coarse clock.
      expect(took[3]).toBeGreaterThanOrEqual(0.9 * STEP);
      expect(took[4]).toBeGreaterThanOrEqual(0.9 * 2 * STEP);
    } finally {
      await timed.close();
    }
  });
});

describe('a browser the owner signed in with before', () => {
  it('deviceCookieLetsTheOwnerIn', async () => {
    await t.as(['ROLE_USER_CRM'], 'titolare');
    await t.as(['ROLE_USER_CRM'], 'collega.ufficio');
    const office = '10.41.0.1';
    const first = await login('titolare', TEST_PASSWORD, office);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first);
    // Signed, HttpOnly, SameSite=Strict, sent to the login only; not Secure over plain http.
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/login_check' });
    expect(cookie.secure).toBeFalsy();
    const device = { [cookie.name]: cookie.value };

    // Someone at the same address guesses the owner's password until that address is refused for it.
    expect(await guess('titolare', office, LOGIN_LIMITS.pair + 1)).toEqual([
      ...Array(LOGIN_LIMITS.pair).fill(401),
      429,
    ]);
    expect((await login('titolare', TEST_PASSWORD, office)).statusCode).toBe(429);
    // The owner's own browser still gets in, from there or from anywhere, without slowing down.
    expect((await login('titolare', TEST_PASSWORD, office, device)).statusCode).toBe(200);
    expect((await login('titolare', TEST_PASSWORD, '10.41.0.9', device)).statusCode).toBe(200);

    // A cookie altered, of another username or not ours at all counts for nothing.
    const forged = { [cookie.name]: cookie.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) };
    expect((await login('titolare', TEST_PASSWORD, office, forged)).statusCode).toBe(429);
    const colleague = deviceCookie(await login('collega.ufficio', TEST_PASSWORD, '10.41.0.2'));
    expect(colleague.name).not.toBe(cookie.name);
    expect((await login('titolare', TEST_PASSWORD, office, { [colleague.name]: colleague.value })).statusCode).toBe(
      429,
    );
    expect((await login('titolare', TEST_PASSWORD, office, { [cookie.name]: 'qualcosa' })).statusCode).toBe(429);

    // The cookie's own failures are counted: after 5 wrong passwords with it, it is trusted no more.
    for (let i = 0; i < 5; i++) expect((await login('titolare', `errata-${i}`, office, device)).statusCode).toBe(401);
    expect((await login('titolare', TEST_PASSWORD, office, device)).statusCode).toBe(429);
    // From an address that never failed, the owner still gets in (and the cookie counts again).
    expect((await login('titolare', TEST_PASSWORD, '10.41.0.10', device)).statusCode).toBe(200);
  });

  it('is Secure when the login came over https', async () => {
    const proxied = await t.sibling({ trustProxy: '127.0.0.1' });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/login_check',
        payload: { username: 'proprietario', password: TEST_PASSWORD },
        headers: { 'x-forwarded-for': '10.41.1.1', 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(deviceCookie(res).secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('a flood of guesses', () => {
  // Hashes as long as in production: which answers come first depends on it.
  let slow: TestApp;
  beforeAll(async () => {
    slow = await testApp({ limits: LIMITS, passwordCost: SCRYPT_COST });
  });
  afterAll(() => slow.close());

  // A retry starts over with a target and addresses of its own: the first try's failures are remembered.
  let attempt = 0;
  it('floodDoesNotDelayOtherUsers', async () => {
    attempt++;
    const [target, colleagueName] = [`bersaglio.${attempt}`, `collega.${attempt}`];
    const [guesser, office] = [`10.44.${attempt}.1`, `10.44.${attempt}.2`];
    await slow.as(['ROLE_USER_CRM'], target);
    await slow.as(['ROLE_USER_CRM'], colleagueName);
    const transactions = vi.spyOn(slow.ctx.db, 'transaction');
    // When the colleague's password check begins, how many of the guesses' checks have already ended.
    const verify = slow.ctx.passwords.verify;
    let guessesChecked = 0;
    let checkedBeforeColleague = -1;
    const verifySpy = vi.spyOn(slow.ctx.passwords, 'verify').mockImplementation(async (password, stored, options) => {
      if (options?.lane === office) checkedBeforeColleague = guessesChecked;
      try {
        return await verify(password, stored, options);
      } finally {
        if (options?.lane === guesser) guessesChecked++;
      }
    });
    const order: string[] = [];
    try {
      const flood = Array.from({ length: 100 }, (_, i) =>
        loginAt(slow, target, `sbagliata-${i}`, guesser).then((r) => {
          order.push(limited(r) ? 'rifiutato' : `controllato ${r.statusCode}`);
          return r;
        }),
      );
      const colleague = loginAt(slow, colleagueName, TEST_PASSWORD, office).then((r) => {
        order.push(`collega ${r.statusCode}`);
        return r;
      });
      await Promise.all([...flood, colleague]);
    } finally {
      transactions.mockRestore();
      verifySpy.mockRestore();
    }
    const checked = order.filter((o) => o.startsWith('controllato'));
    expect(checked).toEqual(Array(LOGIN_LIMITS.pair).fill('controllato 401'));
    expect(order.filter((o) => o === 'rifiutato')).toHaveLength(100 - LOGIN_LIMITS.pair);
    // Refused before any hash: every refusal is answered before the first guess's password check ends...
    expect(order.lastIndexOf('rifiutato')).toBeLessThan(order.indexOf('controllato 401'));
    // ...and after the first refusal the rest are answered from memory, not by one database transaction each.
    expect(transactions.mock.calls.length).toBeLessThanOrEqual(LOGIN_LIMITS.pair + 4);
    // The colleague goes ahead of every guess still waiting when its check begins: it waits only for the
    // two places' guesses hashing by then (the shared one and the one kept for first tries), never for the
    // flood's rest. How many guesses ended before it began depends on the machine's load, so it is counted.
    expect(order).toContain('collega 200');
    expect(checkedBeforeColleague).toBeGreaterThanOrEqual(0);
    expect(order.filter((o) => o !== 'rifiutato').indexOf('collega 200')).toBeLessThanOrEqual(
      checkedBeforeColleague + 2,
    );
  });

  it('floodDoesNotDelayOtherUsers: guesses at many usernames from one address keep to their own lane of the hash queue', async () => {
    // A queue of two: without the per-address bound, six guesses at once would fill it and the rest,
    // and anybody else, would get 429 "Troppi accessi in corso".
    const small = await testApp({
      limits: { hashConcurrency: 1, hashQueue: 2, hashWaitMs: 60_000 },
      passwordCost: SCRYPT_COST,
    });
    try {
      await small.as(['ROLE_USER_CRM'], 'collega');
      const order: string[] = [];
      const flood = Array.from({ length: 6 }, (_, i) =>
        small.app
          .inject({
            method: 'POST',
            url: '/login_check',
            payload: { username: `inventato.${i}`, password: 'sbagliata' },
            remoteAddress: '10.42.1.1',
          })
          .then((r) => void order.push(`tentativo ${r.statusCode}`)),
      );
      const colleague = small.app
        .inject({
          method: 'POST',
          url: '/login_check',
          payload: { username: 'collega', password: TEST_PASSWORD },
          remoteAddress: '10.42.1.2',
        })
        .then((r) => void order.push(`collega ${r.statusCode}`));
      await Promise.all([...flood, colleague]);
      // Every guess was checked (none found the queue full), and the colleague went ahead of all but one.
      expect(order.filter((o) => o.startsWith('tentativo'))).toEqual(Array(6).fill('tentativo 401'));
      expect(order.indexOf('collega 200')).toBeLessThanOrEqual(1);
    } finally {
      await small.close();
    }
  });
});

describe('an admin lifts a block from the users screen', () => {
  const unblock = (id: number, headers: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: `/api/users/${id}/unblock-login`, headers });

  it('adminLiftsABlock', async () => {
    await t.as(['ROLE_USER_CRM'], 'bloccato');
    const id = await idOf('bloccato');
    const at = '10.43.0.1';
    await guess('bloccato', at, LOGIN_LIMITS.pair);
    expect((await login('bloccato', TEST_PASSWORD, at)).statusCode).toBe(429);

    const res = await unblock(id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Accesso sbloccato per «bloccato»: un indirizzo era bloccato');
    expect((await login('bloccato', TEST_PASSWORD, at)).statusCode).toBe(200);
    expect((await unblock(id, admin)).json().message).toBe(
      'Tentativi di accesso di «bloccato» azzerati: nessun indirizzo era bloccato',
    );
  });

  it('adminLiftsABlock: refused to anyone but an admin, and to an admin on a super admin', async () => {
    const clerk = await t.as(['ROLE_USER_CRM', 'ROLE_USER'], 'impiegato');
    await t.as(['ROLE_USER_CRM'], 'ancora.bloccato');
    const id = await idOf('ancora.bloccato');
    await guess('ancora.bloccato', '10.43.1.1', LOGIN_LIMITS.pair);
    const refused = await unblock(id, clerk);
    expect(refused.statusCode).toBe(403);
    expect((await unblock(id, { authorization: 'Bearer non-un-token' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${id}/unblock-login` })).statusCode).toBe(401);
    // Nothing was lifted.
    expect((await login('ancora.bloccato', TEST_PASSWORD, '10.43.1.1')).statusCode).toBe(429);
    // Only a super admin acts on a super admin; an unknown user is 404.
    expect((await unblock(await idOf('admin'), admin)).statusCode).toBe(403);
    expect((await unblock(999_999, admin)).statusCode).toBe(404);
  });
});
