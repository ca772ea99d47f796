import { describe, expect, it } from 'vitest';
import { isTimeHhmm, minutesOfDay } from './timeHhmm.ts';

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
