import type { ServerModule } from '../../context.ts';
import { exportHandlers } from './inventoryExport.ts';
import { inventoryHandlers } from './inventoryHandlers.ts';
import { itemHandlers } from './itemHandlers.ts';
import { moveHandlers } from './moveHandlers.ts';

/** The vehicle inventory (issue 18): branches of the user, inventories, counted items, closing, moves between branches, Excel export. */
export const inventoryModule: ServerModule = {
  handlers: { ...inventoryHandlers, ...itemHandlers, ...moveHandlers, ...exportHandlers },
};
