import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js';

/** Numbers without a country prefix are Italian. */
export const DEFAULT_REGION: CountryCode = 'IT';

function parse(input: string, region: CountryCode): PhoneNumber | undefined {
  // "0039…" is the international prefix dialled from Italy; libphonenumber reads it for region IT only.
  const text = input.trim().replace(/^00(?=[1-9])/, '+');
  return parsePhoneNumberFromString(text, region);
}

/**
 * An Italian or international number as E.164 (`+390521123456`), tolerant of +39, 0039, spaces, dots,
 * dashes and brackets; or the Italian reason it is not a number.
 */
export function toE164(input: string, region: CountryCode = DEFAULT_REGION): { e164: string } | { error: string } {
  if (!input.trim()) return { error: 'Il numero di telefono è vuoto' };
  const number = parse(input, region);
  if (!number?.isValid()) return { error: `Il numero di telefono «${input.trim()}» non è valido` };
  return { e164: number.number };
}

/** The E.164 form, or null for something that is not a valid number (for matching, not for messages). */
export function phoneKey(input: string | null | undefined, region: CountryCode = DEFAULT_REGION): string | null {
  if (!input) return null;
  const result = toE164(input, region);
  return 'e164' in result ? result.e164 : null;
}

/** Groups for the digits after the area code or mobile prefix. */
const REST_GROUPS: Record<number, number[]> = { 5: [2, 3], 6: [3, 3], 7: [3, 4], 8: [4, 4] };

function dotted(prefix: string, rest: string): string | null {
  const sizes = REST_GROUPS[rest.length];
  if (!sizes) return null;
  const groups = [prefix];
  let at = 0;
  for (const size of sizes) {
    groups.push(rest.slice(at, at + size));
    at += size;
  }
  return groups.join('.');
}

/**
 * How a number is shown (SPEC.md section 9, "phone-like numbers dotted groups for 9 or 10 digits"): an
 * Italian number of 9 or 10 digits is its area code or mobile prefix, then the rest in groups of three, or
 * three and four, or four and four: 0521.123.456, 02.4567.8901, 06.1234.5678, 051.234.567, 333.123.4567,
 * 800.123.456. Other Italian numbers show their national format, foreign numbers their international
 * format (+41 44 668 18 00), and what is not a number is shown as typed.
 */
export function formatPhoneDisplay(input: string | null | undefined, region: CountryCode = DEFAULT_REGION): string {
  const text = (input ?? '').trim();
  if (!text) return '';
  const number = parse(text, region);
  if (!number?.isValid()) return text;
  if (number.countryCallingCode !== '39') return number.formatInternational();
  const national = number.formatNational();
  const digits = national.replace(/\D/g, '');
  if (digits.length === 9 || digits.length === 10) {
    const prefix = national.split(' ')[0] ?? '';
    const grouped = dotted(prefix, digits.slice(prefix.length));
    if (grouped) return grouped;
  }
  return national;
}
