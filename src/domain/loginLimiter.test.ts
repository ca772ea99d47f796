import { describe, expect, it } from 'vitest';
import { createLoginLimiter } from './loginLimiter.ts';

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
