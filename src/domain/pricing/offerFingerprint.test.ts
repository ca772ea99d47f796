import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentNumber, offerFingerprint } from './offerFingerprint.ts';

describe('offerFingerprint', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(offerFingerprint({ b: 1, a: { d: [2, { z: 1, y: 'è' }], c: undefined }, prezzo: 1376.98 })).toBe(
      '{"a":{"d":[2,{"y":"è","z":1}]},"b":1,"prezzo":1376.98}',
    );
  });

  it('does not depend on the order keys were written in', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(offerFingerprint(reversed)).toBe(offerFingerprint(record));
      }),
    );
  });
});

describe('documentNumber', () => {
  it.each([
    [2026, 123, 'OFF-2026-000123'],
    [2025, 1, 'OFF-2025-000001'],
    [2025, 999999, 'OFF-2025-999999'],
  ])('%i, %i → %s', (year, sequence, want) => {
    expect(documentNumber(year, sequence)).toBe(want);
  });

  it('refuses a sequence that does not fit', () => {
    expect(() => documentNumber(2025, 0)).toThrow(RangeError);
    expect(() => documentNumber(2025, 1_000_000)).toThrow(RangeError);
  });
});
