import { describe, expect, it } from 'vitest';
import { endOfRomeDay, romeDateOf, romeToday, startOfRomeDay } from './rome.ts';

describe('Rome days', () => {
  it.each([
    ['2025-09-23T23:30:00Z', '2025-09-24'], // summer, UTC+2: 01:30 in Rome
    ['2025-12-31T23:30:00Z', '2026-01-01'], // winter, UTC+1: 00:30 in Rome
    ['2025-09-23T21:59:59Z', '2025-09-23'],
    ['2025-09-23T22:00:00Z', '2025-09-24'],
  ])('a fake clock at %s is %s in Rome', (clock, date) => {
    expect(romeToday(new Date(clock))).toBe(date);
  });

  it('reads a date-time without an offset as Rome wall time', () => {
    expect(romeDateOf('2025-09-24T00:30:00')).toBe('2025-09-24');
    expect(romeDateOf('2025-09-24T00:30:00+02:00')).toBe('2025-09-24');
  });

  it.each([
    ['2025-09-24', '2025-09-23T22:00:00Z', '2025-09-24T22:00:00Z'],
    ['2025-12-31', '2025-12-30T23:00:00Z', '2025-12-31T23:00:00Z'],
    ['2025-03-30', '2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z'], // the day clocks go forward lasts 23 hours
    ['2025-10-26', '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z'], // and the day they go back 25
  ])('%s in Rome runs from %s to %s', (date, start, end) => {
    expect(startOfRomeDay(date).toString()).toBe(start);
    expect(endOfRomeDay(date).toString()).toBe(end);
  });
});
