import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { crudRepository, repositoryOn } from '../crud/crudRepository.ts';
import type { Queryable, Transaction } from '../db/Db.ts';
import { underSchemaLock } from '../db/migrations.ts';
import { DEMO_DATA, DEMO_USERS } from './demoData.ts';
import { demoWeekOfCalls, ingestCalls } from '../domains/contact-centre/index.ts';

export interface SeedResult {
  /** Set only when the admin was created now. */
  adminPassword?: string;
  passwordFile?: string;
  /** Set only when the demo users were created now: each one's random password, also saved in demoPasswordFile. */
  demoPasswords?: { username: string; password: string }[];
  demoPasswordFile?: string;
}

export interface SeedOptions {
  adminPassword?: string;
  demoData: boolean;
  /** Also mark the workflows' demo to be loaded (loadDemoWorkflows, through the app's calls once this commits). */
  demoWorkflows?: boolean;
}

export const DEMO_PASSWORD_FILE = 'demo-passwords.txt';

/**
 * Demo data goes where a newcomer needs it, the embedded database, and never into a PostgreSQL
 * server unless asked for with DEMO_DATA=1.
 */
export function demoDataWanted(env: NodeJS.ProcessEnv): boolean {
  return env.DEMO_DATA === '1' || env.DEMO_DATA === 'base' || (env.DEMO_DATA !== '0' && !env.DATABASE_URL);
}

/**
 * The workflows' demo (negotiations, offers, check-ins, inventories, plannings, pictures) comes with the demo
 * data unless `DEMO_DATA=base`: the tables, users and calls alone, on which the browser tests count rows.
 */
export function demoWorkflowsWanted(env: NodeJS.ProcessEnv): boolean {
  return demoDataWanted(env) && env.DEMO_DATA !== 'base';
}

/** How many of the demo users this database holds (the start log says so every time). */
export async function demoUsersPresent(ctx: AppContext): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "user" WHERE username = ANY($1)`, [
    DEMO_USERS.map((u) => u.username),
  ]);
  return rows[0]?.n ?? 0;
}

/** The demo users' passwords as saved at the first start: `username password` per line. */
export function readDemoPasswords(dataDir: string): Map<string, string> {
  const file = path.join(dataDir, DEMO_PASSWORD_FILE);
  if (!fs.existsSync(file)) return new Map();
  return new Map(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => l.trim().split(/\s+/) as [string, string]),
  );
}

/**
 * On an empty database: the super admin `admin` and, unless disabled, the demo data. All of it in one
 * transaction under the schema lock (db/migrations.ts), the users counted again once it is held: of N
 * processes starting together on an empty PostgreSQL one seeds, the others wait and find it done; a
 * start killed half-way leaves nothing, and the next one seeds again.
 */
export async function seed(ctx: AppContext, options: SeedOptions): Promise<SeedResult> {
  const users = async (q: Queryable) =>
    (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM "user"`)).rows[0]?.n ?? 0;
  // Every start but the first ends here, without waiting for the lock.
  if ((await users(ctx.db)) > 0) return {};
  return underSchemaLock(ctx.db, async (tx) => {
    if ((await users(tx)) > 0) return {};
    return seedEmpty(ctx, tx, options);
  });
}

async function seedEmpty(ctx: AppContext, tx: Transaction, options: SeedOptions): Promise<SeedResult> {
  const adminPassword = options.adminPassword || randomBytes(12).toString('base64url');
  const users = crudRepository(tx, ctx.resource('User').model);
  await users.create(
    {
      username: 'admin',
      email: 'admin@rossinoleggi.it',
      name: 'Amministratore',
      surname: 'di sistema',
      roles: ['ROLE_SUPER_ADMIN'],
      active: 'true',
    },
    { passwordHash: await hashPassword(adminPassword) },
  );
  const result: SeedResult = {};
  // The files are written before the transaction commits: a password is never lost to a crash (a file
  // left by a start that did not commit is written again by the next one).
  if (!options.adminPassword) {
    result.adminPassword = adminPassword;
    result.passwordFile = path.join(ctx.config.dataDir, 'admin-password.txt');
    fs.mkdirSync(ctx.config.dataDir, { recursive: true });
    fs.writeFileSync(result.passwordFile, `${adminPassword}\n`, { mode: 0o600 });
  }
  if (!options.demoData) return result;
  const agents = new Map<string, unknown>();
  for (const [typeName, records] of DEMO_DATA) {
    const repo = crudRepository(tx, ctx.resource(typeName).model);
    for (const r of records) {
      const created = await repo.create({ codiceLingua: 'it', ...r }, r);
      if (typeName === 'Agent') agents.set(String(r.name), created.id);
    }
  }
  // A week of the switchboard, posted as the PBX would: call report, missed calls and their call-backs.
  await ingestCalls(ctx, demoWeekOfCalls(), tx);
  // The settings record exists from the first start; the demo fills in the company's own values.
  const settings = repositoryOn(tx, ctx.resource('AltraConfigurazione'));
  const stored = await settings.single();
  if (stored)
    await settings.update(stored.id, { codiceClienteListini: '111', emailMittente: 'noleggio@rossinoleggi.it' });
  if (options.demoWorkflows) {
    await tx.query(`INSERT INTO "demoDati" (id, stato) VALUES (1, 'da caricare') ON CONFLICT (id) DO NOTHING`);
  }
  // Each demo user its own random password: none is written anywhere but in the data directory.
  const demoPasswords = DEMO_USERS.map((u) => ({
    username: u.username,
    password: randomBytes(9).toString('base64url'),
  }));
  const hashes = await Promise.all(demoPasswords.map((p) => hashPassword(p.password)));
  for (const [i, u] of DEMO_USERS.entries()) {
    await users.create(
      {
        username: u.username,
        email: `${u.username}@rossinoleggi.it`,
        name: u.name,
        surname: u.surname,
        roles: u.roles,
        active: 'true',
        category: 'CRM',
        filialiIds: [1],
        // A salesperson who is also an agent is linked to it: her activities and customers carry her as Agente.
        agentId: agents.get(`${u.name} ${u.surname}`) ?? null,
      },
      { passwordHash: hashes[i] },
    );
  }
  result.demoPasswords = demoPasswords;
  result.demoPasswordFile = path.join(ctx.config.dataDir, DEMO_PASSWORD_FILE);
  fs.mkdirSync(ctx.config.dataDir, { recursive: true });
  fs.writeFileSync(
    result.demoPasswordFile,
    `# Password degli utenti dimostrativi, generate al primo avvio\n${demoPasswords.map((p) => `${p.username} ${p.password}`).join('\n')}\n`,
    { mode: 0o600 },
  );
  return result;
}
