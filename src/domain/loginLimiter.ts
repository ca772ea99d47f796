/** The attempts a key (an address, a user, the pair) made lately, and how many it may make in the window. */
export interface KeyAttempts {
  /** Instants (ms) of the key's attempts, in any order; older ones than the window do not count. */
  times: number[];
  max: number;
}

/** Milliseconds until the key may try again (sliding window: its max-th latest attempt leaves the window), or 0. */
export function retryAfter({ times, max }: KeyAttempts, windowMs: number, now: number): number {
  const recent = times.filter((t) => now - t < windowMs).sort((x, y) => x - y);
  if (recent.length < max) return 0;
  return windowMs - (now - (recent[recent.length - max] ?? now));
}

/**
 * An attempt counted when it starts, under every key at once (the pair address+user, the address,
 * the user): parallel guesses are refused as soon as the count is reached, not after they finish.
 * Returns the milliseconds to wait (count nothing), or 0 (count the attempt under every key) and how
 * many attempts each key had before this one, so that a first try can go ahead of a guesser's tenth.
 */
export function beginAttempt(keys: KeyAttempts[], windowMs: number, now: number): { wait: number; before: number[] } {
  const wait = Math.max(0, ...keys.map((k) => retryAfter(k, windowMs, now)));
  if (wait > 0) return { wait, before: [] };
  return { wait, before: keys.map(({ times }) => times.filter((t) => now - t < windowMs).length) };
}
