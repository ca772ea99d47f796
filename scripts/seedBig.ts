// npm run seed:big -- --customers 100000 --negotiations 1000000
// Fills the PostgreSQL of DATABASE_URL with a data set of a real size (scripts/lib/bigData.ts): first the
// tables (as a start does), the admin and the demo configuration when the database is new, then customers
// and negotiations up to the numbers asked for (a second run adds only what is missing). For benchmarks and
// for trying the screens at that size: `DATABASE_URL=… npm start` afterwards.
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { seed } from '../src/server/seed/seed.ts';
import { checkNegotiations, fillCustomers, fillNegotiations } from './lib/bigData.ts';

const MAX = 10_000_000;
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { customers: { type: 'string', default: '100000' }, negotiations: { type: 'string', default: '0' } },
});
const amount = (name: 'customers' | 'negotiations') => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0 || n > MAX) {
    console.error(`--${name}: un numero intero da 0 a ${MAX.toLocaleString('it-IT')}`);
    process.exit(2);
  }
  return n;
};
const customers = amount('customers');
const negotiations = amount('negotiations');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('seed:big riempie un PostgreSQL: impostare DATABASE_URL=postgres://utente@host/database');
  process.exit(2);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const started = performance.now();
const { app, ctx } = await buildApp({ databaseUrl, dataDir: process.env.DATA_DIR ?? 'data', log: { level: 'warn' } });
try {
  const first = await seed(ctx, { adminPassword: process.env.ADMIN_PASSWORD, demoData: true });
  if (first.passwordFile) console.log(`Utente admin creato: password in ${first.passwordFile}`);
  if (first.demoPasswordFile)
    console.log(`Dati dimostrativi caricati: password degli utenti in ${first.demoPasswordFile}`);
  let since = performance.now();
  const addedCustomers = await fillCustomers(ctx, customers, (line) => process.stdout.write(`\r${line}`));
  console.log(`\nClienti aggiunti: ${addedCustomers.toLocaleString('it-IT')} in ${seconds(since)}`);
  if (negotiations > 0) {
    since = performance.now();
    const added = await fillNegotiations(ctx, negotiations);
    console.log(`Trattative aggiunte: ${added.toLocaleString('it-IT')} in ${seconds(since)}`);
    const problems = await checkNegotiations(ctx);
    if (problems.length > 0) {
      console.error(`Trattative non come le scriverebbe l'app:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    }
  }
  const { rows } = await ctx.db.query<{ c: number; t: number }>(
    `SELECT (SELECT count(*) FROM customer)::int AS c, (SELECT count(*) FROM "trattativaCp")::int AS t`,
  );
  console.log(
    `Ora: ${rows[0]?.c.toLocaleString('it-IT')} clienti, ${rows[0]?.t.toLocaleString('it-IT')} trattative (${seconds(started)} in tutto)`,
  );
} finally {
  await app.close();
}
