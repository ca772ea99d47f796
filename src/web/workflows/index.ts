import { acceptance } from './acceptance/index.ts';
import { contactCentre } from './contact-centre/index.ts';
import { customers } from './customers/index.ts';
import { inventory } from './inventory/index.ts';
import { negotiations } from './negotiations/index.ts';
import { offers } from './offers/index.ts';
import { plannings } from './plannings/index.ts';
import { publicOffer } from './public-offer/index.ts';
import { search } from './search/index.ts';
import { users } from './users/index.ts';
import type { WebWorkflow } from './workflow.ts';

/**
 * Every workflow of the app, by its door: the router, the home page and the generic screens' extensions read
 * them here. A workflow with pages is also in WORKFLOW_PAGES (pages.ts), for code that must stay light;
 * tests/system/layering.test.ts checks that both list every workflow.
 */
export const WORKFLOWS = [
  plannings,
  customers,
  negotiations,
  acceptance,
  inventory,
  contactCentre,
  publicOffer,
  offers,
  users,
  search,
] as const satisfies readonly WebWorkflow[];

/** What each workflow adds to the generic screens of its resources; run once before the first screen. */
export function registerWorkflows(): void {
  for (const w of WORKFLOWS) w.extensions?.();
}
