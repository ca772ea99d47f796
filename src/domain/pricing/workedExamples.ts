import type {
  PriceListLine,
  TransportIncreaseDuration,
  TransportIncreaseScore,
  TransportPrice,
} from '../../../generated/entities.ts';
import type { OfferPricingInput } from './priceOffer.ts';

/** A realistic price list of the demo resource group PLT12 (18 m platform), customer code 111. */
export const plt12Lines: PriceListLine[] = [
  { ResourceGroup: 'PLT12', SlotFrom: 1, SlotTo: 5, Price: 110, Periodo: 'G' },
  { ResourceGroup: 'PLT12', SlotFrom: 6, SlotTo: 15, Price: 95, Periodo: 'G' },
  { ResourceGroup: 'PLT12', SlotFrom: 16, SlotTo: 30, Price: 80, Periodo: 'G' },
  { ResourceGroup: 'PLT12', SlotFrom: 1, SlotTo: 3, Price: 1500, Periodo: 'M' },
  { ResourceGroup: 'PLT12', SlotFrom: 4, SlotTo: 12, Price: 1300, Periodo: 'M' },
  { ResourceGroup: 'PLT18', SlotFrom: 1, SlotTo: 30, Price: 150, Periodo: 'G' },
];

export const transportBands: TransportPrice[] = [
  { minFrom: 0, minTo: 60, price: 85 },
  { minFrom: 61, minTo: 120, price: 140 },
  { minFrom: 121, minTo: 180, price: 210 },
];

export const durationIncreases: TransportIncreaseDuration[] = [
  { durationFrom: 0, durationTo: 7, coefficient: 1.2 },
  { durationFrom: 8, durationTo: 30, coefficient: 1.1 },
  { durationFrom: 31, durationTo: 3650, coefficient: 1 },
];

export const scoreIncreases: TransportIncreaseScore[] = [
  { scoreFrom: 0, scoreTo: 49, coefficient: 1.15 },
  { scoreFrom: 50, scoreTo: 100, coefficient: 1 },
];

/**
 * Worked example A of the README: 12 days, Base insurance, transport both ways (the return at 50%), two
 * articles with their own discounts, 5% off the total. Its effective discount is 8,31% of the list: within the
 * 10% maximum of this example (with the usual 5% a supervisor approves it).
 */
export function exampleA(): OfferPricingInput {
  return {
    resourceGroup: 'PLT12',
    priceLines: plt12Lines,
    duration: { value: 12, unit: 'G' },
    insurance: { code: 'BASE', name: 'Base', percentage: 8.5 },
    environmental: { option: 'base', percentage: 2 },
    transport: {
      enabled: true,
      outboundPercent: 100,
      returnPercent: 50,
      distance: null,
      typedKm: 42,
      priceBands: transportBands,
      durationIncreases,
      scoreIncreases,
      score: 70,
    },
    articles: {
      articoliMezzo: [
        { description: 'Cestello portapersone', price: 35, selezionato: true, discountPercentage: 10 },
        { description: 'Stabilizzatori extra', price: 50, selezionato: false },
      ],
      articoliAggiuntivi: [{ description: 'Forche pallet', price: 20, selezionato: true, discountAmount: 2 }],
    },
    discount: { percent: 5, maxPercent: 10 },
  };
}
