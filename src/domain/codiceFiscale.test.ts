import { describe, expect, it } from 'vitest';
import { codiceFiscaleCheckChar, isCodiceFiscale } from './codiceFiscale.ts';

describe('isCodiceFiscale', () => {
  it.each([
    ['RSSMRA85T10A562S', 'Mario Rossi, Bagni di Lucca'],
    ['MRTMTT25D09F205Z', 'Matteo Moretti, Milano'],
    ['RSSMRA85T10A56NH', 'omocodia on the last digit of the place code'],
    ['RSSMRA85T10A5SNT', 'omocodia on two digits'],
    ['rssmra85t10a562s', 'lower case is accepted'],
    ['BNCLRA80A41H501D', 'a woman (day + 40)'],
  ])('accepts %s (%s)', (cf) => expect(isCodiceFiscale(cf)).toBe(true));

  it.each([
    ['RSSMRA85T10A562T', 'wrong check character'],
    ['RSSMRA85Z10A562S', 'Z is not a month letter'],
    ['RSSMRA85T32A562S', 'day 32 does not exist'],
    ['RSSMRA85T10A562', 'too short'],
    ['RSSMRA85T10A562SX', 'too long'],
    ['12345678903', 'a partita IVA is not a codice fiscale'],
    ['', 'empty'],
  ])('refuses %s (%s)', (cf) => expect(isCodiceFiscale(cf)).toBe(false));

  it('computes the check character from the first 15 characters', () => {
    expect(codiceFiscaleCheckChar('RSSMRA85T10A562')).toBe('S');
    expect(codiceFiscaleCheckChar('MRTMTT25D09F205')).toBe('Z');
  });
});
