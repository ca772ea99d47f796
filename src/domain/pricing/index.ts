export { priceOffer, OFFER_FIGURES } from './priceOffer.ts';
export { OFFER_BUILDER_FIELDS, OFFER_CHOICE_FIELDS, OFFER_SITE_FIELDS } from './offerFields.ts';
export type {
  BreakdownKey,
  BreakdownLine,
  EffectiveDiscount,
  EnvironmentalContribution,
  OfferDiscount,
  OfferFigureName,
  OfferFigures,
  OfferPricing,
  OfferPricingInput,
} from './priceOffer.ts';
export type { PricingError, PricingErrorCode } from './pricingError.ts';
export { APPROVAL_CODES } from './pricingError.ts';
export { discountLevers } from './discountLevers.ts';
export { resolveDuration, formatDuration, DAYS_PER_UNIT, type Duration, type DurationInput } from './duration.ts';
export { priceRental, rerateRental, findSlot, slotLabel, priceListSummary } from './rental.ts';
export { priceTransport, travelMinutes, type TransportInput } from './transport.ts';
export { priceArticles, ARTICLE_MINIMUM_PRICE } from './articles.ts';
export {
  haversineKm,
  straightLineEstimate,
  typedKmEstimate,
  minutesForKm,
  ROAD_FACTOR,
  AVERAGE_SPEED_KMH,
  EARTH_RADIUS_KM,
  type DistanceEstimate,
  type LatLng,
} from './distance.ts';
export { confirmOfferMismatches, defaultInsurance, type FigureMismatch } from './confirmation.ts';
export { offerFingerprint, documentNumber } from './offerFingerprint.ts';
export { formatEuro, formatPercent, eurosToCents, centsToEuros, percentOf, type Cents } from './money.ts';
/** What an offer version freezes: the engine's whole input (every price line and setting it used) … */
export type { OfferPricingInput as OfferInput, OfferPricing as PricedOffer } from './priceOffer.ts';
export { versionChanges, type VersionContent } from './versionChanges.ts';
