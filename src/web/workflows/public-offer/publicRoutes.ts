import { lazy } from 'react';
import type { WorkflowRoute } from '../workflow.ts';
import { PUBLIC_OFFER_ROUTE } from './pages.ts';

/**
 * The customer's offer page: no session, no back office; it loads alone, with signature_pad. The entry (main.tsx)
 * reads this piece of the door only, so that the login route carries none of the workflows' code.
 */
export const publicRoutes: readonly WorkflowRoute[] = [
  { path: PUBLIC_OFFER_ROUTE, page: lazy(() => import('./PublicOfferPage.tsx')) },
];
