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
 * session not ended. Answered from memory: read once per user (the requests arriving while it is read
 * wait for that one read), then kept until a change forgets it or it expires.
 */
export function createUserStates(load: UserStateLoader, loadEnded: EndedSessionsLoader, now: () => number = Date.now) {
  type Entry = { state: Promise<SessionState | null>; at: number; read?: { state: SessionState | null } };
  const cache = new Map<number, Entry>();
  const fresh = (id: number) => {
    const hit = cache.get(id);
    return hit && now() - hit.at < TTL_MS ? hit : undefined;
  };
  return {
    get(id: number): Promise<SessionState | null> {
      const hit = fresh(id);
      if (hit) return hit.state;
      // The entry holds the read itself: a change that forgets the user while it runs removes it, so what
      // that read finds (perhaps from before the change) is never answered to a later request.
      const entry: Entry = {
        at: now(),
        state: Promise.all([load(id), loadEnded(id)]).then(([user, ended]) => {
          const state = user && { ...user, endedSessions: new Set(ended) };
          entry.read = { state };
          return state;
        }),
      };
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(id, entry);
      entry.state.catch(() => {
        if (cache.get(id) === entry) cache.delete(id);
      });
      return entry.state;
    },
    /** What get() would answer, when it is in memory already (undefined while it is being read or not known). */
    peek(id: number): { state: SessionState | null } | undefined {
      return fresh(id)?.read;
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
