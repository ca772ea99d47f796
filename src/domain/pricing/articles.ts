import type { ArticoloGruppo } from '../../../generated/entities.ts';
import { exact, formatEuro, formatPercent, minus, roundHalfUp, times, eurosToCents, type Cents } from './money.ts';
import { pricingError, type PricingError } from './pricingError.ts';

/** The lowest price of an article (SPEC.md section 5), in euros. */
export const ARTICLE_MINIMUM_PRICE = 1;

export interface ArticleLine {
  field: string;
  description: string;
  cents: Cents;
  /** "35,00 € − 10,00% − 2,00 €" */
  formula: string;
}

/**
 * The selected articles (`selezionato`), each at its price less its own discount percent, then less its
 * own discount amount. Lists are keyed by the offer field that holds them (`articoliMezzo`,
 * `articoliAggiuntivi`, or the negotiation's `articoli`), so each error names its field.
 */
export function priceArticles(lists: Readonly<Record<string, readonly ArticoloGruppo[]>>): {
  lines: ArticleLine[];
  errors: PricingError[];
} {
  const lines: ArticleLine[] = [];
  const errors: PricingError[] = [];
  for (const [listField, articles] of Object.entries(lists)) {
    articles.forEach((article, index) => {
      if (article.selezionato !== true) return;
      const field = `${listField}.${index}`;
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
      const afterPercent = roundHalfUp(
        times(exact(article.price), exact(100), minus(exact(100), exact(percent)), exact(0.01)),
      );
      const cents = afterPercent - amountCents;
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
      const parts = [formatEuro(eurosToCents(article.price))];
      if (percent > 0) parts.push(formatPercent(percent));
      if (amountCents > 0) parts.push(formatEuro(amountCents));
      lines.push({ field, description: article.description, cents, formula: parts.join(' − ') });
    });
  }
  return { lines, errors };
}
