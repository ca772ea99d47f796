/**
 * Writes tests/fixtures/upgrade/<release>.sql: the database of a released version, with its demo data
 * and a few rows an upgrade must keep, as a plain SQL dump. The upgrade test loads it into PGlite and
 * PostgreSQL and starts the current app on it.
 *
 *   npx tsx scripts/makeUpgradeFixture.ts <commit of the release>
 *
 * The release is checked out in a temporary git worktree (sharing this one's node_modules) and its own
 * app builds the database, so the dump is that release's schema, not today's.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from './lib/postgresServer.ts';

const commit = process.argv[2];
if (!commit) {
  console.error('Uso: npx tsx scripts/makeUpgradeFixture.ts <commit della release>');
  process.exit(1);
}
const root = process.cwd();
const version = JSON.parse(execFileSync('git', ['show', `${commit}:package.json`], { encoding: 'utf8' })).version;
const out = path.join(root, 'tests/fixtures/upgrade', `release-${version}.sql`);
const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-release-'));
const server = startPostgres();
try {
  execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { stdio: 'inherit' });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
  // The release's own code builds and seeds its database; a negotiation written by SQL without
  // "archiviata" stands for the rows loaded from the previous system (migration 0001 fills them).
  fs.writeFileSync(
    path.join(tree, 'buildReleaseDb.ts'),
    `import { buildApp } from './src/server/app.ts';
import { seed } from './src/server/seed/seed.ts';
const { app, ctx } = await buildApp({ databaseUrl: process.env.FIXTURE_DB, log: { level: 'silent' }, routingUrl: null, mail: { smtpUrl: null } });
await seed(ctx, { adminPassword: 'Fixture-Admin-1', demoData: true });
const negotiations = ctx.resource('TrattativaCp').repo;
await negotiations.create({ ragioneSociale: 'Edilizia Brambilla S.r.l.', partitaIva: '12345678901', email: 'ufficio@brambilla.example', note: 'Richiede piattaforma 16 m', archiviata: 'N' });
await negotiations.create({ ragioneSociale: 'Scavi Rossi S.n.c.', partitaIva: '10987654321', archiviata: 'Y' });
await ctx.db.query(\`INSERT INTO "trattativaCp" ("ragioneSociale", "partitaIva", "archiviata", "dataInserimento") VALUES ('Impresa Legacy S.p.A.', '01234567890', NULL, '2024-03-05T09:00:00Z')\`);
await app.close();
`,
  );
  execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['buildReleaseDb.ts'], {
    cwd: tree,
    stdio: 'inherit',
    env: { ...process.env, FIXTURE_DB: server.url, DATA_DIR: path.join(tree, 'data') },
  });
  const dump = execFileSync(
    path.join(process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin', 'pg_dump'),
    ['--inserts', '--no-owner', '--no-privileges', '--no-comments', '--dbname', server.url],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  // \restrict and \unrestrict are psql's commands: the test sends the dump to the server directly.
  const sql = dump.replace(/^\\(un)?restrict .*$/gm, '');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `-- The database of release ${version} (commit ${commit}), demo data included: written by\n-- scripts/makeUpgradeFixture.ts, read by src/server/db/upgrade.test.ts. Do not edit.\n${sql}`,
  );
  console.log(`Scritto ${path.relative(root, out)} (${Math.round(dump.length / 1024)} KB)`);
} finally {
  server.stop();
  execFileSync('git', ['worktree', 'remove', '--force', tree], { stdio: 'inherit' });
}
