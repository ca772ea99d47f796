import { beginAttempt, createLoginLimiter, type AttemptLimit } from '../../domain/loginLimiter.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';

const WINDOW_MS = 15 * 60_000;
/** Attempts allowed per window: one user from one address, one address, one user from anywhere. */
export const LOGIN_LIMITS = { pair: 5, address: 20, user: 10 } as const;

/**
 * Password guesses counted when they start (so parallel ones are refused too), per address and
 * user, per address, and per user. Used by the login and by the password change.
 */
export function createLoginGuard() {
  const pair = createLoginLimiter(LOGIN_LIMITS.pair, WINDOW_MS);
  const address = createLoginLimiter(LOGIN_LIMITS.address, WINDOW_MS);
  const user = createLoginLimiter(LOGIN_LIMITS.user, WINDOW_MS);
  const limits = (ip: string, who: string): AttemptLimit[] => [
    { key: `${ip}|${who}`, limiter: pair },
    { key: ip, limiter: address },
    { key: who, limiter: user },
  ];
  return {
    /**
     * Counts the attempt that starts now; 429 with Retry-After when one of its limits is reached.
     * Returns its priority in the hash queue: how many attempts at this user came before it (from this
     * address and from anywhere). Not the address's own count: colleagues behind one office address
     * must not wait behind a guesser there.
     */
    begin(ip: string, who: string): number {
      const { wait, before } = beginAttempt(limits(ip, who.toLowerCase()), Date.now());
      if (wait > 0) throw new HttpError(429, MESSAGES.tooManyLogins, undefined, Math.ceil(wait / 1000));
      const [pairBefore = 0, , userBefore = 0] = before;
      return pairBefore + userBefore;
    },
    /** The password was right: this user at this address starts again; the address and the user forget one attempt. */
    succeeded(ip: string, who: string) {
      const [p, a, u] = limits(ip, who.toLowerCase());
      if (p) p.limiter.succeed(p.key);
      if (a) a.limiter.forgive(a.key);
      if (u) u.limiter.forgive(u.key);
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
