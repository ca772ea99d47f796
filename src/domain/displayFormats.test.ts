import { describe, expect, it } from 'vitest';
import { displayFormats as f, formatNumberInput, parseDuration, parseItalianNumber } from './displayFormats.ts';

// Intl writes a no-break space between figure and unit: compare what a person reads.
const read = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('displayFormats: SPEC.md section 9, Italian (Intl it-IT)', () => {
  it.each<[keyof typeof f, unknown, string]>([
    ['money', 12345.5, '12.345,50 €'],
    // Four-digit amounts are grouped like five-digit ones (Intl's Italian would write 1850,00 €).
    ['money', 1850, '1.850,00 €'],
    ['money', 2212, '2.212,00 €'],
    ['money', 3000, '3.000,00 €'],
    ['money', 8, '8,00 €'],
    ['money', 0.125, '0,13 €'],
    ['money', -40, '-40,00 €'],
    ['percentage', 8.5, '8,50%'],
    ['percentage', 100, '100,00%'],
    ['percentage', 0, '0,00%'],
    ['number', 3.75, '3,75'],
    ['number', 2, '2,00'],
    ['number', 45.4642035, '45,4642'],
    ['number', 12500.5, '12.500,50'],
    ['integer', 12500, '12.500'],
    ['integer', 3420, '3.420'],
    ['number', 1250.5, '1.250,50'],
    ['quantity', 1250, '1.250'],
    ['quantity', 125000, '125.000'],
    ['quantity', 12.5, '12,5'],
    ['duration', 45, '00:45'],
    ['duration', 65, '01:05'],
    ['duration', 3723, '1:02:03'],
    ['fileSize', 512, '512 Byte'],
    ['fileSize', 1536, '1,5 KB'],
    ['fileSize', 5 * 1024 * 1024, '5 MB'],
    ['phone', '0521 123456', '0521.123.456'],
    ['phone', '+39 333 123 4567', '333.123.4567'],
    ['phone', 'interno 12', 'interno 12'],
    // The same number reads the same on every screen, however it was typed, also inside a list of lines.
    ['phone', '035 412 000', '035.412.000'],
    ['phone', '035 412 000, 02 1234 5678', '035.412.000, 02.1234.5678'],
    ['date', '2026-12-31', '31-12-2026'],
    ['dateTime', '2025-09-24T14:05:00', '24-09-2025 14:05'],
    // An instant reads in Rome, summer and winter, whatever the machine's zone.
    ['dateTime', '2026-07-01T08:05:00Z', '01-07-2026 10:05'],
    ['dateTime', '2026-11-24T23:30:00.000Z', '25-11-2026 00:30'],
    ['dateTime', '2026-11-24T10:30:00+01:00', '24-11-2026 10:30'],
    ['time', '08:30', '08:30'],
    ['time', '08:30:00', '08:30'],
    ['yesNo', true, 'Sì'],
    ['yesNo', 'Y', 'Sì'],
    ['yesNo', false, 'No'],
    ['yesNo', 'N', 'No'],
    ['km', 12500, '12.500 km'],
    ['hours', 3420, '3.420 h'],
    ['hours', 12, '12 h'],
    ['distance', 42, '42,0 km'],
    ['distance', 1234.56, '1.234,6 km'],
  ])('%s %j reads %s', (kind, value, want) => {
    expect(read(f[kind](value))).toBe(want);
  });

  it.each(Object.keys(f) as (keyof typeof f)[])('%s of nothing, or of the wrong type, reads empty', (kind) => {
    expect(f[kind](null)).toBe('');
    expect(f[kind](undefined)).toBe('');
    expect(f[kind]({})).toBe('');
  });
});

describe('number inputs: the Italian way in, the number out', () => {
  it.each<[string, number | null]>([
    ['8,5', 8.5],
    ['1.250,50', 1250.5],
    ['1.250', 1250],
    ['1.250.000', 1250000],
    ['42.50', 42.5],
    ['0.5', 0.5],
    ['-3,25', -3.25],
    [',5', 0.5],
    ['12,50 €', 12.5],
    ['8,5 %', 8.5],
    ['  7  ', 7],
    ['', null],
    ['abc', null],
    ['1,2,3', null],
    ['12.34.5', null],
    ['1.25,5', null],
  ])('%j is %s', (text, want) => {
    expect(parseItalianNumber(text)).toBe(want);
  });

  it.each<[unknown, string]>([
    [42.5, '42,5'],
    [7, '7'],
    [1250.25, '1250,25'],
    [1850, '1850'],
    [null, ''],
    ['x', ''],
  ])('%j is typed back as %j', (value, want) => {
    expect(formatNumberInput(value)).toBe(want);
  });

  it('a figure shown in an input reads back as the same number', () => {
    for (const n of [0, 0.5, 1.25, 42.5, 1250, 1250.75, 99999.99, -3.5])
      expect(parseItalianNumber(formatNumberInput(n))).toBe(n);
  });

  it.each<[string, number | null]>([
    ['65', 65],
    ['1:05', 65],
    ['01:05', 65],
    ['1:02:03', 3723],
    ['1:75', null],
    ['un minuto', null],
  ])('duration %j is %s seconds', (text, want) => {
    expect(parseDuration(text)).toBe(want);
  });

  it('a value met again, or after a thousand others, reads the same (the formats remember what they showed)', () => {
    const days = Array.from({ length: 1200 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i, 9, 5)));
    const first = days.map((d) => f.dateTime(d.toISOString()));
    expect(first[0]).toBe('01-01-2026 10:05');
    expect(first[180]).toBe('30-06-2026 11:05');
    expect(days.map((d) => f.dateTime(d.toISOString()))).toEqual(first);
    expect(days.map((d) => f.date(d.toISOString().slice(0, 10)))[1199]).toBe('14-04-2029');
    for (let i = 0; i < 1100; i++) f.phone(`0521 ${String(100000 + i)}`);
    expect(f.phone('0521 123456')).toBe('0521.123.456');
    expect(f.phone('0521 100000')).toBe('0521.100.000');
    expect([f.date(null), f.dateTime(''), f.phone(null)]).toEqual(['', '', '']);
  });
});
