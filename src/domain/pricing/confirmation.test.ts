import { describe, expect, it } from 'vitest';
import { confirmOfferMismatches, defaultInsurance } from './confirmation.ts';
import { priceOffer } from './priceOffer.ts';
import { exampleA } from './workedExamples.ts';

const pricing = priceOffer(exampleA());
const honest = {
  ...pricing.figures!,
  assicurazioneTipo: 'BASE',
  assicurazionePrezzo: 96.9,
  acceptedByCustomer: 'Y' as const,
};

describe('confirmOfferMismatches', () => {
  it('finds nothing in a payload that matches the engine', () => {
    expect(confirmOfferMismatches(honest, pricing)).toEqual([]);
  });

  it('names every forged figure, to the cent', () => {
    const forged = { ...honest, prezzoTotaleScontato: 1000, assicurazionePrezzo: 96.89 };
    expect(confirmOfferMismatches(forged, pricing).map((m) => [m.field, m.message.replace(/\u00a0/g, ' ')])).toEqual([
      ['prezzoTotaleScontato', 'Il totale scontato inviato (1.000,00 €) è diverso da quello calcolato (1.376,98 €)'],
      ['assicurazionePrezzo', "Il prezzo dell'assicurazione inviato (96,89 €) è diverso da quello calcolato (96,90 €)"],
    ]);
  });
});

describe('defaultInsurance', () => {
  it('prefers the insurance marked as default, else the first by code', () => {
    const base = { code: 'BASE', defaultInsurance: false };
    const full = { code: 'FULL', defaultInsurance: true };
    expect(defaultInsurance([base, full])).toBe(full);
    expect(defaultInsurance([{ ...full, defaultInsurance: false }, base])).toBe(base);
    expect(defaultInsurance([])).toBeUndefined();
  });
});
