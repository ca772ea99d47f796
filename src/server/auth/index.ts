import type { ServerModule } from '../context.ts';
import { publicOfferHandlers } from './publicOffer.ts';

/** The public offer page's token (the tables of sign-in are in migrations/). */
export const authModule: ServerModule = {
  handlers: publicOfferHandlers,
};
