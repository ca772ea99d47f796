import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from './businessHours.ts';
import { nextCallbackSlot, officeHours, officeLines } from './branchOffice.ts';

describe('officeLines: the numbers of an office as E.164', () => {
  it('reads what staff type, separated by commas, semicolons or lines, and skips what is not a number', () => {
    expect(officeLines('02 1234 5678, +39 035 223344;\nabc')).toEqual(['+390212345678', '+39035223344']);
    expect(officeLines(null)).toEqual([]);
  });
});

describe('officeHours: the week of a branch office', () => {
  it('Monday to Friday with the lunch break, Saturday morning when open', () => {
    const week = officeHours({
      openFrom: '08:00',
      lunchFrom: '12:00',
      lunchTo: '13:30',
      openTo: '17:30',
      saturdayMorning: 'Y',
    });
    expect(week[1]).toEqual([
      { from: '08:00', to: '12:00' },
      { from: '13:30', to: '17:30' },
    ]);
    expect(week[6]).toEqual([{ from: '08:00', to: '12:00' }]);
    expect(week[7]).toBeUndefined();
  });
  it('no lunch break: one interval; no hours or closing before opening: the common week', () => {
    expect(officeHours({ openFrom: '09:00', openTo: '17:00' })[3]).toEqual([{ from: '09:00', to: '17:00' }]);
    expect(officeHours({ openFrom: '18:00', openTo: '08:00' })).toBe(DEFAULT_OPENING_HOURS);
    expect(officeHours(null)).toBe(DEFAULT_OPENING_HOURS);
  });
});

describe('nextCallbackSlot: when to try again a call-back nobody answered', () => {
  const hours = DEFAULT_OPENING_HOURS;
  it('an hour later, on the quarter hour, inside the hours (Rome time)', () => {
    // Wednesday 24 September 2025, 09:07 in Rome.
    expect(nextCallbackSlot('2025-09-24T07:07:00Z', hours)).toEqual({
      date: '2025-09-24',
      startTime: '10:15',
      endTime: '10:30',
    });
  });
  it('during lunch: at the afternoon opening; after closing: next working morning; Friday evening: Monday', () => {
    expect(nextCallbackSlot('2025-09-24T10:00:00Z', hours).startTime).toBe('14:00');
    expect(nextCallbackSlot('2025-09-24T16:30:00Z', hours)).toMatchObject({ date: '2025-09-25', startTime: '08:30' });
    expect(nextCallbackSlot('2025-09-26T16:30:00Z', hours)).toMatchObject({ date: '2025-09-29', startTime: '08:30' });
  });
  it('skips holidays', () => {
    expect(nextCallbackSlot('2025-09-26T16:30:00Z', hours, ['2025-09-29'])).toMatchObject({ date: '2025-09-30' });
  });
});
