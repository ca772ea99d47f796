import { describe, expect, it } from 'vitest';
import { calendarDensity, calendarItalian } from './calendarItalian.ts';

describe('calendarItalian', () => {
  it('names the hidden events "+N altri"', () => {
    const text = calendarItalian.moreLinkText as (n: number) => string;
    expect(text(137)).toBe('+137 altri');
  });

  it('limits a crowded day and shows 24-hour times with two digits', () => {
    expect(calendarDensity.dayMaxEvents).toBeGreaterThan(0);
    expect(calendarDensity.eventMaxStack).toBeGreaterThan(0);
    const time = new Intl.DateTimeFormat('it-IT', calendarDensity.eventTimeFormat);
    expect(time.format(new Date(2026, 0, 5, 8, 0))).toBe('08:00');
  });
});
