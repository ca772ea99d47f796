import { afterAll, beforeAll, expect } from 'vitest';
import { testApp, TEST_PASSWORD, type TestApp } from './testApp.ts';

/**
 * Two server processes on one database, as behind a load balancer (on PostgreSQL two pools and two listeners, on
 * PGlite the same in-process database): `a`, its sibling `b` and a super admin's header on `a`, made before the
 * file's tests and closed after them. Read them inside the tests.
 */
export function twoProcesses() {
  const both = {} as { a: TestApp; b: TestApp; admin: { authorization: string } };
  beforeAll(async () => {
    both.a = await testApp();
    both.b = await both.a.sibling();
    both.admin = await both.a.as(['ROLE_SUPER_ADMIN']);
  });
  afterAll(async () => {
    await both.b.close();
    await both.a.close();
  });
  return both;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in on one process; the tokens it answers. */
export async function signInOn(t: TestApp, username: string, password = TEST_PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/login_check', payload: { username, password } });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; refresh_token: string }>();
}

export const userIdOf = async (t: TestApp, username: string) =>
  (await t.ctx.db.query<{ id: number }>(`SELECT id FROM "user" WHERE username = $1`, [username])).rows[0]?.id ?? 0;
