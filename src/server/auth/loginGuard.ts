import {
  judgeAttempt,
  LOGIN_RULES,
  type CountedKey,
  type KeyCount,
  type LoginRules,
} from '../../domain/loginLimiter.ts';
import type { Db } from '../db/Db.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import type { Device } from './deviceCookie.ts';

/** The first key of the advisory locks taken on attempt keys (the second is the key's hash). */
const LOCK_CLASS = 0x4c4f47;
/**
 * How long this process answers a refusal from memory, without asking the database: a burst of guesses
 * costs one query, and an admin's unblock reaches every process within this time.
 */
const REMEMBERED_REFUSAL_MS = 2000;
/** Latest attempts read per key: enough for the highest refusal threshold. */
const LATEST = Math.max(LOGIN_RULES.pair.refuseFrom, LOGIN_RULES.address.refuseFrom, LOGIN_RULES.device.refuseFrom);

/** Failures that refuse a username from one address, and an address (src/domain/loginLimiter.ts). */
export const LOGIN_LIMITS = { pair: LOGIN_RULES.pair.refuseFrom, address: LOGIN_RULES.address.refuseFrom } as const;

/** An attempt the guard let through: how to treat it until its password is checked. */
export interface LoginPass {
  /** Its place in the hash queue (lower first). */
  priority: number;
  /** Wait this long before checking the password. */
  delayMs: number;
  /** The hash queue bounds attempts per address; a trusted browser is not held to its address's bound. */
  lane: string | null;
  counted: CountedKey[];
}

type Keys = Record<CountedKey, string | undefined>;

const tooMany = (ms: number) =>
  new HttpError(429, MESSAGES.tooManyLogins, undefined, Math.max(1, Math.ceil(ms / 1000)));

/**
 * Password guesses counted when they start (so parallel ones are refused too, on any server process)
 * and judged by src/domain/loginLimiter.ts. Used by the login and by the password change.
 */
export function createLoginGuard(db: Db, { stepMs = LOGIN_RULES.stepMs }: { stepMs?: number } = {}) {
  // The slowing down keeps its number of steps; only a step's length may differ (the tests' are short).
  const rules: LoginRules = {
    ...LOGIN_RULES,
    stepMs,
    maxDelayMs: (LOGIN_RULES.maxDelayMs / LOGIN_RULES.stepMs) * stepMs,
  };
  // Usernames and addresses hold no '|'; the username is always what follows the first one.
  const keysOf = (ip: string, who: string, device?: Device | null): Keys => ({
    pair: `pair:${ip}|${who}`,
    address: `ip:${ip}`,
    user: `user:${who}`,
    device: device ? `device:${device.nonce}|${who}` : undefined,
  });
  const refusals = new Map<string, { until: number; retryAt: number }>();
  const lines = new Map<string, Promise<unknown>>();

  function remembered(keys: Keys): HttpError | null {
    const now = Date.now();
    for (const key of [keys.pair, keys.address]) {
      const refusal = key ? refusals.get(key) : undefined;
      if (!refusal) continue;
      if (refusal.until > now) return tooMany(refusal.retryAt - now);
      refusals.delete(key ?? '');
    }
    return null;
  }

  /**
   * The attempts of one address reach the database one at a time in this process: after a refusal
   * the rest of a burst is answered from memory instead of each running its own transaction.
   */
  function inLine<T>(address: string, fn: () => Promise<T>): Promise<T> {
    const mine = (lines.get(address) ?? Promise.resolve()).then(fn);
    const tail = mine.catch(() => undefined);
    lines.set(address, tail);
    void tail.then(() => lines.get(address) === tail && lines.delete(address));
    return mine;
  }

  async function judge(keys: Keys) {
    return db.transaction(async (tx) => {
      // Attempts at the same keys wait for each other here, whichever process runs them; always in the
      // same order, so two of them never wait for each other's second lock. The username's own count
      // only slows down, so guesses spread over many addresses do not queue on it.
      const refusing = [keys.pair, keys.address, keys.device].filter((k): k is string => !!k).sort();
      for (const name of refusing) await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [LOCK_CLASS, name]);
      await tx.query(`DELETE FROM "loginAttempt" WHERE at < now() - make_interval(secs => $1)`, [
        LOGIN_RULES.windowMs / 1000,
      ]);
      const names = Object.values(keys).filter((k): k is string => !!k);
      const { rows } = await tx.query<{ key: string; count: number; latest: number[]; now: number }>(
        `SELECT k AS key, (SELECT count(*) FROM "loginAttempt" a WHERE a.key = k)::int AS count,
           ARRAY(SELECT (extract(epoch FROM a.at) * 1000)::float8 FROM "loginAttempt" a WHERE a.key = k
                 ORDER BY a.at DESC LIMIT ${LATEST}) AS latest,
           (extract(epoch FROM now()) * 1000)::float8 AS now
         FROM unnest($1::text[]) k`,
        [names],
      );
      const of = (key: string | undefined): KeyCount => {
        const row = rows.find((r) => r.key === key);
        return { count: Number(row?.count ?? 0), latest: (row?.latest ?? []).map(Number) };
      };
      const verdict = judgeAttempt(
        {
          pair: of(keys.pair),
          address: of(keys.address),
          user: of(keys.user),
          ...(keys.device ? { device: of(keys.device) } : {}),
        },
        Number(rows[0]?.now),
        rules,
      );
      if (!verdict.refused)
        await tx.query(`INSERT INTO "loginAttempt" (key, at) SELECT unnest($1::text[]), now()`, [
          verdict.counted.map((k) => keys[k]),
        ]);
      return verdict;
    });
  }

  return {
    /**
     * Counts the attempt that starts now; 429 with Retry-After when its (username, address) pair or its
     * address is refused (a browser with the username's device cookie is judged by that cookie alone).
     */
    async begin(ip: string, who: string, device?: Device | null): Promise<LoginPass> {
      const keys = keysOf(ip, who.toLowerCase(), device);
      const refused = device ? null : remembered(keys);
      if (refused) throw refused;
      return inLine(ip, async () => {
        const again = device ? null : remembered(keys);
        if (again) throw again;
        const verdict = await judge(keys);
        if (verdict.refused) {
          const now = Date.now();
          refusals.set(keys[verdict.by] ?? '', {
            until: now + Math.min(REMEMBERED_REFUSAL_MS, verdict.retryAfterMs),
            retryAt: now + verdict.retryAfterMs,
          });
          throw tooMany(verdict.retryAfterMs);
        }
        return {
          priority: verdict.priority,
          delayMs: verdict.delayMs,
          lane: verdict.trusted ? null : ip,
          counted: verdict.counted,
        };
      });
    },
    /**
     * The password was right: this username at this address starts again (after a login judged by the
     * address; a trusted browser's success leaves the address's failures alone), so does the browser's
     * device cookie; the address and the username forget this attempt.
     */
    async succeeded(ip: string, who: string, pass: LoginPass, device?: Device | null): Promise<void> {
      const keys = keysOf(ip, who.toLowerCase(), device);
      const restart = [pass.counted.includes('pair') ? keys.pair : undefined, keys.device].filter(Boolean);
      if (pass.counted.includes('pair')) refusals.delete(keys.pair ?? '');
      await db.query(`DELETE FROM "loginAttempt" WHERE key = ANY($1)`, [restart]);
      const once = (['address', 'user'] as const).filter((k) => pass.counted.includes(k)).map((k) => keys[k]);
      await db.query(
        `DELETE FROM "loginAttempt" WHERE id IN (SELECT max(id) FROM "loginAttempt" WHERE key = ANY($1) GROUP BY key)`,
        [once],
      );
    },
    /**
     * An admin lifts the blocks of a user: the failures of these names (the username, the password
     * change's own) from every address and browser are forgotten. Returns how many addresses were
     * refused; what an address did to other usernames stays.
     */
    async unblock(names: string[]): Promise<number> {
      const whos = names.map((n) => n.toLowerCase());
      const { rows } = await db.query<{ key: string; count: number }>(
        `WITH gone AS (
           DELETE FROM "loginAttempt"
           WHERE key = ANY($1) OR ((key LIKE 'pair:%' OR key LIKE 'device:%') AND substr(key, strpos(key, '|') + 1) = ANY($2))
           RETURNING key, at)
         SELECT key, (count(*) FILTER (WHERE at > now() - make_interval(secs => $3)))::int AS count FROM gone GROUP BY key`,
        [whos.map((w) => `user:${w}`), whos, LOGIN_RULES.windowMs / 1000],
      );
      for (const { key } of rows) refusals.delete(key);
      return rows.filter((r) => r.key.startsWith('pair:') && r.count >= LOGIN_RULES.pair.refuseFrom).length;
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
