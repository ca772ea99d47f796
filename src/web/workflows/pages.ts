import { acceptancePages } from './acceptance/pages.ts';
import { contactCentrePages } from './contact-centre/pages.ts';
import { customersPages } from './customers/pages.ts';
import { inventoryPages } from './inventory/pages.ts';
import { negotiationsPages } from './negotiations/pages.ts';
import { planningsPages } from './plannings/pages.ts';
import { publicOfferPages } from './public-offer/pages.ts';
import type { WorkflowPages } from './workflow.ts';

/**
 * The pages of every workflow with pages, without their code: the drawer and the guard (also of a list's first
 * frame, before the app loads) and the browser tests read them here. Each workflow's door (index.ts) adds its
 * code to the same object; `workflows/index.ts` lists the doors, and checks that it lists these.
 */
export const WORKFLOW_PAGES = [
  planningsPages,
  customersPages,
  negotiationsPages,
  acceptancePages,
  inventoryPages,
  contactCentrePages,
  publicOfferPages,
] as const satisfies readonly WorkflowPages[];
