import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessMinutesBetween, caseWait, DEFAULT_OPENING_HOURS, formatWait } from './businessHours.ts';

const hours = DEFAULT_OPENING_HOURS; // Mon–Fri 08:30–12:30, 14:00–18:00, Rome

describe('businessMinutesBetween (Europe/Rome)', () => {
  it.each([
    ['inside one morning', '2025-09-24T09:00:00+02:00', '2025-09-24T10:15:00+02:00', 75],
    ['across the lunch break', '2025-09-24T12:00:00+02:00', '2025-09-24T14:30:00+02:00', 60],
    ['a call at night waits from the opening', '2025-09-23T22:00:00+02:00', '2025-09-24T09:00:00+02:00', 30],
    ['a Friday evening call over the weekend', '2025-09-26T17:30:00+02:00', '2025-09-29T09:00:00+02:00', 60],
    ['a whole working day', '2025-09-24T00:00:00+02:00', '2025-09-25T00:00:00+02:00', 480],
    ['end before start', '2025-09-24T10:00:00+02:00', '2025-09-24T09:00:00+02:00', 0],
    ['across the change to winter time', '2025-10-24T17:00:00+02:00', '2025-10-27T09:30:00+01:00', 120],
  ])('%s: %s → %s = %i min', (_name, start, end, minutes) => {
    expect(businessMinutesBetween(start, end, hours)).toBe(minutes);
  });

  it('counts nothing on a holiday', () => {
    // Wednesday 8 December 2027, Immacolata
    expect(
      businessMinutesBetween('2027-12-07T17:00:00+01:00', '2027-12-09T09:00:00+01:00', hours, ['2027-12-08']),
    ).toBe(90);
  });
});

describe('businessMinutesBetween properties', () => {
  const minute = fc.integer({ min: 0, max: 60 * 24 * 40 }).map((m) => new Date(Date.UTC(2025, 9, 1) + m * 60_000));
  it('adds up over consecutive stretches and never exceeds the elapsed time', () => {
    fc.assert(
      fc.property(minute, minute, minute, (x, y, z) => {
        const [a, b, c] = [x, y, z].sort((p, q) => p.getTime() - q.getTime()) as [Date, Date, Date];
        const whole = businessMinutesBetween(a, c, hours);
        expect(whole).toBe(businessMinutesBetween(a, b, hours) + businessMinutesBetween(b, c, hours));
        expect(whole).toBeLessThanOrEqual((c.getTime() - a.getTime()) / 60_000);
      }),
    );
  });
});

describe('caseWait', () => {
  it('turns red past the threshold and reads as hours and minutes', () => {
    const now = new Date('2025-09-24T11:05:00+02:00');
    expect(caseWait({ firstMissedAt: '2025-09-24T07:00:00Z', closedAt: null }, now, hours, [], 60)).toEqual({
      minutes: 125,
      overdue: true,
      text: '2 h 05 min',
    });
    expect(
      caseWait({ firstMissedAt: '2025-09-24T07:00:00Z', closedAt: '2025-09-24T07:40:00Z' }, now, hours, [], 60),
    ).toEqual({
      minutes: 40,
      overdue: false,
      text: '40 min',
    });
  });

  it('formats waits', () => {
    expect(formatWait(0)).toBe('0 min');
    expect(formatWait(600)).toBe('10 h 00 min');
  });
});
