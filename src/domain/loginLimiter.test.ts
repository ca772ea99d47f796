import { describe, expect, it } from 'vitest';
import { judgeAttempt, LOGIN_RULES, retryAfter, type KeyCount } from './loginLimiter.ts';

const WINDOW = LOGIN_RULES.windowMs;
/** `n` attempts, one a second, the latest at `last`. */
const attempts = (n: number, last = 0): KeyCount => ({
  count: n,
  latest: Array.from({ length: n }, (_, i) => last - i * 1000),
});
const none = attempts(0);

describe('retryAfter', () => {
  it('lets a key try until it has max attempts in the window, then until the max-th latest leaves it', () => {
    expect(retryAfter(attempts(2, 10), 3, 1000, 10)).toBe(0);
    expect(retryAfter({ count: 3, latest: [2, 1, 0] }, 3, 1000, 10)).toBe(990);
    // Five attempts, three allowed: the third latest (at 2) decides.
    expect(retryAfter({ count: 5, latest: [4, 3, 2, 1, 0] }, 3, 1000, 10)).toBe(992);
  });
});

describe('judgeAttempt', () => {
  it('lets a fresh address try at once, first in the hash queue after trusted browsers', () => {
    expect(judgeAttempt({ pair: none, address: none, user: none }, 0)).toEqual({
      refused: false,
      counted: ['pair', 'address', 'user'],
      delayMs: 0,
      priority: 1,
      trusted: false,
    });
  });

  it('slows a username from one address down from its 3rd failure, then refuses it from its 5th', () => {
    const at = (n: number) => judgeAttempt({ pair: attempts(n), address: attempts(n), user: attempts(n) }, 0);
    expect([0, 1, 2, 3, 4].map((n) => at(n).refused)).toEqual([false, false, false, false, false]);
    expect([2, 3, 4].map((n) => (at(n) as { delayMs: number }).delayMs)).toEqual([0, 1000, 2000]);
    expect(at(5)).toEqual({ refused: true, retryAfterMs: WINDOW - 4000, by: 'pair' });
  });

  it('refuses an address that failed 20 times, whichever usernames it tried', () => {
    expect(judgeAttempt({ pair: none, address: attempts(19), user: none }, 0).refused).toBe(false);
    expect(judgeAttempt({ pair: none, address: attempts(20), user: none }, 0)).toMatchObject({
      refused: true,
      by: 'address',
    });
  });

  it('never refuses a username because of failures elsewhere: many of them only slow it down', () => {
    const spread = (n: number) => judgeAttempt({ pair: none, address: none, user: attempts(n) }, 0);
    expect(spread(12)).toMatchObject({ refused: false, delayMs: 0, priority: 1 });
    expect(spread(50)).toMatchObject({ refused: false, delayMs: 1000, priority: 101 });
    expect(spread(10_000)).toMatchObject({ refused: false, delayMs: LOGIN_RULES.maxDelayMs });
  });

  it('trusts a device cookie of the username whatever its address and username counts, until it fails 5 times', () => {
    const blocked = { pair: attempts(9), address: attempts(40), user: attempts(500) };
    expect(judgeAttempt({ ...blocked, device: attempts(4) }, 0)).toEqual({
      refused: false,
      counted: ['device', 'user'],
      delayMs: 0,
      priority: 0,
      trusted: true,
    });
    expect(judgeAttempt({ ...blocked, device: attempts(5) }, 0)).toMatchObject({ refused: true, by: 'pair' });
  });
});
