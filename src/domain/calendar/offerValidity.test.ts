import { describe, expect, it } from 'vitest';
import { isOfferExpired, offerReminders, offerValidUntil, reminderDue } from './offerValidity.ts';

describe('offer validity (issue 16)', () => {
  it('counts the validity days from the Rome date it was sent', () => {
    expect(offerValidUntil('2025-09-23T23:30:00Z', 30)).toBe('2025-10-24'); // sent on the 24th in Rome
    expect(offerValidUntil(new Date('2025-09-24T08:00:00Z'), 30)).toBe('2025-10-24');
  });

  it.each([
    ['2025-10-24T21:59:59.999Z', false], // 23:59:59.999 in Rome on the last day
    ['2025-10-24T22:00:00Z', true], // midnight in Rome
    ['2025-10-24T10:00:00Z', false],
  ])('valid until 2025-10-24: at %s expired = %s', (clock, expired) => {
    expect(isOfferExpired('2025-10-24', new Date(clock))).toBe(expired);
  });

  it('reminds three days and one day before, at 09:00 in Rome', () => {
    expect(offerReminders('2025-10-24')).toEqual([
      { daysBefore: 3, dueAt: '2025-10-21T07:00:00Z' },
      { daysBefore: 1, dueAt: '2025-10-23T07:00:00Z' },
    ]);
    // across the change to winter time
    expect(offerReminders('2025-10-27')[1]).toEqual({ daysBefore: 1, dueAt: '2025-10-26T08:00:00Z' });
  });

  it.each<[string, string, number[], number | null]>([
    ['before the first reminder', '2025-10-21T06:59:00Z', [], null],
    ['on the three-day mark', '2025-10-21T07:00:00Z', [], 3],
    ['three-day already sent', '2025-10-22T12:00:00Z', [3], null],
    ['on the one-day mark', '2025-10-23T07:00:00Z', [3], 1],
    ['a late scheduler sends only the one-day reminder', '2025-10-23T12:00:00Z', [], 1],
    ['both sent', '2025-10-24T12:00:00Z', [3, 1], null],
    ['expired', '2025-10-24T22:00:00Z', [], null],
  ])('%s', (_name, clock, sent, want) => {
    expect(reminderDue('2025-10-24', sent, new Date(clock))?.daysBefore ?? null).toBe(want);
  });
});
