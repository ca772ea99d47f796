import type { RoleName } from '../../../../generated/entities.ts';
import type { Queryable } from '../../db/Db.ts';
import { foldSql } from '../../crud/search.ts';
import { personName } from '../../../domain/personName.ts';
import type { UserState } from '../../auth/userStates.ts';

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
/**
 * The user a Microsoft account signs in as: its e-mail is the user's e-mail or username. None when two
 * users match (a database from before e-mails were unique): signing in as either would be a guess.
 */
export async function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `${SIGN_IN} WHERE lower(email) = lower($1) OR lower(username) = lower($1) LIMIT 2`,
    [email],
  );
  return rows.length === 1 ? rows[0] : undefined;
}

/** Whether another user than `exceptId` has this e-mail (or this username), whatever the case. */
export async function emailTaken(db: Queryable, email: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM "user" WHERE (lower(email) = lower($1) OR lower(username) = lower($1)) AND id <> $2 LIMIT 1`,
    [email, exceptId ?? 0],
  );
  return rows.length > 0;
}

/** Tokens issued before this moment stop working at their next request. */
export async function bumpTokenVersion(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE "user" SET "tokenVersion" = "tokenVersion" + 1 WHERE id = $1`, [id]);
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
        roles: row.roles ?? [],
      }
    : null;
}

/** How staff see a user in a choice: name and surname, else the username. */
export const displayName = (u: { name: string | null; surname: string | null; username: string }): string =>
  personName(u);

/**
 * Active users holding one of these roles, by surname: whom a workflow may choose as operator (bounded). With
 * `words`, only those whose name or surname contains each of them (folded: no case, no accents), at most `limit`.
 */
export async function activeUsersWithAnyRole(
  db: Queryable,
  roles: readonly string[],
  { words = [], limit = 5000 }: { words?: readonly string[]; limit?: number } = {},
): Promise<{ id: number; nome: string }[]> {
  const params: unknown[] = [[...roles]];
  const param = (v: unknown) => `$${params.push(v)}`;
  const named = words.map(
    (w) =>
      `${foldSql(`coalesce(name, '') || ' ' || coalesce(surname, '')`)} LIKE '%' || ${foldSql(`${param(w.replace(/[\\%_]/g, (c) => `\\${c}`))}::text`)} || '%'`,
  );
  const { rows } = await db.query<{ id: number; name: string | null; surname: string | null; username: string }>(
    `SELECT id, name, surname, username FROM "user" WHERE active = 'true' AND roles ?| $1::text[]
     ${named.map((c) => `AND ${c}`).join(' ')}
     ORDER BY surname, name, id LIMIT ${param(limit)}`,
    params,
  );
  return rows.map((u) => ({ id: u.id, nome: displayName(u) }));
}

/** A user's name as they sign (name and surname, empty when neither) and e-mail. */
export async function contactOf(db: Queryable, id: number): Promise<{ name: string | null; email: string | null }> {
  const { rows } = await db.query<{ name: string | null; email: string | null }>(
    `SELECT NULLIF(TRIM(COALESCE(name, '') || ' ' || COALESCE(surname, '')), '') AS name, email FROM "user" WHERE id = $1`,
    [id],
  );
  return rows[0] ?? { name: null, email: null };
}

/** The personal accreditation link of the first of these users who has one, `preferred` first. */
export async function accreditationLink(db: Queryable, ids: number[], preferred: number): Promise<string | null> {
  const { rows } = await db.query<{ link: string | null }>(
    `SELECT "linkAccreditamento" AS link FROM "user" WHERE id = ANY($1::int[]) AND COALESCE("linkAccreditamento", '') <> ''
     ORDER BY id = $2 DESC LIMIT 1`,
    [ids, preferred],
  );
  return rows[0]?.link ?? null;
}

/** The CRM groups a user belongs to. */
export async function crmGroupsOf(db: Queryable, id: number): Promise<number[]> {
  const { rows } = await db.query<{ groups: unknown }>(`SELECT "gruppiCrmIds" AS groups FROM "user" WHERE id = $1`, [
    id,
  ]);
  const groups = Array.isArray(rows[0]?.groups) ? (rows[0].groups as unknown[]).map(Number) : [];
  return groups.filter((g) => Number.isInteger(g));
}

/** The agent a user works as, if any. */
export async function agentOf(db: Queryable, id: number): Promise<number | null> {
  const { rows } = await db.query<{ agentId: number | null }>(`SELECT "agentId" FROM "user" WHERE id = $1`, [id]);
  return rows[0]?.agentId ?? null;
}

/** A user's activity and roles, if the user exists. */
export async function activityAndRoles(
  db: Queryable,
  id: number,
): Promise<{ active: string | null; roles: string[] | null } | undefined> {
  const { rows } = await db.query<{ active: string | null; roles: string[] | null }>(
    `SELECT active, roles FROM "user" WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** Active users holding one of these roles, or this one, or members of this CRM group. */
export async function activeUserIdsSeeing(
  db: Queryable,
  roles: readonly string[],
  userId: number,
  groupId: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM "user" WHERE active = 'true'
       AND (roles ?| $1::text[] OR id = $2 OR "gruppiCrmIds" @> $3::jsonb)`,
    [[...roles], userId, JSON.stringify([groupId])],
  );
  return rows.map((r) => r.id);
}

/** A user as others show and reach them: names, activity and e-mail. */
export async function personOf(
  db: Queryable,
  id: number,
): Promise<
  | { id: number; name: string | null; surname: string | null; username: string; active: string; email: string | null }
  | undefined
> {
  const { rows } = await db.query<{
    id: number;
    name: string | null;
    surname: string | null;
    username: string;
    active: string;
    email: string | null;
  }>(`SELECT id, name, surname, username, active, email FROM "user" WHERE id = $1`, [id]);
  return rows[0];
}

/** The inventory branches a user belongs to (`filialiIds`). */
export async function branchIdsOf(db: Queryable, id: number): Promise<number[]> {
  const { rows } = await db.query<{ filialiIds: number[] | null }>(`SELECT "filialiIds" FROM "user" WHERE id = $1`, [
    id,
  ]);
  return rows[0]?.filialiIds ?? [];
}

/** The name and surname of each of these users that has one (at most as many as asked). */
export async function fullNamesOf(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; name: string | null }>(
    `SELECT id, NULLIF(TRIM(COALESCE(name, '') || ' ' || COALESCE(surname, '')), '') AS name FROM "user"
     WHERE id = ANY($1::int[])`,
    [[...ids]],
  );
  return new Map(rows.flatMap((r) => (r.name ? [[r.id, r.name] as const] : [])));
}
