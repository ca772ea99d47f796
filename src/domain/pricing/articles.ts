import type { ArticoloGruppo } from '../../../generated/entities.ts';
import { exact, formatEuro, formatPercent, minus, roundHalfUp, times, eurosToCents, type Cents } from './money.ts';
import { pricingError, type PricingError } from './pricingError.ts';

/** The lowest price of an article (SPEC.md section 5), in euros. */
export const ARTICLE_MINIMUM_PRICE = 1;

export interface ArticleLine {
  field: string;
  description: string;
  cents: Cents;
  /** The article at its list price, without its discounts: what the effective discount is measured from. */
  listCents: Cents;
  /** The input that gives money away on this line (its price under the list, its own discount), if any. */
  lever?: string;
  /** "35,00 € − 10,00% − 2,00 €" */
  formula: string;
}

const lineCents = (price: number, percent: number, amountCents: Cents) =>
  roundHalfUp(times(exact(price), exact(100), minus(exact(100), exact(percent)), exact(0.01))) - amountCents;

/**
 * The selected articles (`selezionato`), each at its price less its own discount percent, then less its
 * own discount amount. Lists are keyed by the offer field that holds them (`articoliMezzo`,
 * `articoliAggiuntivi`, or the negotiation's `articoli`), so each error names its field.
 *
 * With the chosen group's articles (`catalogue`, its `articoliGruppo`), every article must be one of them (by
 * id) and its list price is the group's; a price below it needs a supervisor's approval (`belowList`). Without
 * a catalogue (an offer version frozen before the rule) the typed price stands as the list price.
 */
export function priceArticles(
  lists: Readonly<Record<string, readonly ArticoloGruppo[]>>,
  catalogue?: readonly ArticoloGruppo[] | null,
): {
  lines: ArticleLine[];
  errors: PricingError[];
  /** Prices under the list: they need a supervisor's approval (the caller decides whether it was given). */
  belowList: PricingError[];
} {
  const lines: ArticleLine[] = [];
  const errors: PricingError[] = [];
  const belowList: PricingError[] = [];
  const listed = new Map((catalogue ?? []).map((a) => [a.id, a]));
  for (const [listField, articles] of Object.entries(lists)) {
    articles.forEach((article, index) => {
      const field = `${listField}.${index}`;
      const known = catalogue ? listed.get(article.id) : article;
      if (!known) {
        errors.push(
          pricingError(
            'ARTICLE_UNKNOWN',
            field,
            `L'articolo «${article.description}» non è tra le attrezzature del gruppo risorse scelto`,
          ),
        );
        return;
      }
      if (article.selezionato !== true) return;
      if (!(article.price >= ARTICLE_MINIMUM_PRICE)) {
        errors.push(
          pricingError(
            'ARTICLE_PRICE_TOO_LOW',
            `${field}.price`,
            `Il prezzo dell'articolo «${article.description}» deve essere almeno ${formatEuro(eurosToCents(ARTICLE_MINIMUM_PRICE))}`,
          ),
        );
        return;
      }
      const percent = article.discountPercentage ?? 0;
      if (!(percent >= 0) || !((article.discountAmount ?? 0) >= 0)) {
        errors.push(
          pricingError(
            'NEGATIVE_VALUE',
            `${field}.${percent >= 0 ? 'discountAmount' : 'discountPercentage'}`,
            `Sconto dell'articolo «${article.description}»: il valore non può essere negativo`,
          ),
        );
        return;
      }
      const amountCents = eurosToCents(article.discountAmount ?? 0);
      const cents = lineCents(article.price, percent, amountCents);
      if (percent > 100 || cents < 0) {
        errors.push(
          pricingError(
            'ARTICLE_DISCOUNT_TOO_HIGH',
            `${field}.${percent > 100 ? 'discountPercentage' : 'discountAmount'}`,
            `Lo sconto dell'articolo «${article.description}» supera il suo prezzo di ${formatEuro(eurosToCents(article.price))}`,
          ),
        );
        return;
      }
      const listCents = eurosToCents(known.price);
      if (eurosToCents(article.price) < listCents)
        belowList.push(
          pricingError(
            'ARTICLE_BELOW_LIST',
            `${field}.price`,
            `Il prezzo dell'articolo «${article.description}» (${formatEuro(eurosToCents(article.price))}) è sotto il listino (${formatEuro(listCents)}): serve l'approvazione di un supervisore`,
          ),
        );
      const parts = [formatEuro(eurosToCents(article.price))];
      if (percent > 0) parts.push(formatPercent(percent));
      if (amountCents > 0) parts.push(formatEuro(amountCents));
      const lever =
        eurosToCents(article.price) < listCents
          ? 'price'
          : percent > 0
            ? 'discountPercentage'
            : amountCents > 0
              ? 'discountAmount'
              : undefined;
      lines.push({
        field,
        description: article.description,
        cents,
        listCents,
        formula: parts.join(' − '),
        ...(lever ? { lever: `${field}.${lever}` } : {}),
      });
    });
  }
  return { lines, errors, belowList };
}
