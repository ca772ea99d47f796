import type { Access } from '../../domain/accessRules.ts';
import type { ApiOperation, OperationId } from '../../domain/apiOperations.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';

/** Per-address limits of the calls anybody can make without a session (rate-limit route config). */
export interface PublicRateLimit {
  max: number;
  timeWindow: number;
}

const MINUTE = 60_000;

// Calls anybody can make, per address and minute. The login has its own attempt limiter and hash
// queue; the hub caps its streams per user and in all.
const LIMITS: { [K in OperationId]?: PublicRateLimit } = {
  loginApiFromClient: { max: 30, timeWindow: MINUTE },
  loginMicrosoft: { max: 30, timeWindow: MINUTE },
  refreshToken: { max: 120, timeWindow: MINUTE },
  logout: { max: 120, timeWindow: MINUTE },
  subscribeHub: { max: 60, timeWindow: MINUTE },
};
const PUBLIC_OFFER: PublicRateLimit = { max: 60, timeWindow: MINUTE };

/** The per-address limit of an operation open without a session, or none. */
export function publicRateLimits(op: ApiOperation, access: Access): PublicRateLimit | null {
  if (access === 'public-offer') return PUBLIC_OFFER;
  return access === 'public' ? (LIMITS[op.operationId] ?? null) : null;
}

/** The answer past a limit: the one Error shape, in Italian, with Retry-After. */
export const rateLimited = (ttlMs: number) =>
  new HttpError(429, MESSAGES.tooManyRequests, undefined, Math.max(1, Math.ceil(ttlMs / 1000)));
