import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/Db.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Several tabs refreshing with the same token within this window get the same new pair. */
export const REFRESH_GRACE_SECONDS = 30;

export interface Rotated {
  userId: number;
  impersonatorId: number | null;
  token: string;
  /** The session the token belongs to (every access and hub token of it carries this id). */
  family: string;
}

/** A new refresh token and the session (family) it starts or continues. */
export interface Issued {
  token: string;
  family: string;
}

/**
 * Rotating refresh tokens: each use issues the next one in the same family; using a token again
 * after the grace window, or after its successor was used, means it was stolen, so the whole family
 * is revoked. The next token is
 * derived from the used one with a server key, so a use within the window can be answered with the
 * same successor without keeping any token in clear.
 */
export function createRefreshTokens(db: Db, ttlSeconds: number, secret: string, endedKeepSeconds: number) {
  const successorKey = createHmac('sha256', secret).update('refresh-token-successor').digest();
  const successor = (token: string) => createHmac('sha256', successorKey).update(token).digest('base64url');
  const insert = (token: string, userId: number, family: string, impersonatorId: number | null, q: Pick<Db, 'query'>) =>
    q.query(
      `INSERT INTO "refreshToken" ("tokenHash", "userId", "family", "expiresAt", "impersonatorId") VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
      [hash(token), userId, family, ttlSeconds, impersonatorId],
    );

  /**
   * A new refresh token in a new family, or in `family` (a session that goes on with new tokens after a
   * password change); an impersonation session remembers the super admin behind it.
   */
  async function issue(
    userId: number,
    impersonatorId: number | null = null,
    family: string = randomUUID(),
  ): Promise<Issued> {
    const token = randomBytes(32).toString('hex');
    await insert(token, userId, family, impersonatorId, db);
    return { token, family };
  }

  async function rotate(token: string): Promise<Rotated> {
    // The revocation must commit, so the transaction returns null and the error comes after.
    const result = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        userId: number;
        impersonatorId: number | null;
        family: string;
        expired: boolean;
        usedAt: string | null;
        withinGrace: boolean | null;
        revoked: boolean;
      }>(
        `SELECT "userId", "impersonatorId", "family", "expiresAt" < now() AS expired, "usedAt", "revoked",
           "usedAt" > now() - make_interval(secs => $2) AS "withinGrace"
         FROM "refreshToken" WHERE "tokenHash" = $1 FOR UPDATE`,
        [hash(token), REFRESH_GRACE_SECONDS],
      );
      const row = rows[0];
      if (!row || row.revoked || row.expired) throw new HttpError(401, MESSAGES.tokenInvalid);
      const next = successor(token);
      if (row.usedAt) {
        // Another tab asked at the same time: the same successor, as long as nobody has used it yet.
        const { rows: after } = await tx.query<{ usedAt: string | null }>(
          `SELECT "usedAt" FROM "refreshToken" WHERE "tokenHash" = $1`,
          [hash(next)],
        );
        if (row.withinGrace && after[0] && !after[0].usedAt)
          return { userId: row.userId, impersonatorId: row.impersonatorId, token: next, family: row.family };
        await tx.query(`UPDATE "refreshToken" SET "revoked" = true WHERE "family" = $1`, [row.family]);
        return null;
      }
      await tx.query(`UPDATE "refreshToken" SET "usedAt" = now() WHERE "tokenHash" = $1`, [hash(token)]);
      await insert(next, row.userId, row.family, row.impersonatorId, tx);
      return { userId: row.userId, impersonatorId: row.impersonatorId, token: next, family: row.family };
    });
    if (!result) throw new HttpError(401, MESSAGES.tokenInvalid);
    return result;
  }

  /**
   * Logout: the token's whole family ends, and the session is recorded as ended so that its access and
   * hub tokens are refused too; returns whose session it was, or null for an unknown token.
   */
  async function revokeFamilyOf(token: string): Promise<{ userId: number; family: string } | null> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ userId: number; family: string }>(
        `UPDATE "refreshToken" SET "revoked" = true
         WHERE "family" = (SELECT "family" FROM "refreshToken" WHERE "tokenHash" = $1)
         RETURNING "userId", "family"`,
        [hash(token)],
      );
      const ended = rows[0];
      if (!ended) return null;
      await tx.query(`DELETE FROM "endedSession" WHERE "until" < now()`);
      await tx.query(
        `INSERT INTO "endedSession" ("family", "userId", "until") VALUES ($1, $2, now() + make_interval(secs => $3))
         ON CONFLICT ("family") DO UPDATE SET "until" = excluded."until"`,
        [ended.family, ended.userId, endedKeepSeconds],
      );
      return ended;
    });
  }

  /** The user's sessions ended by a logout whose tokens may still be unexpired. */
  async function endedSessionsOf(userId: number): Promise<string[]> {
    const { rows } = await db.query<{ family: string }>(
      `SELECT "family" FROM "endedSession" WHERE "userId" = $1 AND "until" > now()`,
      [userId],
    );
    return rows.map((r) => r.family);
  }

  // A super admin who loses the right also loses the sessions they opened as someone else.
  const revokeUser = (userId: number) =>
    db.query(`UPDATE "refreshToken" SET "revoked" = true WHERE "userId" = $1 OR "impersonatorId" = $1`, [userId]);

  return { issue, rotate, revokeFamilyOf, endedSessionsOf, revokeUser };
}
export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
