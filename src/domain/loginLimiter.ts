export interface LoginLimiter {
  /** Milliseconds until the key may try again, or 0. */
  retryAfter(key: string, now: number): number;
  /** Attempts of the key in the window. */
  count(key: string, now: number): number;
  /** Counts one attempt of the key (a failure, or an attempt just starting). */
  fail(key: string, now: number): void;
  /** The key's owner proved who they are: its count starts again. */
  succeed(key: string): void;
  /** One attempt of the key turned out well: it no longer counts, the others still do. */
  forgive(key: string): void;
}

/** Counts attempts per key in a sliding window; after `max` of them the key waits. */
export function createLoginLimiter(max = 5, windowMs = 15 * 60_000): LoginLimiter {
  const attempts = new Map<string, number[]>();
  const recent = (key: string, now: number) => (attempts.get(key) ?? []).filter((t) => now - t < windowMs);
  return {
    retryAfter(key, now) {
      const times = recent(key, now);
      if (times.length === 0) attempts.delete(key);
      else attempts.set(key, times);
      if (times.length < max) return 0;
      return windowMs - (now - (times[times.length - max] ?? now));
    },
    count(key, now) {
      return recent(key, now).length;
    },
    fail(key, now) {
      attempts.set(key, [...recent(key, now), now]);
    },
    succeed(key) {
      attempts.delete(key);
    },
    forgive(key) {
      const times = attempts.get(key);
      if (times && times.length > 1) attempts.set(key, times.slice(0, -1));
      else attempts.delete(key);
    },
  };
}

export interface AttemptLimit {
  key: string;
  limiter: LoginLimiter;
}

/**
 * An attempt counted when it starts, under every key at once (the pair address+user, the address,
 * the user): parallel guesses are refused as soon as the count is reached, not after they finish.
 * Returns the milliseconds to wait (nothing counted), or 0 (counted under every key) and how many
 * attempts each key had before this one, so that a first try can go ahead of a guesser's tenth.
 */
export function beginAttempt(limits: AttemptLimit[], now: number): { wait: number; before: number[] } {
  const wait = Math.max(0, ...limits.map(({ key, limiter }) => limiter.retryAfter(key, now)));
  if (wait > 0) return { wait, before: [] };
  const before = limits.map(({ key, limiter }) => limiter.count(key, now));
  for (const { key, limiter } of limits) limiter.fail(key, now);
  return { wait, before };
}
