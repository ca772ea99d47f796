import type { ScryptCost } from '../../src/server/auth/passwords.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import type { Db } from '../../src/server/db/Db.ts';

/**
 * scrypt at 1/128 of the production cost (1 MB, a few milliseconds): every sign-in of a test user, every user a
 * test creates and every wrong guess would otherwise cost a production hash, most of the tests' time on two
 * cores. A stored hash names its cost and the server checks it at that cost, so the product's code is the one
 * tested. A test whose outcome depends on hashes taking long (the order of a hash queue) uses SCRYPT_COST.
 */
export const TEST_SCRYPT_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/** Rehashes these users' passwords at the test cost, in a database a server seeded at the production cost. */
export async function cheapenPasswords(db: Pick<Db, 'query'>, passwords: Iterable<[string, string]>) {
  for (const [username, password] of passwords)
    await db.query(`UPDATE "user" SET "passwordHash" = $1 WHERE username = $2`, [
      await hashPassword(password, TEST_SCRYPT_COST),
      username,
    ]);
}
