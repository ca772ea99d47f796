import type { ArticoloGruppo } from '../../../generated/entities.ts';
import { formatDuration } from './duration.ts';
import { eurosToCents, formatEuro, formatPercent } from './money.ts';
import { OFFER_FIGURES, type OfferFigureName, type OfferPricing, type OfferPricingInput } from './priceOffer.ts';

/** What a version freezes, as far as its changes are told. */
export interface VersionContent {
  input: OfferPricingInput;
  result: OfferPricing;
}

const FIGURE_LABELS: Record<OfferFigureName, string> = {
  prezzoNoleggio: 'Prezzo noleggio',
  prezzoAssicurazione: 'Prezzo assicurazione',
  prezzoOneri: 'Prezzo contributo ambientale',
  prezzoTrasporto: 'Prezzo trasporto',
  prezzoVarie: 'Prezzo articoli',
  prezzoTotale: 'Totale',
  prezzoTotaleScontato: 'Totale scontato',
};

const euro = (v: number | null | undefined) => formatEuro(eurosToCents(v ?? 0));

function articlesText(articles: OfferPricingInput['articles']): string {
  const chosen = Object.values(articles)
    .flat()
    .filter((a: ArticoloGruppo) => a.selezionato === true)
    .map((a) => {
      const off = [
        a.discountPercentage ? `−${formatPercent(a.discountPercentage)}` : '',
        a.discountAmount ? `−${euro(a.discountAmount)}` : '',
      ].filter(Boolean);
      return `${a.description} ${euro(a.price)}${off.length ? ` ${off.join(' ')}` : ''}`;
    });
  return chosen.length ? chosen.join(', ') : 'nessuno';
}

function transportText(t: OfferPricingInput['transport']): string {
  if (!t.enabled) return 'non richiesto';
  const km = t.typedKm != null ? `, ${t.typedKm} km inseriti a mano` : '';
  return `andata ${formatPercent(t.outboundPercent)}, ritorno ${formatPercent(t.returnPercent)}${km}`;
}

function discountText(d: OfferPricingInput['discount']): string {
  const parts = [d.percent ? formatPercent(d.percent) : '', d.amount ? euro(d.amount) : ''].filter(Boolean);
  return parts.length ? parts.join(' + ') : 'nessuno';
}

/** Each told aspect of a version, in the order a reader checks an offer. */
function aspects(v: VersionContent): [label: string, text: string][] {
  const { input, result } = v;
  const env = input.environmental;
  return [
    ['Gruppo risorse', input.resourceGroup ?? '—'],
    ['Durata', result.duration ? formatDuration(result.duration.value, result.duration.unit) : '—'],
    [
      'Assicurazione',
      input.insurance ? `${input.insurance.name} ${formatPercent(input.insurance.percentage)}` : 'nessuna',
    ],
    [
      'Contributo ambientale',
      env ? `${env.option === 'base' ? 'Base' : 'All inclusive'} ${formatPercent(env.percentage)}` : 'non previsto',
    ],
    ['Trasporto', transportText(input.transport)],
    ['Articoli', articlesText(input.articles)],
    ['Sconto', discountText(input.discount)],
    ...OFFER_FIGURES.map((f): [string, string] => [
      FIGURE_LABELS[f],
      result.figures ? formatEuro(eurosToCents(result.figures[f])) : '—',
    ]),
  ];
}

/**
 * What changed from one sent version to the next, one Italian sentence per aspect ("Durata: 10 giorni →
 * 12 giorni"); nothing for the first version.
 */
export function versionChanges(previous: VersionContent | null, next: VersionContent): string[] {
  if (!previous) return [];
  const before = new Map(aspects(previous));
  return aspects(next)
    .filter(([label, text]) => before.get(label) !== text)
    .map(([label, text]) => `${label}: ${before.get(label) ?? '—'} → ${text}`);
}
