import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../src/server/db/createDb.ts';
import { readDemoPasswords } from '../../src/server/seed/seed.ts';
import { freePort } from './freePort.ts';
import { startProcess } from './startProcess.ts';
import { cheapenPasswords } from './testPasswords.ts';

/**
 * A server's first start on PGlite (initdb, every table, the admin and maybe the demo, a password hash at the
 * production cost per user) is most of a short test's time. Made once for a run, here: the real server's
 * first start, stopped, its users' passwords then re-hashed at the test cost straight in the database (no
 * switch of the product's), its signing secret removed so that each server copying it makes its own.
 */
export async function seedDataDir(
  env: { ADMIN_PASSWORD: string; DEMO_DATA: string },
  prefix = 'crm-seeded-',
): Promise<{ dir: string; remove: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = await startProcess('node_modules/.bin/tsx', ['src/server/main.ts'], /CRM Noleggi: http/, {
    env: { PORT: String(freePort()), HOST: '127.0.0.1', DATA_DIR: dir, API_CHECK_RESPONSES: '1', ...env },
    timeoutMs: 180_000,
  });
  await server.stop();
  const db = await createDb({ dataDir: path.join(dir, 'pgdata') });
  try {
    await cheapenPasswords(db, seededPasswords(dir, env.ADMIN_PASSWORD));
  } finally {
    await db.close();
  }
  fs.rmSync(path.join(dir, 'jwt-secret'), { force: true });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Every password a server's first start gave: the admin's and the demo users'. */
export const seededPasswords = (dataDir: string, adminPassword: string): [string, string][] => [
  ['admin', adminPassword],
  ...readDemoPasswords(dataDir),
];

/** The admin's password in the data directory seeded for the contract project's child servers. */
export const SEEDED_ADMIN_PASSWORD = 'Collaudo-2025!';

/**
 * A fresh data directory filled with the one the contract project's globalSetup seeded (an admin, no demo):
 * for the child-server tests whose subject is not the first start itself.
 */
export function copySeededDataDir(seeded: string, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(seeded, dir, { recursive: true });
  return dir;
}
