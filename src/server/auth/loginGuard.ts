import { beginAttempt } from '../../domain/loginLimiter.ts';
import type { Db } from '../db/Db.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';

const WINDOW_MS = 15 * 60_000;
/** Attempts allowed per window: one user from one address, one address, one user from anywhere. */
export const LOGIN_LIMITS = { pair: 5, address: 20, user: 10 } as const;
/** The first key of the advisory locks taken on attempt keys (the second is the key's hash). */
const LOCK_CLASS = 0x4c4f47;

/** Attempts live in the database, so every server process counts the same ones. */
export const LOGIN_ATTEMPT_SQL = [
  `CREATE TABLE IF NOT EXISTS "loginAttempt" (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, key text NOT NULL, at timestamptz NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS "loginAttempt_key_idx" ON "loginAttempt" (key, at)`,
  `CREATE INDEX IF NOT EXISTS "loginAttempt_at_idx" ON "loginAttempt" (at)`,
];

/**
 * Password guesses counted when they start (so parallel ones are refused too, on any server
 * process), per address and user, per address, and per user. Used by the login and by the password change.
 */
export function createLoginGuard(db: Db) {
  const keysOf = (ip: string, who: string) => [
    { key: `pair:${ip}|${who}`, max: LOGIN_LIMITS.pair },
    { key: `ip:${ip}`, max: LOGIN_LIMITS.address },
    { key: `user:${who}`, max: LOGIN_LIMITS.user },
  ];
  return {
    /**
     * Counts the attempt that starts now; 429 with Retry-After when one of its limits is reached.
     * Returns its priority in the hash queue: how many attempts at this user came before it (from this
     * address and from anywhere). Not the address's own count: colleagues behind one office address
     * must not wait behind a guesser there.
     */
    async begin(ip: string, who: string): Promise<number> {
      const keys = keysOf(ip, who.toLowerCase());
      const names = keys.map((k) => k.key);
      const { wait, before } = await db.transaction(async (tx) => {
        // Attempts at the same keys wait for each other here, whichever process runs them; always
        // in the same order, so two of them never wait for each other's second lock.
        for (const name of [...names].sort())
          await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [LOCK_CLASS, name]);
        await tx.query(`DELETE FROM "loginAttempt" WHERE at < now() - make_interval(secs => $1)`, [WINDOW_MS / 1000]);
        const { rows } = await tx.query<{ key: string; t: number; now: number }>(
          `SELECT k AS key, extract(epoch FROM a.at) * 1000 AS t, extract(epoch FROM now()) * 1000 AS now
           FROM unnest($1::text[]) k LEFT JOIN "loginAttempt" a ON a.key = k`,
          [names],
        );
        const now = Number(rows[0]?.now);
        const attempt = beginAttempt(
          keys.map(({ key, max }) => ({
            times: rows.filter((r) => r.key === key && r.t !== null).map((r) => Number(r.t)),
            max,
          })),
          WINDOW_MS,
          now,
        );
        if (attempt.wait === 0)
          await tx.query(`INSERT INTO "loginAttempt" (key, at) SELECT unnest($1::text[]), now()`, [names]);
        return attempt;
      });
      if (wait > 0) throw new HttpError(429, MESSAGES.tooManyLogins, undefined, Math.ceil(wait / 1000));
      const [pairBefore = 0, , userBefore = 0] = before;
      return pairBefore + userBefore;
    },
    /** The password was right: this user at this address starts again; the address and the user forget one attempt. */
    async succeeded(ip: string, who: string): Promise<void> {
      const [pair, address, user] = keysOf(ip, who.toLowerCase()).map((k) => k.key);
      await db.query(`DELETE FROM "loginAttempt" WHERE key = $1`, [pair]);
      await db.query(
        `DELETE FROM "loginAttempt" WHERE id IN (SELECT max(id) FROM "loginAttempt" WHERE key = ANY($1) GROUP BY key)`,
        [[address, user]],
      );
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
