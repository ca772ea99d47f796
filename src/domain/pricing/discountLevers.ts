import canonicalize from 'canonicalize';
import type { OfferPricingInput } from './priceOffer.ts';

/**
 * Everything in an offer that gives money away: the offer's discount, the transport legs charged, and each
 * selected article's price and own discounts. A supervisor's approval is of these levers exactly (canonical
 * JSON, RFC 8785): any of them changed needs a new approval, while the rest of the offer (dates, notes,
 * insurance…) may change under it.
 */
export function discountLevers(input: Pick<OfferPricingInput, 'discount' | 'transport' | 'articles'>): string {
  const articles = Object.entries(input.articles).flatMap(([list, items]) =>
    items
      .filter((a) => a.selezionato === true)
      .map((a) => ({
        list,
        id: a.id ?? null,
        price: a.price,
        discountPercentage: a.discountPercentage ?? 0,
        discountAmount: a.discountAmount ?? 0,
      })),
  );
  const t = input.transport;
  return (
    canonicalize({
      percent: input.discount.percent ?? 0,
      amount: input.discount.amount ?? 0,
      transport: t.enabled ? [t.outboundPercent, t.returnPercent] : null,
      articles,
    }) ?? ''
  );
}
