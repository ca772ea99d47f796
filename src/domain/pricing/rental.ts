import type { PriceListLine, TrattativaCpPriceList } from '../../../generated/entities.ts';
import { formatDuration, formatSlot, unitPlural, type Duration } from './duration.ts';
import { eurosToCents, formatEuro, type Cents } from './money.ts';
import { pricingError, type PricingError } from './pricingError.ts';

export interface RentalPrice {
  cents: Cents;
  /** The price-list line whose slot contains the duration. */
  line: PriceListLine;
  /** "12 giorni × 95,00 € (fascia 6–15 giorni)" */
  formula: string;
}

/** "6–15 giorni" for a price-list line. */
export function slotLabel(line: PriceListLine): string {
  return formatSlot(line.SlotFrom, line.SlotTo, line.Periodo);
}

/**
 * The line of one resource group's price list that prices a duration: same unit (`Periodo`), `SlotFrom` ≤ duration ≤ `SlotTo`.
 * Overlapping slots are a price-list mistake; the one starting first wins, so the choice is stable.
 */
export function findSlot(lines: readonly PriceListLine[], duration: Duration): PriceListLine | undefined {
  return lines
    .filter((l) => l.Periodo === duration.unit && l.SlotFrom <= duration.value && duration.value <= l.SlotTo)
    .sort((a, b) => a.SlotFrom - b.SlotFrom || a.SlotTo - b.SlotTo)[0];
}

function noLines(resourceGroup: string | undefined): PricingError {
  return pricingError(
    'NO_PRICE_LINES',
    'listiniOfferta',
    resourceGroup
      ? `Il gruppo risorse ${resourceGroup} non ha righe di listino: impossibile calcolare il noleggio`
      : 'Non ci sono righe di listino: impossibile calcolare il noleggio',
  );
}

function outsideSlots(lines: readonly PriceListLine[], duration: Duration): PricingError {
  const sameUnit = lines.filter((l) => l.Periodo === duration.unit).sort((a, b) => a.SlotFrom - b.SlotFrom);
  const available = sameUnit.length
    ? `fasce disponibili: ${sameUnit.map(slotLabel).join(', ')}`
    : `il listino non ha fasce in ${unitPlural(duration.unit)}`;
  return pricingError(
    'DURATION_OUTSIDE_SLOTS',
    'durata',
    `La durata di ${formatDuration(duration.value, duration.unit)} non rientra in nessuna fascia del listino (${available})`,
  );
}

/** Rental = duration × the rate of the slot that contains it, rounded once. */
export function priceRental(
  lines: readonly PriceListLine[],
  duration: Duration,
  resourceGroup?: string,
): { rental: RentalPrice } | { error: PricingError } {
  const ofGroup = resourceGroup ? lines.filter((l) => l.ResourceGroup === resourceGroup) : lines;
  if (ofGroup.length === 0) return { error: noLines(resourceGroup) };
  const line = findSlot(ofGroup, duration);
  if (!line) return { error: outsideSlots(ofGroup, duration) };
  return {
    rental: {
      cents: eurosToCents(line.Price, duration.value),
      line,
      formula: `${formatDuration(duration.value, duration.unit)} × ${formatEuro(eurosToCents(line.Price))} (fascia ${slotLabel(line)})`,
    },
  };
}

/**
 * Re-rating (SPEC.md section 9): a rental that ends earlier than quoted is priced again with the rate of
 * the slot that contains the actual duration (a shorter slot, usually a higher rate). A rental as long
 * as quoted or longer keeps the quoted rate for every unit: an extension is not a discount.
 */
export function rerateRental(
  lines: readonly PriceListLine[],
  quoted: Duration,
  actual: Duration,
  resourceGroup?: string,
): { rental: RentalPrice; rerated: boolean } | { error: PricingError } {
  const quotedPrice = priceRental(lines, quoted, resourceGroup);
  if ('error' in quotedPrice) return quotedPrice;
  if (actual.unit === quoted.unit && actual.value >= quoted.value) {
    const { line } = quotedPrice.rental;
    return {
      rerated: false,
      rental: {
        cents: eurosToCents(line.Price, actual.value),
        line,
        formula: `${formatDuration(actual.value, actual.unit)} × ${formatEuro(eurosToCents(line.Price))} (tariffa quotata, fascia ${slotLabel(line)})`,
      },
    };
  }
  const actualPrice = priceRental(lines, actual, resourceGroup);
  if ('error' in actualPrice) return actualPrice;
  return {
    rerated: true,
    rental: {
      ...actualPrice.rental,
      formula: `${actualPrice.rental.formula}, ricalcolato perché più breve dei ${formatDuration(quoted.value, quoted.unit)} quotati`,
    },
  };
}

/** The price list as the negotiation stores it (`trattativaCpPriceLists`): "1–5 giorni", PLT12, 95. */
export function priceListSummary(lines: readonly PriceListLine[]): TrattativaCpPriceList[] {
  return [...lines]
    .sort((a, b) => a.Periodo.localeCompare(b.Periodo) || a.SlotFrom - b.SlotFrom)
    .map((l) => ({ period: slotLabel(l), resourceGroup: l.ResourceGroup, price: l.Price }));
}
