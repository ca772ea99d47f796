import type { AppContext } from '../../context.ts';
import type { Issued } from '../../auth/refreshTokens.ts';
import { bumpTokenVersion, type UserRow } from './userRepository.ts';
import { personName } from '../../../domain/personName.ts';

const fullName = (u: UserRow) => personName(u);

export interface SessionOptions {
  /** A refresh just rotated: the session goes on with this refresh token. */
  refreshed?: Issued;
  /** A session of the user that goes on with new tokens (after a password change made in it). */
  session?: string;
  /** The super admin working as this user. */
  impersonator?: UserRow;
}

/**
 * An access token for the user as they are now (roles, token version) and a refresh token, both of
 * one session: a new one at sign-in, the same one through refreshes and a password change.
 */
export async function tokensFor(ctx: AppContext, user: UserRow, options: SessionOptions = {}) {
  const { impersonator } = options;
  const refresh =
    options.refreshed ?? (await ctx.refreshTokens.issue(user.id, impersonator?.id ?? null, options.session));
  const token = await ctx.tokens.sign({
    id: user.id,
    username: user.username,
    name: user.name ?? '',
    surname: user.surname ?? '',
    roles: user.roles ?? [],
    ver: user.tokenVersion,
    sid: refresh.family,
    ...(impersonator
      ? { impersonator: { id: impersonator.id, name: fullName(impersonator), ver: impersonator.tokenVersion } }
      : {}),
  });
  return { token, refresh_token: refresh.token };
}

/**
 * Every open session of a user ends now: the token version moves on (each request checks it, so
 * access and hub tokens already issued stop working at the next call), the refresh tokens are revoked
 * (also those of impersonations the user started), every server process forgets the user's cached
 * state and the hub closes their event streams on every process.
 * Run after a change of password, roles or activity, a deletion, or a forced logout.
 *
 * A user changing their own password keeps the session they did it from (`keep`, it gets new tokens):
 * the others' streams are told and closed, that session's stays open.
 */
export async function endSessions(ctx: AppContext, userId: number, options: { keep?: string } = {}): Promise<void> {
  await bumpTokenVersion(ctx.db, userId);
  await ctx.refreshTokens.revokeUser(userId);
  ctx.userStates.forget(userId);
  await (options.keep === undefined
    ? ctx.hub.forceLogout(userId)
    : ctx.hub.endSessions(userId, { except: options.keep }));
}

/**
 * A logout: the session of this refresh token ends (its family is revoked and recorded as ended), so
 * its access and hub tokens are refused at the next request and its open streams close, on every
 * process. The user's other sessions go on. An unknown token changes nothing.
 */
export async function endSessionOf(ctx: AppContext, refreshToken: string): Promise<void> {
  const ended = await ctx.refreshTokens.revokeFamilyOf(refreshToken);
  if (!ended) return;
  ctx.userStates.forget(ended.userId);
  await ctx.hub.endSessions(ended.userId, { only: ended.family });
}
