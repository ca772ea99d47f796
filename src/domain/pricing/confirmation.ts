import type { ConfirmOffer, Insurance } from '../../../generated/entities.ts';
import { eurosToCents, formatEuro } from './money.ts';
import { OFFER_FIGURES, type OfferFigureName, type OfferPricing } from './priceOffer.ts';

export interface FigureMismatch {
  field: keyof ConfirmOffer;
  message: string;
}

const LABELS: Record<(typeof OFFER_FIGURES)[number] | 'assicurazionePrezzo', string> = {
  prezzoNoleggio: 'Il prezzo del noleggio',
  prezzoAssicurazione: "Il prezzo dell'assicurazione",
  assicurazionePrezzo: "Il prezzo dell'assicurazione",
  prezzoOneri: 'Il contributo ambientale',
  prezzoTrasporto: 'Il prezzo del trasporto',
  prezzoVarie: 'Il prezzo degli articoli',
  prezzoTotale: 'Il totale',
  prezzoTotaleScontato: 'Il totale scontato',
};

/**
 * The figures of a confirm-offer payload (or of any figures a client says it showed) that differ from the engine's, to the cent. The server refuses a
 * payload with any; a differing insurance price is the warning of SPEC.md section 5.
 */
export function confirmOfferMismatches(
  payload: Partial<Pick<ConfirmOffer, OfferFigureName | 'assicurazionePrezzo'>>,
  pricing: OfferPricing,
): FigureMismatch[] {
  if (!pricing.cents) return [];
  const expected = { ...pricing.cents, assicurazionePrezzo: pricing.cents.prezzoAssicurazione };
  const fields = [...OFFER_FIGURES, 'assicurazionePrezzo'] as const;
  const mismatches: FigureMismatch[] = [];
  for (const field of fields) {
    const sent = payload[field];
    if (sent === undefined || sent === null) continue;
    if (eurosToCents(sent) !== expected[field])
      mismatches.push({
        field,
        message: `${LABELS[field]} inviato (${formatEuro(eurosToCents(sent))}) è diverso da quello calcolato (${formatEuro(expected[field])})`,
      });
  }
  return mismatches;
}

/** The insurance proposed first: the one marked `defaultInsurance`, else the first by code. */
export function defaultInsurance<T extends Pick<Insurance, 'code' | 'defaultInsurance'>>(
  insurances: readonly T[],
): T | undefined {
  return insurances.find((i) => i.defaultInsurance) ?? [...insurances].sort((a, b) => a.code.localeCompare(b.code))[0];
}
