import { describe, expect, it } from 'vitest';
import { rangesOverlap } from './ranges.ts';

describe('rangesOverlap', () => {
  it.each([
    [{ from: 0, to: 30 }, { from: 31, to: 60 }, false],
    [{ from: 0, to: 30 }, { from: 30, to: 60 }, true],
    [{ from: 10, to: 20 }, { from: 0, to: 100 }, true],
    [{ from: 61, to: 120 }, { from: 0, to: 60 }, false],
    [{ from: 5, to: 5 }, { from: 5, to: 5 }, true],
  ])('%j and %j: %s', (a, b, want) => {
    expect(rangesOverlap(a, b)).toBe(want);
    expect(rangesOverlap(b, a)).toBe(want);
  });
});
