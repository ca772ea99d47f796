import type { ArticoloGruppo, ConfirmOffer, Insurance, Offer, PriceListLine } from '../../../generated/entities.ts';
import { priceArticles, type ArticleLine } from './articles.ts';
import { resolveDuration, type Duration, type DurationInput } from './duration.ts';
import { centsToEuros, eurosToCents, formatEuro, formatPercent, percentOf, type Cents } from './money.ts';
import { pricingError, type PricingError } from './pricingError.ts';
import { priceRental } from './rental.ts';
import { priceTransport, type TransportInput } from './transport.ts';

/** The environmental contribution chosen in the offer and the percentage of the rental configured for it. */
export interface EnvironmentalContribution {
  option: NonNullable<Offer['contributoAmbientale']>;
  percentage: number;
}

export interface OfferDiscount {
  /** `sconto` / `scontoPercentuale`, percent of the total. */
  percent?: number | null;
  /** `scontoImporto`, euros off the total. */
  amount?: number | null;
  /** `maxScontoOfferta` of the general settings (5): the most a salesperson may give alone. */
  maxPercent: number;
  /** Who approved a larger discount (a supervisor), recorded by the server. */
  approvedBy?: string | null;
}

export interface OfferPricingInput {
  /** Only the price-list lines of this resource group count, when given. */
  resourceGroup?: string;
  priceLines: readonly PriceListLine[];
  duration: DurationInput;
  insurance: Pick<Insurance, 'code' | 'name' | 'percentage'> | null;
  environmental: EnvironmentalContribution | null;
  transport: TransportInput;
  /** Article lists keyed by their offer field: `{ articoliMezzo, articoliAggiuntivi }` or `{ articoli }`. */
  articles: Readonly<Record<string, readonly ArticoloGruppo[]>>;
  /**
   * The chosen group's articles (`articoliGruppo`) with their list prices: every offered article must be one
   * of them. Absent only in offer versions frozen before the rule (their typed prices then stand as the list).
   */
  articleCatalogue?: readonly ArticoloGruppo[] | null;
  discount: OfferDiscount;
}

export const OFFER_FIGURES = [
  'prezzoNoleggio',
  'prezzoAssicurazione',
  'prezzoOneri',
  'prezzoTrasporto',
  'prezzoVarie',
  'prezzoTotale',
  'prezzoTotaleScontato',
] as const satisfies readonly (keyof ConfirmOffer)[];
export type OfferFigureName = (typeof OFFER_FIGURES)[number];
/** The figures in euros, as the confirm-offer payload carries them. */
export type OfferFigures = Required<Pick<ConfirmOffer, OfferFigureName>>;

export type BreakdownKey =
  | 'noleggio'
  | 'assicurazione'
  | 'oneri'
  | 'distanza'
  | 'trasportoAndata'
  | 'trasportoRitorno'
  | 'articolo'
  | 'varie'
  | 'totale'
  | 'sconto'
  | 'totaleScontato';

/** One line of "Perché questo prezzo". */
export interface BreakdownLine {
  key: BreakdownKey;
  label: string;
  formula: string;
  /** The line's amount; null for a line that only informs (the distance). */
  cents: Cents | null;
  /** "Noleggio: 12 giorni × 95,00 € (fascia 6–15 giorni) = 1140,00 €" */
  text: string;
}

/**
 * What the offer gives away, whatever the lever (the offer's discount, the articles' discounts and prices under
 * their list, transport legs under 100%): the offer at list prices minus the offered total.
 */
export interface EffectiveDiscount {
  /** The same offer at list prices: articles at the group's price without discounts, transport at 100%. */
  listCents: Cents;
  /** List total minus the offered total (`prezzoTotaleScontato`); negative when priced above the list. */
  cents: Cents;
  /** `cents` as a percentage of the list total. */
  percent: number;
  /** `maxScontoOfferta`: above it a supervisor must approve. */
  maxPercent: number;
}

export interface OfferPricing {
  /** Null when an error below stops the price (everything but a discount awaiting approval). */
  figures: OfferFigures | null;
  cents: Record<OfferFigureName, Cents> | null;
  breakdown: BreakdownLine[];
  /** Empty when the offer may be saved as it is. */
  errors: PricingError[];
  /**
   * The effective discount goes beyond `maxPercent`, or an article is priced under its list: a supervisor must
   * approve it.
   */
  approvalRequired: boolean;
  duration: Duration | null;
  /** Null while `figures` are. */
  effectiveDiscount: EffectiveDiscount | null;
}

function line(key: BreakdownKey, label: string, formula: string, cents: Cents | null): BreakdownLine {
  return { key, label, formula, cents, text: `${label}: ${formula}${cents === null ? '' : ` = ${formatEuro(cents)}`}` };
}

/** The whole-offer discount: its amount and formula, refused when it exceeds the total. */
function discountOf(total: Cents, discount: OfferDiscount) {
  const percent = discount.percent ?? 0;
  const cents = percentOf(total, percent) + eurosToCents(discount.amount ?? 0);
  const field = (discount.amount ?? 0) > 0 && percent === 0 ? 'scontoImporto' : 'sconto';
  const errors: PricingError[] = [];
  if (percent > 100 || cents > total)
    errors.push(pricingError('DISCOUNT_ABOVE_TOTAL', field, "Lo sconto supera il totale dell'offerta"));
  const formula =
    [
      percent > 0 ? `${formatPercent(percent)} di ${formatEuro(total)}` : '',
      discount.amount ? formatEuro(eurosToCents(discount.amount)) : '',
    ]
      .filter(Boolean)
      .join(' + ') || 'nessuno';
  return { cents, errors, field, formula };
}

/** The input the cap's message belongs next to: the offer's discount, else the lever that gives most away. */
function leverField(input: OfferPricingInput, discountField: string, articles: readonly ArticleLine[]): string {
  if ((input.discount.percent ?? 0) > 0 || (input.discount.amount ?? 0) > 0) return discountField;
  const t = input.transport;
  if (t.enabled && t.outboundPercent < 100) return 'trasporto';
  if (t.enabled && t.returnPercent < 100) return 'trasportoRitorno';
  return articles.find((a) => a.lever)?.lever ?? discountField;
}

/**
 * The one pricing rule of the cap: the offer at list prices minus the offered total, above `maxPercent` of the
 * list a supervisor's approval is needed (without it, an error on the lever).
 */
function effectiveDiscountOf(
  input: OfferPricingInput,
  listCents: Cents,
  offered: Cents,
  field: string,
): { effective: EffectiveDiscount; overCap: boolean; error: PricingError | null } {
  const cents = listCents - offered;
  const maxPercent = input.discount.maxPercent;
  const effective = { listCents, cents, percent: listCents === 0 ? 0 : (cents / listCents) * 100, maxPercent };
  const overCap = cents > percentOf(listCents, maxPercent);
  const error =
    overCap && !input.discount.approvedBy
      ? pricingError(
          'DISCOUNT_ABOVE_MAXIMUM',
          field,
          `Lo sconto effettivo del ${formatPercent(effective.percent)} (${formatEuro(cents)} su ${formatEuro(listCents)} di listino) supera il massimo consentito del ${formatPercent(maxPercent)}: serve l'approvazione di un supervisore`,
        )
      : null;
  return { effective, overCap, error };
}

/** Percentages, km and discounts below zero would raise or invert a price: each is refused by name. */
function negativeInputs(input: OfferPricingInput): PricingError[] {
  const checks: [number | null | undefined, string, string][] = [
    [input.insurance?.percentage, 'assicurazione', 'Assicurazione'],
    [input.environmental?.percentage, 'contributoAmbientale', 'Contributo ambientale'],
    [input.transport.outboundPercent, 'trasporto', 'Trasporto andata'],
    [input.transport.returnPercent, 'trasportoRitorno', 'Trasporto ritorno'],
    [input.transport.typedKm, 'km', 'Km'],
    [input.discount.percent, 'sconto', 'Sconto %'],
    [input.discount.amount, 'scontoImporto', 'Sconto €'],
  ];
  return checks
    .filter(([value]) => typeof value === 'number' && !(value >= 0))
    .map(([, field, label]) => pricingError('NEGATIVE_VALUE', field, `${label}: il valore non può essere negativo`));
}

/** The one pricing engine: every figure of an offer, its breakdown, and why it cannot be saved if so. */
export function priceOffer(input: OfferPricingInput): OfferPricing {
  const errors: PricingError[] = negativeInputs(input);
  const breakdown: BreakdownLine[] = [];
  if (errors.length)
    return {
      figures: null,
      cents: null,
      breakdown,
      errors,
      approvalRequired: false,
      duration: null,
      effectiveDiscount: null,
    };
  const resolved = resolveDuration(input.duration);
  const duration = 'duration' in resolved ? resolved.duration : null;
  if ('error' in resolved) errors.push(resolved.error);

  let rental: Cents | null = null;
  let insurance: Cents | null = null;
  let charges: Cents | null = null;
  if (duration) {
    const priced = priceRental(input.priceLines, duration, input.resourceGroup);
    if ('error' in priced) errors.push(priced.error);
    else {
      rental = priced.rental.cents;
      breakdown.push(line('noleggio', 'Noleggio', priced.rental.formula, rental));
      const ins = input.insurance;
      insurance = ins ? percentOf(rental, ins.percentage) : 0;
      breakdown.push(
        ins
          ? line(
              'assicurazione',
              `Assicurazione ${ins.name}`,
              `${formatPercent(ins.percentage)} di ${formatEuro(rental)}`,
              insurance,
            )
          : line('assicurazione', 'Assicurazione', 'nessuna', 0),
      );
      const env = input.environmental;
      charges = env ? percentOf(rental, env.percentage) : 0;
      breakdown.push(
        env
          ? line(
              'oneri',
              `Contributo ambientale (${env.option === 'base' ? 'Base' : 'All inclusive'})`,
              `${formatPercent(env.percentage)} di ${formatEuro(rental)}`,
              charges,
            )
          : line('oneri', 'Contributo ambientale', 'non previsto', 0),
      );
    }
  }

  let transport: Cents | null = null;
  let transportAtList: Cents = 0;
  if (duration) {
    const priced = priceTransport(input.transport, duration);
    if ('error' in priced) errors.push(priced.error);
    else {
      const t = priced.transport;
      if (t.distanceText) breakdown.push(line('distanza', 'Distanza', t.distanceText, null));
      breakdown.push(line('trasportoAndata', 'Trasporto andata', t.outbound.formula, t.outbound.cents));
      breakdown.push(line('trasportoRitorno', 'Trasporto ritorno', t.return.formula, t.return.cents));
      transport = t.outbound.cents + t.return.cents;
      // Both legs charged in full: a leg under 100% is a discount like any other.
      const full = priceTransport({ ...input.transport, outboundPercent: 100, returnPercent: 100 }, duration);
      transportAtList = 'transport' in full ? full.transport.outbound.cents + full.transport.return.cents : transport;
    }
  }

  const articles = priceArticles(input.articles, input.articleCatalogue);
  errors.push(...articles.errors);
  for (const a of articles.lines) breakdown.push(line('articolo', a.description, a.formula, a.cents));
  const sundries = articles.lines.reduce((sum, a) => sum + a.cents, 0);
  breakdown.push(line('varie', 'Varie', articles.lines.length ? 'somma degli articoli' : 'nessun articolo', sundries));

  if (errors.length || rental === null || insurance === null || charges === null || transport === null)
    return {
      figures: null,
      cents: null,
      breakdown,
      errors,
      approvalRequired: false,
      duration,
      effectiveDiscount: null,
    };

  const parts = [rental, insurance, charges, transport, sundries];
  const total = parts.reduce((a, b) => a + b, 0);
  breakdown.push(line('totale', 'Totale', parts.map(formatEuro).join(' + '), total));
  const discount = discountOf(total, input.discount);
  errors.push(...discount.errors);
  const discounted = Math.max(0, total - discount.cents);
  const listCents =
    rental + insurance + charges + transportAtList + articles.lines.reduce((sum, a) => sum + a.listCents, 0);
  const cap = effectiveDiscountOf(input, listCents, discounted, leverField(input, discount.field, articles.lines));
  const approvalRequired = cap.overCap || articles.belowList.length > 0;
  const aboveTotal = discount.errors.length > 0;
  if (!input.discount.approvedBy && !aboveTotal) errors.push(...(cap.error ? [cap.error] : []), ...articles.belowList);
  // Who approved is for staff (beside the builder, in the versions): the breakdown is also the customer's page and PDF.
  breakdown.push(line('sconto', 'Sconto', discount.formula, discount.cents));
  breakdown.push(
    line('totaleScontato', 'Totale scontato', `${formatEuro(total)} − ${formatEuro(discount.cents)}`, discounted),
  );
  if (aboveTotal)
    return { figures: null, cents: null, breakdown, errors, approvalRequired, duration, effectiveDiscount: null };

  const cents: Record<OfferFigureName, Cents> = {
    prezzoNoleggio: rental,
    prezzoAssicurazione: insurance,
    prezzoOneri: charges,
    prezzoTrasporto: transport,
    prezzoVarie: sundries,
    prezzoTotale: total,
    prezzoTotaleScontato: discounted,
  };
  const figures: OfferFigures = {
    prezzoNoleggio: centsToEuros(rental),
    prezzoAssicurazione: centsToEuros(insurance),
    prezzoOneri: centsToEuros(charges),
    prezzoTrasporto: centsToEuros(transport),
    prezzoVarie: centsToEuros(sundries),
    prezzoTotale: centsToEuros(total),
    prezzoTotaleScontato: centsToEuros(discounted),
  };
  return { figures, cents, breakdown, errors, approvalRequired, duration, effectiveDiscount: cap.effective };
}
