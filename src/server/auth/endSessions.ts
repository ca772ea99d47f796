import type { AppContext } from '../context.ts';

/**
 * Every open session of a user ends now: the token version moves on (each request checks it, so
 * access tokens already issued stop working at the next call), the refresh tokens are revoked
 * (also those of impersonations the user started) and the hub closes their event streams.
 * Run after a change of password, roles or activity, a deletion, or a forced logout.
 *
 * A user changing their own password keeps the browser they did it from (it gets new tokens): there
 * the hub's forced logout would end that session too, so `push: false` leaves the other sessions to
 * be refused at their next request instead.
 */
export async function endSessions(ctx: AppContext, userId: number, options: { push?: boolean } = {}): Promise<void> {
  await ctx.db.query(`UPDATE "user" SET "tokenVersion" = "tokenVersion" + 1 WHERE id = $1`, [userId]);
  await ctx.refreshTokens.revokeUser(userId);
  ctx.userStates.forget(userId);
  if (options.push !== false) ctx.hub.forceLogout(userId);
}
