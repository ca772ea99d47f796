import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/Db.ts';
import { HttpError, MESSAGES } from '../httpError.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export const REFRESH_TABLE_SQL = [
  `CREATE TABLE IF NOT EXISTS "refreshToken" (
  "tokenHash" text PRIMARY KEY, "userId" integer NOT NULL, "family" text NOT NULL,
  "expiresAt" timestamptz NOT NULL, "usedAt" timestamptz, "revoked" boolean NOT NULL DEFAULT false)`,
  `ALTER TABLE "refreshToken" ADD COLUMN IF NOT EXISTS "impersonatorId" integer`,
];

/**
 * Rotating refresh tokens: each use issues a new one in the same family; using a
 * token twice means it was stolen, so the whole family is revoked.
 */
export function createRefreshTokens(db: Db, ttlSeconds: number) {
  /** A new refresh token; an impersonation session remembers the super admin behind it. */
  async function issue(userId: number, impersonatorId: number | null = null): Promise<string> {
    const token = randomBytes(32).toString('hex');
    await db.query(
      `INSERT INTO "refreshToken" ("tokenHash", "userId", "family", "expiresAt", "impersonatorId") VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
      [hash(token), userId, randomUUID(), ttlSeconds, impersonatorId],
    );
    return token;
  }
  async function rotate(token: string): Promise<{ userId: number; impersonatorId: number | null; token: string }> {
    // The revocation must commit, so the transaction returns null and the error comes after.
    const result = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        userId: number;
        impersonatorId: number | null;
        family: string;
        expired: boolean;
        usedAt: string | null;
        revoked: boolean;
      }>(
        `SELECT "userId", "impersonatorId", "family", "expiresAt" < now() AS expired, "usedAt", "revoked" FROM "refreshToken" WHERE "tokenHash" = $1 FOR UPDATE`,
        [hash(token)],
      );
      const row = rows[0];
      if (!row || row.revoked || row.expired) throw new HttpError(401, MESSAGES.tokenInvalid);
      if (row.usedAt) {
        await tx.query(`UPDATE "refreshToken" SET "revoked" = true WHERE "family" = $1`, [row.family]);
        return null;
      }
      await tx.query(`UPDATE "refreshToken" SET "usedAt" = now() WHERE "tokenHash" = $1`, [hash(token)]);
      const next = randomBytes(32).toString('hex');
      await tx.query(
        `INSERT INTO "refreshToken" ("tokenHash", "userId", "family", "expiresAt", "impersonatorId") VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
        [hash(next), row.userId, row.family, ttlSeconds, row.impersonatorId],
      );
      return { userId: row.userId, impersonatorId: row.impersonatorId, token: next };
    });
    if (!result) throw new HttpError(401, MESSAGES.tokenInvalid);
    return result;
  }
  // A deactivated super admin also loses the sessions they opened as someone else.
  const revokeUser = (userId: number) =>
    db.query(`UPDATE "refreshToken" SET "revoked" = true WHERE "userId" = $1 OR "impersonatorId" = $1`, [userId]);
  return { issue, rotate, revokeUser };
}
export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
