export interface LoginLimiter {
  /** Milliseconds until the key may try again, or 0. */
  retryAfter(key: string, now: number): number;
  fail(key: string, now: number): void;
  succeed(key: string): void;
}

/** Counts failed logins per key in a sliding window; after `max` failures the key waits. */
export function createLoginLimiter(max = 5, windowMs = 15 * 60_000): LoginLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((t) => now - t < windowMs);
  return {
    retryAfter(key, now) {
      const times = recent(key, now);
      failures.set(key, times);
      if (times.length < max) return 0;
      return windowMs - (now - (times[times.length - max] ?? now));
    },
    fail(key, now) {
      failures.set(key, [...recent(key, now), now]);
    },
    succeed(key) {
      failures.delete(key);
    },
  };
}
