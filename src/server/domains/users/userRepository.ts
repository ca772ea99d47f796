import type { RoleName } from '../../../../generated/entities.ts';
import type { Queryable } from '../../db/Db.ts';

/** A user as sign-in needs them: with the password hash and token version no answer carries. */
export interface UserRow {
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
  roles: RoleName[] | null;
  active: string;
  passwordHash: string | null;
  tokenVersion: number;
}

const SIGN_IN = `SELECT id, username, name, surname, roles, active, "passwordHash", "tokenVersion" FROM "user"`;

async function one(db: Queryable, where: string, value: unknown): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`${SIGN_IN} WHERE ${where} LIMIT 1`, [value])).rows[0];
}

export const userById = (db: Queryable, id: number) => one(db, 'id = $1', id);
export const userByUsername = (db: Queryable, username: string) => one(db, 'lower(username) = lower($1)', username);
/** The user a Microsoft account signs in as: its e-mail is the user's e-mail or username. */
export const userByEmail = (db: Queryable, email: string) =>
  one(db, 'lower(email) = lower($1) OR lower(username) = lower($1)', email);

/** Tokens issued before this moment stop working at their next request. */
export async function bumpTokenVersion(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE "user" SET "tokenVersion" = "tokenVersion" + 1 WHERE id = $1`, [id]);
}

/** What every request checks about its user (auth/userStates.ts caches it). */
export interface UserState {
  active: boolean;
  /** Bumped when the password, the roles or the activity change: older tokens stop working. */
  tokenVersion: number;
  superAdmin: boolean;
}

/** Whether a user is active, their token version and whether they are a super admin (checked on every request). */
export async function userState(db: Queryable, id: number): Promise<UserState | null> {
  const { rows } = await db.query<{ active: string; tokenVersion: number; roles: string[] | null }>(
    `SELECT active, "tokenVersion", roles FROM "user" WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  return row
    ? {
        active: row.active === 'true',
        tokenVersion: row.tokenVersion,
        superAdmin: (row.roles ?? []).includes('ROLE_SUPER_ADMIN'),
      }
    : null;
}
