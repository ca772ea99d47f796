import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timestampToIso } from './timestamps.ts';

/** PostgreSQL's text of an instant: microseconds with trailing zeros dropped, the offset in hours (and minutes). */
function postgresText(ms: number, micros: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString();
  const fraction = `${local.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : '';
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${fraction ? `.${fraction}` : ''}${sign}${hours}${minutes}`;
}

describe('timestampToIso', () => {
  const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2199, 11, 31) });
  const micros = fc.integer({ min: 0, max: 999 });

  it('reads every UTC value as Date does', () => {
    fc.assert(
      fc.property(instant, micros, (ms, us) => {
        const text = postgresText(ms, us, 0);
        expect(timestampToIso(text)).toBe(new Date(text).toISOString());
        expect(timestampToIso(text)).toBe(new Date(ms).toISOString());
      }),
    );
  });

  it('reads other offsets through Date, to the same instant', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(60, 120, -300, 330, -210), (ms, offset) => {
        expect(timestampToIso(postgresText(ms, 0, offset))).toBe(new Date(ms).toISOString());
      }),
    );
  });

  it('keeps milliseconds, not microseconds, nor rounds them up', () => {
    expect(timestampToIso('2025-03-01 09:15:00+00')).toBe('2025-03-01T09:15:00.000Z');
    expect(timestampToIso('2025-03-01 09:15:00.5+00')).toBe('2025-03-01T09:15:00.500Z');
    expect(timestampToIso('2025-03-01 09:15:00.999999+00')).toBe('2025-03-01T09:15:00.999Z');
  });
});
