import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import type { AppContext } from '../../src/server/context.ts';
import { createDb } from '../../src/server/db/createDb.ts';
import { hashPassword, type ScryptCost } from '../../src/server/auth/passwords.ts';
import { emptyCluster } from './migratedDatabase.ts';
import { TEST_SCRYPT_COST } from './testPasswords.ts';

export { emptyCluster };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Creates (once) a user with these roles and returns its Authorization header. */
  as(roles: string[], username?: string): Promise<{ authorization: string }>;
  /**
   * Another server process on the same database, with the same signing secret (two workers of one
   * outbox). Close it before the app it came from.
   */
  sibling(options?: TestAppOptions): Promise<TestApp>;
  close(): Promise<void>;
}

export type TestAppOptions = Pick<
  AppOptions,
  | 'accessTokenTtl'
  | 'microsoft'
  | 'erp'
  | 'mail'
  | 'limits'
  | 'log'
  | 'apiPublicUrl'
  | 'webRoot'
  | 'maxUploadBytes'
  | 'routingUrl'
  | 'storageDir'
  | 'trustProxy'
  | 'passwordCost'
>;

export const TEST_PASSWORD = 'Password123!';

/** TEST_PASSWORD hashed once per cost. */
const hashes = new Map<ScryptCost, Promise<string>>();

/**
 * A guesser is slowed down by 20 ms a step instead of a second: the guard's counts, refusals and queue order are
 * the same, without a test waiting seconds for each guess (`loginGuard.test.ts` checks a step of the real length).
 */
export const TEST_LOGIN_STEP_MS = 20;

// Tests never take SMTP_URL from the environment: a test that delivers passes its in-process server.
const withTestMail = (options: TestAppOptions): TestAppOptions => ({
  log: { level: 'silent' },
  routingUrl: null,
  passwordCost: TEST_SCRYPT_COST,
  ...options,
  limits: { loginStepMs: TEST_LOGIN_STEP_MS, ...options.limits },
  mail: { smtpUrl: null, ...options.mail },
});

/**
 * A fresh server on a fresh database: in-memory PGlite, or a new database in the
 * PostgreSQL of this run when the project provides one (vitest project "server-postgres"). Either starts
 * from the schema the run's global setup built (migratedDatabase.ts), when there is one.
 */
export async function testApp(options: TestAppOptions = {}): Promise<TestApp> {
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  const base = (inject as (key: 'postgresUrl') => string | undefined)('postgresUrl');
  if (base) {
    const { default: pg } = await import('pg');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const template = (inject as (key: 'postgresTemplate') => string | undefined)('postgresTemplate');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    databaseUrl = base.replace(/\/postgres$/, `/${name}`);
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const jwtSecret = randomBytes(32).toString('hex');
  const db = databaseUrl ? undefined : await createDb({ snapshot: await migratedCluster() });
  const settings = withTestMail(options);
  const first = await buildApp({ databaseUrl, db, jwtSecret, ...settings });

  function wrap({ app, ctx }: Awaited<ReturnType<typeof buildApp>>, close: () => Promise<void>): TestApp {
    return {
      app,
      ctx,
      as: signIn(app, ctx, settings.passwordCost ?? TEST_SCRYPT_COST),
      async sibling(more = {}) {
        // PGlite lives in this process, so the sibling shares the object; PostgreSQL: the same database.
        const other = await buildApp({
          ...(databaseUrl ? { databaseUrl } : { db: first.ctx.db }),
          jwtSecret,
          ...withTestMail({ passwordCost: settings.passwordCost, ...more }),
        });
        return wrap(other, () => other.app.close());
      },
      close,
    };
  }

  return wrap(first, async () => {
    await first.app.close();
    await db?.close();
    await dropDb();
  });
}

/** The dump of a migrated cluster this run's global setup made (tests/helpers/migratedDatabase.ts), read once. */
let migrated: Promise<Blob> | undefined;
function migratedCluster(): Promise<Blob> {
  const file = (inject as (key: 'pgliteSnapshot') => string | undefined)('pgliteSnapshot');
  migrated ??= file ? fs.promises.readFile(file).then((bytes) => new Blob([bytes])) : emptyCluster();
  return migrated;
}

function signIn(app: FastifyInstance, ctx: AppContext, cost: ScryptCost): TestApp['as'] {
  const tokens = new Map<string, string>();
  return async (roles, username = `u_${roles.join('_').toLowerCase()}`.slice(0, 60)) => {
    let token = tokens.get(username);
    if (!token) {
      let hash = hashes.get(cost);
      if (!hash) hashes.set(cost, (hash = hashPassword(TEST_PASSWORD, cost)));
      await ctx.resource('User').repo.create(
        {
          username,
          email: `${username.replace(/[^a-z0-9.]/g, '')}@prova.it`,
          name: 'Prova',
          surname: 'Test',
          roles,
          active: 'true',
        },
        { passwordHash: await hash },
      );
      const res = await app.inject({
        method: 'POST',
        url: '/login_check',
        payload: { username, password: TEST_PASSWORD },
      });
      token = res.json<{ token: string }>().token;
      tokens.set(username, token);
    }
    return { authorization: `Bearer ${token}` };
  };
}
