import { describe, expect, it } from 'vitest';
import { localeCookie } from './locale.ts';

describe('the locale cookie', () => {
  it('records Italian for 365 days on the whole site', () => {
    expect(localeCookie(false)).toBe('locale=it; Max-Age=31536000; Path=/; SameSite=Lax');
  });
  it('is Secure on https', () => {
    expect(localeCookie(true)).toMatch(/; Secure$/);
  });
});
