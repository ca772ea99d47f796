import { displayFormats, formatCents } from '../displayFormats.ts';

/**
 * Money is held in integer euro cents. Every figure that needs a product of decimals (a price
 * per day times days, a percentage, transport coefficients) is computed exactly with BigInt and
 * rounded half-up to the cent once, at the end of its line: floating point never decides a cent.
 */
export type Cents = number;

/** An exact decimal value: numerator / 10^scale. */
export interface Exact {
  numerator: bigint;
  scale: number;
}

/** A finite number as the exact decimal of its shortest text ("1.15" is 115/100, not the binary double). */
export function exact(value: number): Exact {
  if (!Number.isFinite(value)) throw new RangeError(`Valore non numerico: ${value}`);
  const [mantissa = '0', exponentText] = value.toString().toLowerCase().split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  let scale = fraction.length - exponent;
  let digits = BigInt(whole + fraction);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { numerator: negative ? -digits : digits, scale };
}

export function times(...values: Exact[]): Exact {
  return values.reduce((a, b) => ({ numerator: a.numerator * b.numerator, scale: a.scale + b.scale }), {
    numerator: 1n,
    scale: 0,
  });
}

export function minus(a: Exact, b: Exact): Exact {
  const scale = Math.max(a.scale, b.scale);
  return {
    numerator: a.numerator * 10n ** BigInt(scale - a.scale) - b.numerator * 10n ** BigInt(scale - b.scale),
    scale,
  };
}

/** The nearest integer, halves away from zero: the one rounding of a line. */
export function roundHalfUp(value: Exact): number {
  const d = 10n ** BigInt(value.scale);
  const n = value.numerator < 0n ? -value.numerator : value.numerator;
  const rounded = (2n * n + d) / (2n * d);
  return Number(value.numerator < 0n ? -rounded : rounded);
}

/** The exact product of the factors, rounded half-up to an integer once. */
export function roundedProduct(...factors: number[]): number {
  return roundHalfUp(times(...factors.map(exact)));
}

/** euros × factors, in cents, rounded once. */
export function eurosToCents(euros: number, ...factors: number[]): Cents {
  return roundedProduct(euros, 100, ...factors);
}

/** percentage % of an amount in cents, rounded once. */
export function percentOf(cents: Cents, percentage: number): Cents {
  return roundedProduct(cents, percentage, 0.01);
}

/** Cents to the euro number the contract carries (2 decimals). */
export function centsToEuros(cents: Cents): number {
  return cents / 100;
}

/** "1.234,50 €": the money kind of the display formats, from cents. */
export function formatEuro(cents: Cents): string {
  return formatCents(cents);
}

/** "8,50%". */
export function formatPercent(value: number): string {
  return displayFormats.percentage(value);
}

/** A plain Italian number with up to 4 decimals: "1,15", "35,2", "1.250". */
export function formatDecimal(value: number): string {
  return displayFormats.quantity(value);
}
