import { describe, expect, it } from 'vitest';
import { shouldReloadAfterChunkError } from './reloadGuard.ts';

describe('shouldReloadAfterChunkError', () => {
  it('reloads the first time and again only after a minute', () => {
    expect(shouldReloadAfterChunkError(null, 1_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000, 30_000)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000, 60_999)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000, 61_000)).toBe(true);
  });
});
