import type { Handler } from '../../context.ts';
import { exportHandlers } from './inventoryExport.ts';
import { inventoryHandlers, repoOf } from './inventoryHandlers.ts';
import { itemHandlers } from './itemHandlers.ts';

/** The vehicle inventory (issue 18): branches of the user, inventories, counted items, closing, Excel export. */
export const inventory = {
  handlers: { ...inventoryHandlers, ...itemHandlers, ...exportHandlers } satisfies Record<string, Handler>,
  repository: repoOf,
};
