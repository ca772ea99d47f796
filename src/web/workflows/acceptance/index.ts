import { lazy } from 'react';
import type { WebWorkflow } from '../workflow.ts';
import { ACCEPTANCE_PAGE, acceptancePages } from './pages.ts';

/** A registered check-in opens at this page with its id (the search box's machines). */
export { ACCEPTANCE_PAGE } from './pages.ts';

export const acceptance: WebWorkflow = {
  ...acceptancePages,
  // The acceptance wizard brings signature_pad and IndexedDB: they load with it.
  routes: [{ path: `${ACCEPTANCE_PAGE}/:id?`, page: lazy(() => import('./AcceptancePage.tsx')) }],
};
