import { describe, expect, it } from 'vitest';
import { blindView } from './blindView.ts';
import { progress, progressFromCounters } from './progress.ts';

describe('progress', () => {
  it.each([
    [312, 340, '312 di 340 verificati', 91],
    [0, 340, '0 di 340 verificati', 0],
    [1, 1, '1 di 1 verificato', 100],
    [0, 0, '0 di 0 verificati', 100],
  ])('%i of %i: %s', (verified, total, text, percent) => {
    expect(progress(verified, total)).toMatchObject({ text, percent });
  });

  it('reads the counters of the item list', () => {
    expect(progressFromCounters({ totalRowsNoFiltered: 340, totalRowsWithoutStatus: 28 }).text).toBe(
      '312 di 340 verificati',
    );
    expect(progressFromCounters({ totalRowsNoFiltered: 340, totalRowsWithoutStatus: 28 }, true).text).toBe(
      '312 verificati',
    );
  });
});

describe('blindView (issue 18)', () => {
  const items = [
    { resourceMago: 'A1', statusId: 1, manuale: 'N' as const },
    { resourceMago: 'B2', statusId: null, manuale: 'N' as const },
    { resourceMago: 'C3', statusId: null, manuale: 'Y' as const },
    { resourceMago: 'D4', statusId: -1, manuale: 'N' as const },
  ];

  it('shows a counter only what was verified or added by hand, without the expected total', () => {
    const view = blindView(items, ['ROLE_USER_INVENTARIO_MEZZI'], false);
    expect(view.items.map((i) => i.resourceMago)).toEqual(['A1', 'C3']);
    expect(view.progress.text).toBe('2 verificati');
    expect(view.blind).toBe(true);
  });

  it('shows everything to a supervisor, and to everyone once concluded', () => {
    expect(blindView(items, ['ROLE_SUPERVISOR_INVENTARIO_MEZZI'], false).progress.text).toBe('2 di 4 verificati');
    expect(blindView(items, ['ROLE_USER_INVENTARIO_MEZZI'], true).items).toHaveLength(4);
  });
});
