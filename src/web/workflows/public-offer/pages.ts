import type { WorkflowPages } from '../workflow.ts';

const PUBLIC_OFFER_PAGE = '/trattativeCp/offers';
export const PUBLIC_OFFER_ROUTE = `${PUBLIC_OFFER_PAGE}/:code`;
/** The customer's page of an offer, reached by its document token. */
export const publicOfferPath = (documentToken: string) => `${PUBLIC_OFFER_PAGE}/${encodeURIComponent(documentToken)}`;

export const publicOfferPages: WorkflowPages = {
  name: 'public-offer',
  publicPages: [PUBLIC_OFFER_ROUTE],
  alwaysPermitted: [`${PUBLIC_OFFER_PAGE}/`],
};
