import { describe, expect, it } from 'vitest';
import { beginAttempt, retryAfter } from './loginLimiter.ts';

describe('retryAfter', () => {
  it('lets a key try until it has made max attempts in the window, then until the oldest of them leaves it', () => {
    expect(retryAfter({ times: [0, 1], max: 3 }, 1000, 10)).toBe(0);
    expect(retryAfter({ times: [2, 0, 1], max: 3 }, 1000, 10)).toBe(990);
    // Five attempts, three allowed: the third latest (at 2) decides.
    expect(retryAfter({ times: [0, 1, 2, 3, 4], max: 3 }, 1000, 10)).toBe(992);
  });
  it('forgets attempts older than the window', () => {
    expect(retryAfter({ times: [0, 1], max: 2 }, 1000, 500)).toBeGreaterThan(0);
    expect(retryAfter({ times: [0, 1], max: 2 }, 1000, 1001)).toBe(0);
  });
});

describe('beginAttempt', () => {
  it('goes ahead with the counts before it under each key, or waits as long as the fullest key says', () => {
    const pair = (times: number[]) => ({ times, max: 2 });
    const address = (times: number[]) => ({ times, max: 3 });
    expect(beginAttempt([pair([]), address([])], 1000, 0)).toEqual({ wait: 0, before: [0, 0] });
    expect(beginAttempt([pair([0]), address([0])], 1000, 1)).toEqual({ wait: 0, before: [1, 1] });
    // Two attempts still running for the pair: the third is refused before it starts.
    expect(beginAttempt([pair([0, 1]), address([0, 1])], 1000, 2)).toEqual({ wait: 998, before: [] });
    // Another user at the same address: the address is full after three.
    expect(beginAttempt([pair([]), address([0, 1])], 1000, 3)).toEqual({ wait: 0, before: [0, 2] });
    expect(beginAttempt([pair([]), address([0, 1, 3])], 1000, 4).wait).toBe(996);
    // Attempts that left the window do not count before this one.
    expect(beginAttempt([pair([0]), address([0, 1500])], 1000, 1600)).toEqual({ wait: 0, before: [0, 1] });
  });
});
