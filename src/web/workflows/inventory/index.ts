import { lazy } from 'react';
import type { WebWorkflow } from '../workflow.ts';
import { INVENTORY_ROUTE, inventoryPages } from './pages.ts';

/** One inventory's page, for the links of other workflows (the search box's machines). */
export { inventoryPath } from './pages.ts';

export const inventory: WebWorkflow = {
  ...inventoryPages,
  routes: [
    {
      path: INVENTORY_ROUTE,
      page: lazy(() => import('./InventoryPage.tsx').then((mod) => ({ default: mod.InventoryPage }))),
    },
  ],
};
