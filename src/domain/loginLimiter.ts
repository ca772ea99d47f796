/**
 * The login guard's rules (OWASP Authentication Cheat Sheet, "Protect against automated attacks" and
 * account lockout): failures are counted per username from one address, per address and per username
 * from anywhere. Only what an address did can refuse that address; a username's own count only slows
 * guesses down, so nobody elsewhere can lock its owner out. A browser the owner signed in with before
 * (its device cookie) is judged by its own failures alone.
 */
export const LOGIN_RULES = {
  windowMs: 15 * 60_000,
  /** One username from one address: slowed down from its 3rd failure, refused from its 5th. */
  pair: { slowFrom: 3, refuseFrom: 5 },
  /** One address, whatever the usernames: slowed down from 10 failures, refused from 20. */
  address: { slowFrom: 10, refuseFrom: 20 },
  /** One username from every address together: slowed down from 50 failures, never refused. */
  user: { slowFrom: 50 },
  /** One device cookie: trusted until 5 failures with it, then judged like any other browser. */
  device: { refuseFrom: 5 },
  /** Each step of slowing down waits this long before the password is checked, up to maxDelayMs. */
  stepMs: 1000,
  maxDelayMs: 5000,
} as const;

/** The rules with a step of slowing down of another length (the server's tests use a short one). */
export type LoginRules = Omit<typeof LOGIN_RULES, 'stepMs' | 'maxDelayMs'> & { stepMs: number; maxDelayMs: number };

/** What the limiter knows of one key: attempts in the window, and the instants (ms) of the latest ones. */
export interface KeyCount {
  count: number;
  /** The latest attempts first, at least as many as the key's refusal threshold when it has that many. */
  latest: number[];
}

export interface AttemptHistory {
  pair: KeyCount;
  address: KeyCount;
  user: KeyCount;
  /** Present when the request carries a valid device cookie of this username. */
  device?: KeyCount;
}

export type CountedKey = 'pair' | 'address' | 'user' | 'device';

export type Verdict =
  | { refused: true; retryAfterMs: number; by: 'pair' | 'address' }
  | {
      refused: false;
      /** The keys this attempt is counted under until it succeeds. */
      counted: CountedKey[];
      /** How long to wait before checking the password (slowing down a guesser). */
      delayMs: number;
      /** Its place in the password-hash queue: lower goes first (a trusted browser 0, a fresh address 1). */
      priority: number;
      /** Judged by its device cookie: no per-address bound in the hash queue either. */
      trusted: boolean;
    };

const EMPTY: KeyCount = { count: 0, latest: [] };
/** The hash-queue priority of a first try from an address that has not failed (a trusted browser: 0). */
export const FIRST_TRY_PRIORITY = 1;

/** Milliseconds until the key is under `max` attempts in the window again (its max-th latest attempt leaves), or 0. */
export function retryAfter(key: KeyCount, max: number, windowMs: number, now: number): number {
  if (key.count < max) return 0;
  const decisive = key.latest[max - 1] ?? now;
  return Math.max(1, windowMs - (now - decisive));
}

const steps = (count: number, from: number) => (count >= from ? count - from + 1 : 0);

/**
 * Judges one login attempt before its password is checked, from the attempts each key made in the
 * window (failures, and attempts still running: they are counted when they start, so parallel
 * guesses are refused as soon as the count is reached).
 */
export function judgeAttempt(history: AttemptHistory, now: number, rules: LoginRules = LOGIN_RULES): Verdict {
  const { pair, address, user = EMPTY, device } = history;
  if (device && device.count < rules.device.refuseFrom)
    return { refused: false, counted: ['device', 'user'], delayMs: 0, priority: 0, trusted: true };
  const pairWait = retryAfter(pair, rules.pair.refuseFrom, rules.windowMs, now);
  if (pairWait > 0) return { refused: true, retryAfterMs: pairWait, by: 'pair' };
  const addressWait = retryAfter(address, rules.address.refuseFrom, rules.windowMs, now);
  if (addressWait > 0) return { refused: true, retryAfterMs: addressWait, by: 'address' };
  const userSteps = user.count >= rules.user.slowFrom ? Math.floor(user.count / rules.user.slowFrom) : 0;
  const delaySteps = Math.max(
    steps(pair.count, rules.pair.slowFrom),
    steps(address.count, rules.address.slowFrom),
    userSteps,
  );
  return {
    refused: false,
    counted: ['pair', 'address', 'user'],
    delayMs: Math.min(rules.maxDelayMs, delaySteps * rules.stepMs),
    // A first try from a quiet address goes ahead of a guesser's second; a username under a spread
    // attack waits behind everyone else.
    priority:
      FIRST_TRY_PRIORITY + pair.count + Math.min(address.count, rules.address.refuseFrom) + (userSteps > 0 ? 100 : 0),
    trusted: false,
  };
}
