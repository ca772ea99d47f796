import type { Queryable } from '../db/Db.ts';

export interface UserState {
  active: boolean;
  /** Bumped when the password, the roles or the activity change: older tokens stop working. */
  tokenVersion: number;
  superAdmin: boolean;
}

/** The internal column the version lives in (never in the schema, never in an answer). */
export const TOKEN_VERSION_COLUMN = { tokenVersion: 'integer NOT NULL DEFAULT 0' } as const;

// A change made through this server forgets its entry at once; the expiry bounds how long a change
// made elsewhere (another instance, SQL by hand) may take to be seen.
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/**
 * What every request checks about its user: still active, still the same session version.
 * Read through a small cache, since it is asked on every call.
 */
export function createUserStates(db: Queryable, now: () => number = Date.now) {
  const cache = new Map<number, { state: UserState | null; at: number }>();
  return {
    async get(id: number): Promise<UserState | null> {
      const hit = cache.get(id);
      if (hit && now() - hit.at < TTL_MS) return hit.state;
      const { rows } = await db.query<{ active: string; tokenVersion: number; roles: string[] | null }>(
        `SELECT active, "tokenVersion", roles FROM "user" WHERE id = $1`,
        [id],
      );
      const row = rows[0];
      const state = row
        ? {
            active: row.active === 'true',
            tokenVersion: row.tokenVersion,
            superAdmin: (row.roles ?? []).includes('ROLE_SUPER_ADMIN'),
          }
        : null;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(id, { state, at: now() });
      return state;
    },
    forget(id: number) {
      cache.delete(id);
    },
  };
}
export type UserStates = ReturnType<typeof createUserStates>;
