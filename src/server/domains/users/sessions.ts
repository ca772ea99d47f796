import type { AppContext } from '../../context.ts';
import { bumpTokenVersion, type UserRow } from './userRepository.ts';
import { personName } from '../../../domain/personName.ts';

const fullName = (u: UserRow) => personName(u);

/** An access token for the user as they are now (roles, token version) and a refresh token. */
export async function tokensFor(ctx: AppContext, user: UserRow, refreshToken?: string, impersonator?: UserRow) {
  const token = await ctx.tokens.sign({
    id: user.id,
    username: user.username,
    name: user.name ?? '',
    surname: user.surname ?? '',
    roles: user.roles ?? [],
    ver: user.tokenVersion,
    ...(impersonator
      ? { impersonator: { id: impersonator.id, name: fullName(impersonator), ver: impersonator.tokenVersion } }
      : {}),
  });
  return { token, refresh_token: refreshToken ?? (await ctx.refreshTokens.issue(user.id, impersonator?.id ?? null)) };
}

/**
 * Every open session of a user ends now: the token version moves on (each request checks it, so
 * access tokens already issued stop working at the next call), the refresh tokens are revoked
 * (also those of impersonations the user started), every server process forgets the user's cached
 * state and the hub closes their event streams on every process.
 * Run after a change of password, roles or activity, a deletion, or a forced logout.
 *
 * A user changing their own password keeps the browser they did it from (it gets new tokens): there
 * the hub's forced logout would end that session too, so `push: false` leaves the other sessions to
 * be refused at their next request instead.
 */
export async function endSessions(ctx: AppContext, userId: number, options: { push?: boolean } = {}): Promise<void> {
  await bumpTokenVersion(ctx.db, userId);
  await ctx.refreshTokens.revokeUser(userId);
  ctx.userStates.forget(userId);
  await (options.push === false ? ctx.hub.userChanged(userId) : ctx.hub.forceLogout(userId));
}
