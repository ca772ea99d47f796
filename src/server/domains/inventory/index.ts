import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import type { ServerModule } from '../../context.ts';
import type { Queryable } from '../../db/Db.ts';
import { exportHandlers } from './inventoryExport.ts';
import { inventoryHandlers } from './inventoryHandlers.ts';
import { itemHandlers } from './itemHandlers.ts';
import { inventoryRepository } from './inventoryRepository.ts';
import { branchScope } from './inventoryRules.ts';
import { moveHandlers } from './moveHandlers.ts';

/** The vehicle inventory (issue 18): branches of the user, inventories, counted items, closing, moves between branches, Excel export. */
export const inventoryModule: ServerModule = {
  handlers: { ...inventoryHandlers, ...itemHandlers, ...moveHandlers, ...exportHandlers },
};

/** The inventory branches whose records a user may see (null: every branch), for other workflows' lists. */
export const inventoryBranchScope = (db: Queryable, user: StaffClaims) => branchScope(inventoryRepository(db), user);
