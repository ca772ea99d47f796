import { registerContactCentre } from './contact-centre/registerContactCentre.tsx';
import { registerNegotiations } from './negotiations/registerNegotiations.ts';
import { registerOffers } from './offers/registerOffers.ts';
import { registerPlannings } from './plannings/registerPlannings.ts';
import { registerCustomerAnswerNotices } from './public-offer/customerAnswerApi.ts';
import { registerUsers } from './users/registerUsers.ts';

/** What each workflow adds to the generic screens of its resources; run once before the first screen. */
export function registerWorkflows(): void {
  registerContactCentre();
  registerPlannings();
  registerNegotiations();
  registerCustomerAnswerNotices();
  registerOffers();
  registerUsers();
}
