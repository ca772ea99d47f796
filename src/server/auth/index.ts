import type { ServerModule } from '../context.ts';
import { authHandlers } from './authHandlers.ts';
import { LOGIN_ATTEMPT_SQL } from './loginGuard.ts';
import { PUBLIC_OFFER_SQL, publicOfferHandlers } from './publicOffer.ts';
import { REFRESH_TABLE_SQL } from './refreshTokens.ts';

/** Sign-in (password, Microsoft, refresh, impersonation) and the public offer page's token. */
export const authModule: ServerModule = {
  handlers: { ...authHandlers, ...publicOfferHandlers },
  tables: [...REFRESH_TABLE_SQL, ...PUBLIC_OFFER_SQL, ...LOGIN_ATTEMPT_SQL],
};
