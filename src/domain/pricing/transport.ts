import type { TransportIncreaseDuration, TransportIncreaseScore, TransportPrice } from '../../../generated/entities.ts';
import { AVERAGE_SPEED_KMH, ROAD_FACTOR, typedKmEstimate, type DistanceEstimate } from './distance.ts';
import { DAYS_PER_UNIT, formatDuration, type Duration } from './duration.ts';
import { eurosToCents, formatDecimal, formatEuro, formatPercent, roundedProduct, type Cents } from './money.ts';
import { pricingError, type PricingError } from './pricingError.ts';
import { displayFormats } from '../displayFormats.ts';

export interface TransportInput {
  /** `trasportoAbilitato`: without it both legs cost nothing. */
  enabled: boolean;
  /** `trasporto`: share of the outbound leg charged, percent (default 100). */
  outboundPercent: number;
  /** `trasportoRitorno`: share of the return leg charged, percent (default 100). */
  returnPercent: number;
  /** Branch → site from the distance provider (routing service or straight-line estimate), if any. */
  distance: DistanceEstimate | null;
  /** Km typed by the user: they win over the provider, the minutes follow at the average speed. */
  typedKm?: number | null;
  priceBands: readonly TransportPrice[];
  durationIncreases: readonly TransportIncreaseDuration[];
  scoreIncreases: readonly TransportIncreaseScore[];
  /** The negotiation's customer score (0–100), if known. */
  score: number | null;
}

export interface TransportLeg {
  cents: Cents;
  formula: string;
}

export interface TransportPriceResult {
  outbound: TransportLeg;
  return: TransportLeg;
  /** "42,3 km dalla filiale al cantiere, 51 minuti di viaggio (…)"; absent when transport is not requested. */
  distanceText?: string;
}

/** Whole travel minutes used to pick the band: a started minute counts. */
export function travelMinutes(distance: DistanceEstimate): number {
  return Math.ceil(distance.minutes - 1e-9);
}

// The customer reads this line too (public page, PDF): where the km come from is the salesperson's business,
// what they mean is the customer's.
function distanceText(distance: DistanceEstimate, minutes: number): string {
  const how = {
    routing: 'su strada',
    'straight-line': `stimati in linea d'aria × ${formatDecimal(ROAD_FACTOR)}, a ${AVERAGE_SPEED_KMH} km/h di media`,
    typed: `a ${AVERAGE_SPEED_KMH} km/h di media`,
  }[distance.source];
  return `${displayFormats.distance(distance.km)} dalla filiale al cantiere, ${minutes} minuti di viaggio (${how})`;
}

function coefficientFor<T>(bands: readonly T[], value: number, from: (b: T) => number, to: (b: T) => number) {
  return bands.find((b) => from(b) <= value && value <= to(b));
}

/**
 * Each leg = band price for the travel minutes × duration coefficient × score coefficient × leg percent,
 * rounded once. A duration or score that no increase band covers has coefficient 1 (no increase).
 */
export function priceTransport(
  input: TransportInput,
  duration: Duration,
): { transport: TransportPriceResult } | { error: PricingError } {
  if (!input.enabled) {
    const off = { cents: 0, formula: 'non richiesto' };
    return { transport: { outbound: off, return: off } };
  }
  const distance = input.typedKm != null ? typedKmEstimate(input.typedKm) : input.distance;
  if (!distance)
    return {
      error: pricingError(
        'DISTANCE_MISSING',
        'km',
        'Il cantiere non ha una distanza dalla filiale: indicare la posizione del cantiere o inserire i km',
      ),
    };
  const minutes = travelMinutes(distance);
  const band = coefficientFor(
    input.priceBands,
    minutes,
    (b) => b.minFrom,
    (b) => b.minTo,
  );
  if (!band)
    return {
      error: pricingError(
        'TRANSPORT_BAND_MISSING',
        'km',
        `Nessuna fascia dei prezzi di trasporto comprende ${minutes} minuti di viaggio`,
      ),
    };
  const days = duration.value * DAYS_PER_UNIT[duration.unit];
  const byDuration = coefficientFor(
    input.durationIncreases,
    days,
    (b) => b.durationFrom,
    (b) => b.durationTo,
  );
  const byScore =
    input.score == null
      ? undefined
      : coefficientFor(
          input.scoreIncreases,
          input.score,
          (b) => b.scoreFrom,
          (b) => b.scoreTo,
        );
  const durationCoefficient = byDuration?.coefficient ?? 1;
  const scoreCoefficient = byScore?.coefficient ?? 1;
  const durationWords =
    duration.unit === 'G'
      ? formatDuration(days, 'G')
      : `${formatDuration(duration.value, duration.unit)} = ${days} giorni`;
  const factors =
    `${formatEuro(eurosToCents(band.price))} (fascia ${band.minFrom}–${band.minTo} minuti)` +
    ` × ${formatDecimal(durationCoefficient)} (durata ${durationWords}${byDuration ? '' : ', nessuna maggiorazione'})` +
    // Without a score there is no score factor to explain (its coefficient is 1).
    (input.score == null
      ? ''
      : ` × ${formatDecimal(scoreCoefficient)} (punteggio ${input.score}${byScore ? '' : ', nessuna maggiorazione'})`);
  const leg = (percent: number): TransportLeg => ({
    cents: roundedProduct(band.price, 100, durationCoefficient, scoreCoefficient, percent, 0.01),
    formula: `${factors} × ${formatPercent(percent)}`,
  });
  return {
    transport: {
      outbound: leg(input.outboundPercent),
      return: leg(input.returnPercent),
      distanceText: distanceText(distance, minutes),
    },
  };
}
