import { resourceIndex } from '../../../../generated/resourceIndex.ts';

/** Where the negotiation page puts its offer builder (`#offerta` scrolls to it). */
export const OFFER_ANCHOR = 'offerta';

/** The page of a negotiation's offer, from the negotiation's own definition. */
export async function negotiationOfferPath(negotiationId: number): Promise<string> {
  const def = await resourceIndex.trattativaCp.load();
  return `${def.page ?? ''}/${String(negotiationId)}#${OFFER_ANCHOR}`;
}
