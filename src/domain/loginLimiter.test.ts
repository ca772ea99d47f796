import { describe, expect, it } from 'vitest';
import { beginAttempt, createLoginLimiter } from './loginLimiter.ts';

describe('createLoginLimiter', () => {
  it('lets a key try until it has failed max times in the window', () => {
    const l = createLoginLimiter(3, 1000);
    for (let i = 0; i < 3; i++) {
      expect(l.retryAfter('mario', i)).toBe(0);
      l.fail('mario', i);
    }
    expect(l.retryAfter('mario', 10)).toBe(990);
    expect(l.retryAfter('luca', 10)).toBe(0);
  });
  it('forgets failures older than the window and after a success', () => {
    const l = createLoginLimiter(2, 1000);
    l.fail('k', 0);
    l.fail('k', 1);
    expect(l.retryAfter('k', 500)).toBeGreaterThan(0);
    expect(l.retryAfter('k', 1001)).toBe(0);
    l.fail('k', 1002);
    l.succeed('k');
    l.fail('k', 1003);
    expect(l.retryAfter('k', 1004)).toBe(0);
  });
});

describe('beginAttempt', () => {
  it('counts an attempt under every key when it starts, and refuses once any key is full', () => {
    const pair = createLoginLimiter(2, 1000);
    const address = createLoginLimiter(3, 1000);
    const limits = (user: string) => [
      { key: `1.2.3.4|${user}`, limiter: pair },
      { key: '1.2.3.4', limiter: address },
    ];
    expect(beginAttempt(limits('mario'), 0)).toEqual({ wait: 0, before: [0, 0] });
    // The second attempt says how many came before it, under each key.
    expect(beginAttempt(limits('mario'), 1)).toEqual({ wait: 0, before: [1, 1] });
    // Two attempts still running for mario: the third is refused before it starts, and not counted.
    expect(beginAttempt(limits('mario'), 2)).toEqual({ wait: 998, before: [] });
    expect(beginAttempt(limits('luca'), 3)).toEqual({ wait: 0, before: [0, 2] });
    // The address is now full for everybody.
    expect(beginAttempt(limits('anna'), 4).wait).toBeGreaterThan(0);
    address.forgive('1.2.3.4');
    expect(beginAttempt(limits('anna'), 5).wait).toBe(0);
  });
});
