import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhoneDisplay, phoneKey, toE164 } from './phoneNumber.ts';

describe('toE164', () => {
  it.each([
    ['0521 123456', '+390521123456'],
    ['0521.123.456', '+390521123456'],
    ['+39 0521-123-456', '+390521123456'],
    ['0039 0521 123456', '+390521123456'],
    ['(0521) 12 34 56', '+390521123456'],
    ['333 123 4567', '+393331234567'],
    ['+39 333.123.4567', '+393331234567'],
    ['0039-333-1234567', '+393331234567'],
    ['02 4567 8901', '+390245678901'],
    ['0041 44 668 18 00', '+41446681800'],
    ['+1 202 555 0143', '+12025550143'],
  ])('%s → %s', (input, e164) => {
    expect(toE164(input)).toEqual({ e164 });
  });

  it.each([
    ['abc', 'Il numero di telefono «abc» non è valido'],
    ['201', 'Il numero di telefono «201» non è valido'],
    ['  ', 'Il numero di telefono è vuoto'],
    ['+39 12', 'Il numero di telefono «+39 12» non è valido'],
  ])('%j is refused: %s', (input, error) => {
    expect(toE164(input)).toEqual({ error });
  });

  it('gives null keys for what is not a number', () => {
    expect(phoneKey('anonymous')).toBeNull();
    expect(phoneKey(null)).toBeNull();
    expect(phoneKey('333 1234567')).toBe('+393331234567');
  });
});

describe('formatPhoneDisplay (SPEC.md section 9)', () => {
  it.each([
    ['+390521123456', '0521.123.456'],
    ['0521123456', '0521.123.456'],
    ['3331234567', '333.123.4567'],
    ['+39 333 123 4567', '333.123.4567'],
    ['0245678901', '02.4567.8901'],
    ['06 1234 5678', '06.1234.5678'],
    ['051 234567', '051.234.567'],
    ['800123456', '800.123.456'],
    ['+41446681800', '+41 44 668 18 00'],
    ['interno 12', 'interno 12'],
    ['', ''],
  ])('%s → %s', (input, shown) => {
    expect(formatPhoneDisplay(input)).toBe(shown);
  });

  it('shows the same number the same way however it was typed', () => {
    const separators = fc.constantFrom('', ' ', '.', '-');
    fc.assert(
      fc.property(fc.constantFrom('', '+39', '0039', '+39 ', '0039 '), separators, separators, (prefix, a, b) => {
        expect(formatPhoneDisplay(`${prefix}333${a}123${b}4567`)).toBe('333.123.4567');
        expect(toE164(`${prefix}0521${a}123${b}456`)).toEqual({ e164: '+390521123456' });
      }),
    );
  });
});
