import type { UserState } from '../domains/users/userRepository.ts';

// A change made through any server process forgets its entry at once (the hub tells every process);
// the expiry bounds how long a change made by SQL by hand may take to be seen.
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/** Reads a user's state where users are stored (the users domain's repository). */
export type UserStateLoader = (id: number) => Promise<UserState | null>;

/**
 * What every request checks about its user: still active, still the same session version.
 * Read through a small cache, since it is asked on every call.
 */
export function createUserStates(load: UserStateLoader, now: () => number = Date.now) {
  const cache = new Map<number, { state: UserState | null; at: number }>();
  return {
    async get(id: number): Promise<UserState | null> {
      const hit = cache.get(id);
      if (hit && now() - hit.at < TTL_MS) return hit.state;
      const state = await load(id);
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(id, { state, at: now() });
      return state;
    },
    forget(id: number) {
      cache.delete(id);
    },
    clear() {
      cache.clear();
    },
  };
}
export type UserStates = ReturnType<typeof createUserStates>;
