import type { ArticoloGruppo, ConfirmOffer, Insurance, Offer, PriceListLine } from '../../../generated/entities.ts';
import { priceArticles } from './articles.ts';
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

export interface OfferPricing {
  /** Null when an error below stops the price (everything but a discount awaiting approval). */
  figures: OfferFigures | null;
  cents: Record<OfferFigureName, Cents> | null;
  breakdown: BreakdownLine[];
  /** Empty when the offer may be saved as it is. */
  errors: PricingError[];
  /** The whole-offer discount goes beyond `maxPercent`: a supervisor must approve it. */
  approvalRequired: boolean;
  duration: Duration | null;
}

function line(key: BreakdownKey, label: string, formula: string, cents: Cents | null): BreakdownLine {
  return { key, label, formula, cents, text: `${label}: ${formula}${cents === null ? '' : ` = ${formatEuro(cents)}`}` };
}

function discountOf(total: Cents, discount: OfferDiscount) {
  const percent = discount.percent ?? 0;
  const cents = percentOf(total, percent) + eurosToCents(discount.amount ?? 0);
  const field = (discount.amount ?? 0) > 0 && percent === 0 ? 'scontoImporto' : 'sconto';
  const effective = total === 0 ? 0 : (cents / total) * 100;
  const approvalRequired = cents > percentOf(total, discount.maxPercent);
  const errors: PricingError[] = [];
  if (percent > 100 || cents > total)
    errors.push(pricingError('DISCOUNT_ABOVE_TOTAL', field, "Lo sconto supera il totale dell'offerta"));
  else if (approvalRequired && !discount.approvedBy)
    errors.push(
      pricingError(
        'DISCOUNT_ABOVE_MAXIMUM',
        field,
        `Lo sconto del ${formatPercent(effective)} supera il massimo consentito del ${formatPercent(discount.maxPercent)}: serve l'approvazione di un supervisore`,
      ),
    );
  const parts = [
    percent > 0 ? `${formatPercent(percent)} di ${formatEuro(total)}` : '',
    discount.amount ? formatEuro(eurosToCents(discount.amount)) : '',
  ]
    .filter(Boolean)
    .join(' + ');
  const approved = approvalRequired && discount.approvedBy ? ` (approvato da ${discount.approvedBy})` : '';
  return { cents, errors, approvalRequired, formula: (parts || 'nessuno') + approved };
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
  if (errors.length) return { figures: null, cents: null, breakdown, errors, approvalRequired: false, duration: null };
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
  if (duration) {
    const priced = priceTransport(input.transport, duration);
    if ('error' in priced) errors.push(priced.error);
    else {
      const t = priced.transport;
      if (t.distanceText) breakdown.push(line('distanza', 'Distanza', t.distanceText, null));
      breakdown.push(line('trasportoAndata', 'Trasporto andata', t.outbound.formula, t.outbound.cents));
      breakdown.push(line('trasportoRitorno', 'Trasporto ritorno', t.return.formula, t.return.cents));
      transport = t.outbound.cents + t.return.cents;
    }
  }

  const articles = priceArticles(input.articles);
  errors.push(...articles.errors);
  for (const a of articles.lines) breakdown.push(line('articolo', a.description, a.formula, a.cents));
  const sundries = articles.lines.reduce((sum, a) => sum + a.cents, 0);
  breakdown.push(line('varie', 'Varie', articles.lines.length ? 'somma degli articoli' : 'nessun articolo', sundries));

  if (errors.length || rental === null || insurance === null || charges === null || transport === null)
    return { figures: null, cents: null, breakdown, errors, approvalRequired: false, duration };

  const parts = [rental, insurance, charges, transport, sundries];
  const total = parts.reduce((a, b) => a + b, 0);
  breakdown.push(line('totale', 'Totale', parts.map(formatEuro).join(' + '), total));
  const discount = discountOf(total, input.discount);
  errors.push(...discount.errors);
  breakdown.push(line('sconto', 'Sconto', discount.formula, discount.cents));
  const discounted = Math.max(0, total - discount.cents);
  breakdown.push(
    line('totaleScontato', 'Totale scontato', `${formatEuro(total)} − ${formatEuro(discount.cents)}`, discounted),
  );
  if (errors.some((e) => e.code === 'DISCOUNT_ABOVE_TOTAL'))
    return { figures: null, cents: null, breakdown, errors, approvalRequired: discount.approvalRequired, duration };

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
  return { figures, cents, breakdown, errors, approvalRequired: discount.approvalRequired, duration };
}
