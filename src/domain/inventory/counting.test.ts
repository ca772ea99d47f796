import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctCounts, normaliseCode, registerCount, type CountEntry } from './counting.ts';

const mario: CountEntry = { code: 'PLT12-0042', countedBy: 'Mario Rossi', countedAt: '2025-09-24T08:12:00Z' };

describe('registerCount', () => {
  it('counts a new machine', () => {
    const { counts, outcome } = registerCount([], mario);
    expect(counts).toEqual([mario]);
    expect(outcome.kind).toBe('counted');
  });

  it('counts a serial twice only once and says who counted it and when (Rome time)', () => {
    const { counts } = registerCount([], mario);
    const again = registerCount(counts, {
      code: ' plt12-0042 ',
      countedBy: 'Anna Neri',
      countedAt: '2025-09-24T09:00:00Z',
    });
    expect(again.counts).toEqual([mario]);
    expect(again.outcome).toEqual({
      kind: 'alreadyCounted',
      first: mario,
      message: 'PLT12-0042 è già stato contato da Mario Rossi il 24-09-2025 alle 10:12',
    });
    const mine = registerCount(counts, { ...mario, countedAt: '2025-09-24T09:00:00Z' });
    expect(mine.outcome.kind === 'alreadyCounted' && mine.outcome.message).toBe(
      'PLT12-0042 è già stato contato da te il 24-09-2025 alle 10:12',
    );
  });

  it('normalises codes as scanned or typed', () => {
    expect(normaliseCode(' plt12 - 0042\n')).toBe('PLT12-0042');
  });

  it('keeps one count per machine, the earliest, whatever the order and the number of counters', () => {
    const scan = fc.record({
      code: fc.constantFrom('A1', 'a1', 'B2', ' b2', 'C3'),
      countedBy: fc.constantFrom('Mario', 'Anna', 'Luca'),
      countedAt: fc
        .integer({ min: 0, max: 86_400 })
        .map((s) => new Date(Date.UTC(2025, 8, 24) + s * 1000).toISOString()),
    });
    fc.assert(
      fc.property(fc.array(scan, { maxLength: 30 }), (scans) => {
        const kept = distinctCounts(scans);
        const codes = kept.map((c) => c.code);
        expect(new Set(codes).size).toBe(codes.length);
        expect(new Set(codes)).toEqual(new Set(scans.map((s) => normaliseCode(s.code))));
        for (const c of kept)
          for (const s of scans) if (normaliseCode(s.code) === c.code) expect(s.countedAt >= c.countedAt).toBe(true);
        expect(distinctCounts([...scans].reverse()).map((c) => [c.code, c.countedAt])).toEqual(
          kept.map((c) => [c.code, c.countedAt]),
        );
      }),
    );
  });
});
