import { lazy } from 'react';
import type { WebWorkflow } from '../workflow.ts';
import { INVENTORY_ROUTE, inventoryPages } from './pages.ts';

export const inventory: WebWorkflow = {
  ...inventoryPages,
  routes: [
    {
      path: INVENTORY_ROUTE,
      page: lazy(() => import('./InventoryPage.tsx').then((mod) => ({ default: mod.InventoryPage }))),
    },
  ],
};
