import { lazy } from 'react';
import type { WebWorkflow } from '../workflow.ts';
import { CUSTOMER_ROUTE, customersPages } from './pages.ts';

export { customerPath } from './pages.ts';
// Leaflet is heavy: it loads with the map, not with the app.
export const CustomerMap = lazy(() => import('./CustomerMap.tsx'));

export const customers: WebWorkflow = {
  ...customersPages,
  // The form library of the customer page loads with it.
  routes: [
    {
      path: CUSTOMER_ROUTE,
      page: lazy(() => import('./CustomerPage.tsx').then((mod) => ({ default: mod.CustomerPage }))),
    },
  ],
};
