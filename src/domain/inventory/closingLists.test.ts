import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closingLists, type ErpMachine } from './closingLists.ts';
import type { CountEntry } from './counting.ts';

const count = (code: string, countedAt = '2025-09-24T08:00:00Z'): CountEntry => ({
  code,
  countedBy: 'Mario Rossi',
  countedAt,
});
const registry: ErpMachine[] = [
  { code: 'MI-001', branchCode: 'MI01' },
  { code: 'MI-002', branchCode: 'MI01' },
  { code: 'MI-003', branchCode: 'MI01', rental: { contractNumber: 'C-2025-118', customer: 'Edilizia Brambilla' } },
  { code: 'MI-004', branchCode: 'MI01', rental: { contractNumber: 'C-2025-120', customer: 'Costruzioni Riva' } },
  { code: 'BG-001', branchCode: 'BG01' },
];

describe('closingLists (issue 18)', () => {
  const lists = closingLists('MI01', registry, [
    count('MI-001'),
    count('mi-001', '2025-09-24T09:00:00Z'),
    count('BG-001'),
    count('XX-999'),
    count('MI-004'),
  ]);

  it('lists what was found here', () => {
    expect(lists.found.map((f) => [f.machine.code, f.returnedFromRent])).toEqual([
      ['MI-001', false],
      ['MI-004', true],
    ]);
    expect(lists.found[0]?.count.countedAt).toBe('2025-09-24T08:00:00Z');
  });

  it('lists what was expected and not found, matching machines out on rent to their contracts instead', () => {
    expect(lists.missing.map((m) => m.code)).toEqual(['MI-002']);
    expect(lists.onRent.map((m) => [m.code, m.rental?.contractNumber])).toEqual([['MI-003', 'C-2025-118']]);
  });

  it('lists machines of another branch and unknown codes', () => {
    expect(lists.otherBranch.map((o) => [o.machine.code, o.machine.branchCode])).toEqual([['BG-001', 'BG01']]);
    expect(lists.unknown.map((u) => u.code)).toEqual(['XX-999']);
  });

  it('puts every machine of the branch and every counted code in exactly one list', () => {
    const machine = fc.record({
      code: fc.stringMatching(/^[A-D][0-4]$/),
      branchCode: fc.constantFrom('MI01', 'BG01'),
      rental: fc.option(fc.constant({ contractNumber: 'C1', customer: 'X' })),
    });
    const reg = fc.uniqueArray(machine, { selector: (m) => m.code, maxLength: 15 });
    const counts = fc.array(
      fc.stringMatching(/^[A-E][0-4]$/).map((code) => count(code)),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(reg, counts, (r, c) => {
        const l = closingLists('MI01', r, c);
        const here = [
          ...l.found.map((f) => f.machine.code),
          ...l.missing.map((m) => m.code),
          ...l.onRent.map((m) => m.code),
        ].sort();
        expect(here).toEqual(
          r
            .filter((m) => m.branchCode === 'MI01')
            .map((m) => m.code)
            .sort(),
        );
        const seen = [
          ...l.found.map((f) => f.count.code),
          ...l.otherBranch.map((o) => o.count.code),
          ...l.unknown.map((u) => u.code),
        ].sort();
        expect(seen).toEqual([...new Set(c.map((x) => x.code))].sort());
      }),
    );
  });
});
