/** Why an offer cannot be priced (or saved as it is), with the field it belongs next to. */
export type PricingErrorCode =
  | 'NO_PRICE_LINES'
  | 'DURATION_INVALID'
  | 'DURATION_OUTSIDE_SLOTS'
  | 'DISTANCE_MISSING'
  | 'TRANSPORT_BAND_MISSING'
  | 'ARTICLE_PRICE_TOO_LOW'
  | 'ARTICLE_DISCOUNT_TOO_HIGH'
  | 'ARTICLE_UNKNOWN'
  | 'ARTICLE_BELOW_LIST'
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

/** What a supervisor's approval lifts (the figures are still shown): the discount cap, an article under its list price. */
export const APPROVAL_CODES: readonly PricingErrorCode[] = ['DISCOUNT_ABOVE_MAXIMUM', 'ARTICLE_BELOW_LIST'];
