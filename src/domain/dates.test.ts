import { describe, expect, it } from 'vitest';
import { formatDate, formatRomeDateTime, parseDisplayDate, DISPLAY_DATE_SHORT } from './dates.ts';

describe('dates', () => {
  it('shows ISO dates as DD-MM-YYYY and DD/MM/YY', () => {
    expect(formatDate('2025-09-24')).toBe('24-09-2025');
    expect(formatDate('2025-09-24', DISPLAY_DATE_SHORT)).toBe('24/09/25');
    expect(formatDate('2025-09-24T10:15:00')).toBe('24-09-2025');
  });
  it('shows nothing for empty or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('non una data')).toBe('');
  });
  it('parses what a user types back to ISO, strictly', () => {
    expect(parseDisplayDate('24-09-2025')).toBe('2025-09-24');
    expect(parseDisplayDate('24/09/25')).toBe('2025-09-24');
    expect(parseDisplayDate('31-02-2025')).toBeNull();
    expect(parseDisplayDate('2025-09-24')).toBeNull();
  });
});

describe('formatRomeDateTime', () => {
  it('reads an instant in Rome, summer and winter', () => {
    expect(formatRomeDateTime('2026-07-01T08:05:00Z')).toBe('01-07-2026 10:05');
    expect(formatRomeDateTime('2026-11-24T23:30:00Z', ' alle ')).toBe('25-11-2026 alle 00:30');
  });
});
