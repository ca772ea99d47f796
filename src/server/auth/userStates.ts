/** What every request checks about its user, as the users domain reads it. */
export interface UserState {
  active: boolean;
  /** Bumped when the password, the roles or the activity change: older tokens stop working. */
  tokenVersion: number;
  superAdmin: boolean;
  roles: readonly string[];
}

// A change made through any server process forgets its entry at once (the hub tells every process);
// the expiry bounds how long a change made by SQL by hand may take to be seen.
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/** Reads a user's state where users are stored (the users domain's repository). */
export type UserStateLoader = (id: number) => Promise<UserState | null>;
/** The sessions of a user that ended (logout) while tokens carrying them may still be unexpired. */
export type EndedSessionsLoader = (id: number) => Promise<string[]>;

/** What every request checks about its user and its session. */
export interface SessionState extends UserState {
  endedSessions: ReadonlySet<string>;
}

/**
 * What every request checks about its user: still active, still the same session version, its
 * session not ended. Read through a small cache, since it is asked on every call.
 */
export function createUserStates(load: UserStateLoader, loadEnded: EndedSessionsLoader, now: () => number = Date.now) {
  const cache = new Map<number, { state: SessionState | null; at: number }>();
  return {
    async get(id: number): Promise<SessionState | null> {
      const hit = cache.get(id);
      if (hit && now() - hit.at < TTL_MS) return hit.state;
      const at = now();
      const [user, ended] = await Promise.all([load(id), loadEnded(id)]);
      const state = user && { ...user, endedSessions: new Set(ended) };
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(id, { state, at });
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
