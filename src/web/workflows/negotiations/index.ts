import { lazy } from 'react';
import type { WebWorkflow } from '../workflow.ts';
import { MyNegotiationsCard } from './MyNegotiationsCard.tsx';
import { NEGOTIATION_CALENDAR, NEGOTIATION_ROUTE, negotiationsPages } from './pages.ts';
import { registerNegotiations } from './registerNegotiations.ts';

/** One negotiation's page, for the links of other workflows (the search box). */
export { negotiationPath } from './pages.ts';

export const negotiations: WebWorkflow = {
  ...negotiationsPages,
  routes: [
    {
      path: NEGOTIATION_ROUTE,
      page: lazy(() => import('./NegotiationPage.tsx').then((mod) => ({ default: mod.NegotiationPage }))),
    },
    {
      path: NEGOTIATION_CALENDAR,
      page: lazy(() => import('./NegotiationCalendar.tsx').then((mod) => ({ default: mod.NegotiationCalendar }))),
    },
  ],
  extensions: registerNegotiations,
  cards: { myNegotiations: MyNegotiationsCard },
};
