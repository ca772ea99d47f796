import { lazy } from 'react';
import type { WebWorkflow } from '../workflow.ts';
import { registerCustomerAnswerNotices } from './customerAnswerNotices.ts';
import { publicOfferPages } from './pages.ts';
import { publicRoutes } from './publicRoutes.ts';

/** What the customer answered on the public page, shown in the negotiation; loaded with it. */
export const CustomerAnswerPanel = lazy(() =>
  import('./CustomerAnswerPanel.tsx').then((mod) => ({ default: mod.CustomerAnswerPanel })),
);

export const publicOffer: WebWorkflow = {
  ...publicOfferPages,
  publicRoutes,
  extensions: registerCustomerAnswerNotices,
};
