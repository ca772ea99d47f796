import type { FastifyRequest } from 'fastify';
import { isAllowed, type Access } from '../../domain/accessRules.ts';
import type { AppContext } from '../context.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import { checkPublicOffer } from './publicOffer.ts';
import type { PublicOfferClaims, StaffClaims } from '../../domain/tokenClaims.ts';
import type { SessionState } from './userStates.ts';

export interface Caller {
  user: StaffClaims | null;
  publicOffer: PublicOfferClaims | null;
}

const bearer = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

type StateRead = { state: SessionState | null } | undefined;

/**
 * A staff session as it is now: the user still active, the token of the current version (also the
 * impersonator's), its session not ended by a logout.
 */
function checkStaff(claims: StaffClaims, user: StateRead, behind: StateRead): StaffClaims {
  const state = user?.state;
  if (!state?.active) throw new HttpError(423, MESSAGES.inactive);
  if (state.tokenVersion !== claims.ver || state.endedSessions.has(claims.sid))
    throw new HttpError(401, MESSAGES.sessionEnded);
  if (claims.impersonator) {
    const by = behind?.state;
    if (!by?.active || !by.superAdmin || by.tokenVersion !== claims.impersonator.ver)
      throw new HttpError(401, MESSAGES.sessionEnded);
  }
  return claims;
}

async function staffCaller(ctx: AppContext, token: string): Promise<StaffClaims> {
  const claims = await ctx.tokens.verify(token);
  const read = async (id: number) => ({ state: await ctx.userStates.get(id) });
  return checkStaff(claims, await read(claims.id), claims.impersonator && (await read(claims.impersonator.id)));
}

/** A staff token offered where only a public offer token goes is a known caller without the right (403); anything else keeps its 401. */
async function refusePublicOffer(ctx: AppContext, token: string, refusal: unknown): Promise<never> {
  const staff = await ctx.tokens.verify(token).catch(() => null);
  throw staff ? new HttpError(403, MESSAGES.forbidden) : refusal;
}

/**
 * The telephone system: a `pbx` token of an integration user that is still active, still ROLE_API and of
 * the same token version (deactivating the user, removing the role or forcing it out revokes the token).
 * A staff token here is a known caller without the right (403).
 */
async function pbxCaller(ctx: AppContext, token: string): Promise<void> {
  const claims = await ctx.tokens.verifyPbx(token).catch(async (err: unknown) => {
    const staff = await ctx.tokens.verify(token).catch(() => null);
    throw staff ? new HttpError(403, MESSAGES.forbidden) : err;
  });
  const state = await ctx.userStates.get(claims.userId);
  if (!state?.active) throw new HttpError(423, MESSAGES.inactive);
  if (state.tokenVersion !== claims.ver) throw new HttpError(401, MESSAGES.sessionEnded);
  // Roles change with the token version: the state read with it is as fresh as the version check.
  if (!state.roles.includes('ROLE_API')) throw new HttpError(403, MESSAGES.forbidden);
}

/**
 * Who is calling, checked against the operation's access rule and the token's audience:
 * a public offer token opens only its negotiation's public calls, a staff token only staff calls.
 */
export async function authorize(ctx: AppContext, access: Access, req: FastifyRequest): Promise<Caller> {
  if (access === 'public') return { user: null, publicOffer: null };
  const token = bearer(req);
  if (!token) throw new HttpError(401, MESSAGES.tokenMissing);
  if (access === 'public-offer') {
    const code = String((req.params as Record<string, unknown> | undefined)?.id ?? '');
    const claims = await ctx.tokens
      .verifyPublicOffer(token)
      .catch((err: unknown) => refusePublicOffer(ctx, token, err));
    return { user: null, publicOffer: await checkPublicOffer(ctx, claims, code) };
  }
  if (access === 'pbx') {
    await pbxCaller(ctx, token);
    return { user: null, publicOffer: null };
  }
  const user = await staffCaller(ctx, token);
  if (!isAllowed(access, user.roles)) throw new HttpError(403, MESSAGES.forbidden);
  return { user, publicOffer: null };
}

/**
 * The same decision for a staff call, made without waiting when the token and its user's state are in
 * memory already (nearly every request): undefined when something must be read first (then `authorize`).
 * Throws the same refusals.
 */
export function authorizeFromMemory(ctx: AppContext, access: Access, req: FastifyRequest): Caller | undefined {
  if (access === 'public' || access === 'public-offer' || access === 'pbx') return undefined;
  const token = bearer(req);
  const claims = token === undefined ? undefined : ctx.tokens.remembered(token);
  if (!claims) return undefined;
  const user = ctx.userStates.peek(claims.id);
  const behind = claims.impersonator && ctx.userStates.peek(claims.impersonator.id);
  if (!user || (claims.impersonator && !behind)) return undefined;
  const checked = checkStaff(claims, user, behind);
  if (!isAllowed(access, checked.roles)) throw new HttpError(403, MESSAGES.forbidden);
  return { user: checked, publicOffer: null };
}
