import { describe, expect, it } from 'vitest';
import { isPartitaIva, partitaIvaCheckDigit } from './partitaIva.ts';

describe('isPartitaIva', () => {
  it.each(['00743110157', '01114601006', '00488410010', '04107060966', '12345678903'])('accepts %s', (piva) =>
    expect(isPartitaIva(piva)).toBe(true),
  );

  it.each([
    ['02238350988', 'wrong check digit'],
    ['0074311015', 'ten digits'],
    ['007431101570', 'twelve digits'],
    ['0074311015A', 'a letter'],
    ['IT00743110157', 'country prefix'],
    ['', 'empty'],
  ])('refuses %s (%s)', (piva) => expect(isPartitaIva(piva)).toBe(false));

  it('completes a prefix with its check digit', () => {
    expect(partitaIvaCheckDigit('0074311015')).toBe('7');
  });
});
