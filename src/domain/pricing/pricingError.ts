/** Why an offer cannot be priced (or saved as it is), with the field it belongs next to. */
export type PricingErrorCode =
  | 'NO_PRICE_LINES'
  | 'DURATION_INVALID'
  | 'DURATION_OUTSIDE_SLOTS'
  | 'DISTANCE_MISSING'
  | 'TRANSPORT_BAND_MISSING'
  | 'ARTICLE_PRICE_TOO_LOW'
  | 'ARTICLE_DISCOUNT_TOO_HIGH'
  | 'DISCOUNT_ABOVE_MAXIMUM'
  | 'DISCOUNT_ABOVE_TOTAL'
  | 'NEGATIVE_VALUE';

export interface PricingError {
  code: PricingErrorCode;
  /** The offer field the message belongs to: `durata`, `listiniOfferta`, `km`, `sconto`, `articoli.2.price`… */
  field: string;
  /** Italian, ready to show. */
  message: string;
}

export function pricingError(code: PricingErrorCode, field: string, message: string): PricingError {
  return { code, field, message };
}
