import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { DEMO_DATA, DEMO_USERS } from './demoData.ts';

export interface SeedResult {
  /** Set only when the admin was created now. */
  adminPassword?: string;
  passwordFile?: string;
  demoPassword?: string;
}

export const DEMO_PASSWORD = 'Noleggio2025!';

/** On an empty database: the super admin `admin` and, unless disabled, the demo data. */
export async function seed(
  ctx: AppContext,
  options: { adminPassword?: string; demoData: boolean },
): Promise<SeedResult> {
  const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "user"`);
  if ((rows[0]?.n ?? 0) > 0) return {};
  const adminPassword = options.adminPassword || randomBytes(12).toString('base64url');
  const users = ctx.resource('User').repo;
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
  if (!options.adminPassword) {
    result.adminPassword = adminPassword;
    result.passwordFile = path.join(ctx.config.dataDir, 'admin-password.txt');
    fs.mkdirSync(ctx.config.dataDir, { recursive: true });
    fs.writeFileSync(result.passwordFile, `${adminPassword}\n`, { mode: 0o600 });
  }
  if (!options.demoData) return result;
  for (const [typeName, records] of DEMO_DATA) {
    const { repo } = ctx.resource(typeName);
    for (const r of records) await repo.create({ codiceLingua: 'it', ...r }, r);
  }
  // The settings record exists from the first start; the demo fills in the company's own values.
  await ctx.db.query(
    `UPDATE "altraConfigurazione" SET "codiceClienteListini" = '111', "emailMittente" = 'noleggio@rossinoleggi.it'`,
  );
  const demoHash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    await users.create(
      {
        username: u.username,
        email: `${u.username}@rossinoleggi.it`,
        name: u.name,
        surname: u.surname,
        roles: [u.role],
        active: 'true',
        category: 'CRM',
        filialiIds: [1],
      },
      { passwordHash: demoHash },
    );
  }
  result.demoPassword = DEMO_PASSWORD;
  return result;
}
