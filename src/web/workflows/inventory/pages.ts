import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import type { WorkflowPages } from '../workflow.ts';

const INVENTORY_PAGE = '/inventarioMezzi';
export const INVENTORY_ROUTE = `${INVENTORY_PAGE}/:id?`;
/** The inventories' list, a generated screen. */
export const INVENTORY_LIST = resourceIndex.inventarioMezzi.route;
/** One inventory, counted on a phone. */
export const inventoryPath = (id: number | undefined) => `${INVENTORY_PAGE}/${String(id)}`;

export const inventoryPages: WorkflowPages = {
  name: 'inventory',
  // SPEC.md section 6: an inventory's page is always permitted (the server decides what it shows).
  alwaysPermitted: [`${INVENTORY_PAGE}/`],
  placedUnder: INVENTORY_LIST ? { [`${INVENTORY_PAGE}/`]: INVENTORY_LIST } : {},
};
