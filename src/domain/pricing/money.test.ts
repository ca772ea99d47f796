import { describe, expect, it } from 'vitest';
import { eurosToCents, formatEuro, formatPercent, percentOf, roundedProduct } from './money.ts';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('money', () => {
  it.each([
    [[1.005, 100], 101], // the double 1.005 is 1.00499…; the decimal 1.005 rounds half-up to 101
    [[0.1, 0.2, 100, 100], 200],
    [[330, 100, 12.35, 0.01], 4076], // 4075,5 → 4076
    [[85, 100, 1.15, 1.1, 50, 0.01], 5376], // 5376,25
    [[2.5], 3],
    [[1e-7, 1e7], 1],
  ])('roundedProduct(%j) = %i', (factors, want) => {
    expect(roundedProduct(...factors)).toBe(want);
  });

  it('takes a percentage of cents and rounds half-up once', () => {
    expect(percentOf(114000, 8.5)).toBe(9690);
    expect(percentOf(144945, 5)).toBe(7247); // 7247,25
    expect(percentOf(10, 5)).toBe(1); // 0,5 → 1
    expect(eurosToCents(19.99, 3)).toBe(5997);
  });

  it.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [114000, '1.140,00 €'],
    [1234567, '12.345,67 €'],
  ])('formatEuro(%i) = %s', (cents, want) => {
    expect(plain(formatEuro(cents))).toBe(want);
  });

  it.each([
    [8.5, '8,50%'],
    [5, '5,00%'],
    [12.345, '12,35%'],
    [100, '100,00%'],
  ])('formatPercent(%d) = %s', (value, want) => {
    expect(plain(formatPercent(value))).toBe(want);
  });
});
