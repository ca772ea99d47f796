import type { ServerModule } from '../context.ts';
import { LOGIN_ATTEMPT_SQL } from './loginGuard.ts';
import { publicOfferHandlers } from './publicOffer.ts';
import { REFRESH_TABLE_SQL } from './refreshTokens.ts';

/** The tables of sign-in (refresh tokens, ended sessions, login attempts) and the public offer page's token. */
export const authModule: ServerModule = {
  handlers: publicOfferHandlers,
  tables: [...REFRESH_TABLE_SQL, ...LOGIN_ATTEMPT_SQL],
};
