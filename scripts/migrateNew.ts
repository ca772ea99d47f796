/**
 * `npm run migrate:new <name>`: starts the next versioned migration, migrations/NNNN_<name>.sql.
 * How to write one: README.md, "Upgrades and migrations".
 */
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, MIGRATION_NAME, readMigrations } from '../src/server/db/migrations.ts';

const name = (process.argv[2] ?? '')
  .trim()
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_+|_+$/g, '');
if (!name) {
  console.error('Uso: npm run migrate:new <nome> (es. npm run migrate:new rinomina_note_cliente)');
  process.exit(1);
}
const last = readMigrations().at(-1);
const number = String(Number(MIGRATION_NAME.exec(last?.name ?? '')?.[1] ?? 0) + 1).padStart(4, '0');
const file = path.join(MIGRATIONS_DIR, `${number}_${name}.sql`);
fs.mkdirSync(MIGRATIONS_DIR, { recursive: true });
fs.writeFileSync(
  file,
  `-- ${number}_${name}: <what changes for the user, and why the additive path cannot do it>
-- Runs once, at the first start of the release that brings it, in one transaction (no BEGIN/COMMIT here),
-- after the additive path has added the schemas' new tables and columns. Never edit it once released:
-- a changed file stops the start; write the next migration instead.

`,
  { flag: 'wx' },
);
console.log(`Creata ${path.relative(process.cwd(), file)}`);
