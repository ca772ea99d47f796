import { lazy } from 'react';
import { OFFER_BUILDER_FIELDS } from '../../../domain/pricing/offerFields.ts';
import type { WebWorkflow } from '../workflow.ts';
import { registerOffers } from './registerOffers.ts';

/**
 * The negotiation fields the builder edits, and the insurance's price it shows: on a saved negotiation its form
 * leaves them to the builder, so that one figure has one editor.
 */
export const OFFER_FIELDS = [...OFFER_BUILDER_FIELDS, 'assicurazionePrezzo'] as const;

/** A negotiation's offer: the builder, its versions; loaded with the negotiation page that shows it. */
export const NegotiationOffer = lazy(() =>
  import('./NegotiationOffer.tsx').then((mod) => ({ default: mod.NegotiationOffer })),
);

export const offers: WebWorkflow = { name: 'offers', extensions: registerOffers };
