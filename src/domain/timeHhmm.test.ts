import { describe, expect, it } from 'vitest';
import { isTimeHhmm, minutesOfDay, endsAfterStart } from './timeHhmm.ts';

describe('isTimeHhmm', () => {
  it.each(['00:00', '08:00', '12:30', '23:59'])('accepts %s', (t) => expect(isTimeHhmm(t)).toBe(true));
  it.each(['24:00', '8:00', '12:60', '12.30', '12:3', '', '12:30:00'])('refuses %s', (t) =>
    expect(isTimeHhmm(t)).toBe(false),
  );
  it('counts minutes since midnight', () => {
    expect(minutesOfDay('08:30')).toBe(510);
    expect(minutesOfDay('21:00')).toBe(1260);
  });
});

describe('endsAfterStart', () => {
  it.each([
    ['09:00', '10:00', true],
    ['09:00', '09:01', true],
    ['23:00', '23:59', true],
    ['10:00', '10:00', false],
    ['10:00', '09:59', false],
    ['9:00', '10:00', false],
    ['09:00', '24:00', false],
  ])('%s → %s: %s', (start, end, ok) => {
    expect(endsAfterStart(start, end)).toBe(ok);
  });
});
