import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import type { AppContext } from '../../src/server/context.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Creates (once) a user with these roles and returns its Authorization header. */
  as(roles: string[], username?: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'Password123!';
let cachedHash: string | undefined;

/**
 * A fresh server on a fresh database: in-memory PGlite, or a new database in the
 * PostgreSQL of this run when the project provides one (vitest project "server-postgres").
 */
export async function testApp(
  options: Pick<
    AppOptions,
    'accessTokenTtl' | 'microsoft' | 'erp' | 'limits' | 'log' | 'apiPublicUrl' | 'webRoot'
  > = {},
): Promise<TestApp> {
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  const base = (inject as (key: 'postgresUrl') => string | undefined)('postgresUrl');
  if (base) {
    const { default: pg } = await import('pg');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = base.replace(/\/postgres$/, `/${name}`);
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const { app, ctx } = await buildApp({
    databaseUrl,
    jwtSecret: randomBytes(32).toString('hex'),
    log: { level: 'silent' },
    ...options,
  });
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  const tokens = new Map<string, string>();
  return {
    app,
    ctx,
    async as(roles, username = `u_${roles.join('_').toLowerCase()}`.slice(0, 60)) {
      let token = tokens.get(username);
      if (!token) {
        await ctx.resource('User').repo.create(
          {
            username,
            email: `${username.replace(/[^a-z0-9.]/g, '')}@prova.it`,
            name: 'Prova',
            surname: 'Test',
            roles,
            active: 'true',
          },
          { passwordHash: cachedHash },
        );
        const res = await app.inject({
          method: 'POST',
          url: '/login_check',
          payload: { username, password: TEST_PASSWORD },
        });
        token = (res.json() as { token: string }).token;
        tokens.set(username, token);
      }
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await dropDb();
    },
  };
}
