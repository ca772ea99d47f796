import { describe, expect, it } from 'vitest';
import { findSlot, priceListSummary, priceRental, rerateRental } from './rental.ts';
import { plt12Lines } from './workedExamples.ts';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('rental', () => {
  it.each([
    [1, 110],
    [5, 110],
    [6, 95],
    [15, 95],
    [16, 80],
    [30, 80],
  ])('%i days fall in the slot priced %i € a day', (days, price) => {
    const plt12 = plt12Lines.filter((l) => l.ResourceGroup === 'PLT12');
    expect(findSlot(plt12, { value: days, unit: 'G' })?.Price).toBe(price);
  });

  it('prices duration × rate of the slot', () => {
    const result = priceRental(plt12Lines, { value: 12, unit: 'G' }, 'PLT12');
    expect('rental' in result && result.rental.cents).toBe(114000);
  });

  it('re-rates a shorter actual rental with the shorter slot rate (SPEC.md section 9)', () => {
    const result = rerateRental(plt12Lines, { value: 12, unit: 'G' }, { value: 4, unit: 'G' }, 'PLT12');
    if (!('rental' in result)) throw new Error('expected a price');
    expect(result.rerated).toBe(true);
    expect(result.rental.cents).toBe(44000);
    expect(plain(result.rental.formula)).toBe(
      '4 giorni × 110,00 € (fascia 1–5 giorni), ricalcolato perché più breve dei 12 giorni quotati',
    );
  });

  it('keeps the quoted rate for a rental as long as quoted or longer', () => {
    const result = rerateRental(plt12Lines, { value: 12, unit: 'G' }, { value: 20, unit: 'G' }, 'PLT12');
    if (!('rental' in result)) throw new Error('expected a price');
    expect(result.rerated).toBe(false);
    expect(result.rental.cents).toBe(190000);
  });

  it('summarises the price list as the negotiation stores it', () => {
    expect(priceListSummary(plt12Lines.filter((l) => l.ResourceGroup === 'PLT12')).slice(0, 2)).toEqual([
      { period: '1–5 giorni', resourceGroup: 'PLT12', price: 110 },
      { period: '6–15 giorni', resourceGroup: 'PLT12', price: 95 },
    ]);
  });
});
