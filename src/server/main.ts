import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirInUse, lockDataDir } from './db/dataDirLock.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');

// The embedded database is one process's: a second start on its folder says so at once (before loading
// the app, seconds of compiling) and touches nothing. With PostgreSQL the folder may be shared.
const dataDirLock = process.env.DATABASE_URL
  ? undefined
  : await lockDataDir(dataDir).catch((err: unknown) => {
      if (!(err instanceof DataDirInUse)) throw err;
      console.error(`\n${err.message}`);
      process.exit(1);
    });

const { buildApp } = await import('./app.ts');
const { DEMO_PASSWORD_FILE, demoDataWanted, demoUsersPresent, demoWorkflowsWanted, readDemoPasswords, seed } =
  await import('./seed/seed.ts');
const { demoOfferUrls, demoState, loadDemoWorkflows } = await import('./seed/demoWorkflows.ts');
const { DEMO_USERS } = await import('./seed/demoData.ts');
const { RoleNameOptions } = await import('../../generated/enums.ts');
const { app, ctx } = await buildApp({
  dataDir,
  dataDirLock,
  databaseUrl: process.env.DATABASE_URL,
  // Warnings and errors always (refused and failed requests); every request with LOG=1.
  log: { level: process.env.LOG === '1' ? 'info' : 'warn' },
  webRoot: fileURLToPath(new URL('../../dist', import.meta.url)),
  apiPublicUrl: process.env.API_PUBLIC_URL,
});
const demoData = demoDataWanted(process.env);
const seeded = await seed(ctx, {
  adminPassword: process.env.ADMIN_PASSWORD,
  demoData,
  demoWorkflows: demoWorkflowsWanted(process.env),
});
await app.listen({ port, host });
console.log(
  `\nCRM Noleggi: http://${host}:${port}  (database: ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${dataDir}`}, Node.js ${process.version})`,
);
if (seeded.adminPassword)
  console.log(`Accesso: utente "admin", password "${seeded.adminPassword}" (salvata in ${seeded.passwordFile})`);
else if (process.env.ADMIN_PASSWORD) console.log('Accesso: utente "admin" con la password di ADMIN_PASSWORD');
else console.log(`Accesso: utente "admin", password in ${path.join(dataDir, 'admin-password.txt')}`);
if (seeded.demoPasswords) {
  console.log(`Dati dimostrativi: caricati ora; un utente per ruolo (password salvate in ${seeded.demoPasswordFile}):`);
  // Each user's roles by their Italian names: what the user can do, next to how to sign in.
  const rolesOf = (username: string) =>
    (DEMO_USERS.find((u) => u.username === username)?.roles ?? [])
      .map((r) => RoleNameOptions.find((o) => o.value === r)?.label ?? r)
      .join(' + ');
  for (const { username, password } of seeded.demoPasswords)
    console.log(`  ${username.padEnd(26)} ${password.padEnd(14)} ${rolesOf(username)}`);
} else {
  const present = await demoUsersPresent(ctx);
  console.log(
    present > 0
      ? `Dati dimostrativi: presenti (${present} utenti dimostrativi; password in ${path.join(dataDir, DEMO_PASSWORD_FILE)})`
      : `Dati dimostrativi: no${demoData ? '' : process.env.DATABASE_URL ? ' (su PostgreSQL solo con DEMO_DATA=1, in un database vuoto)' : ' (DEMO_DATA=0)'}`,
  );
}
// The workflows' demo goes through the app's own calls as the demo users, so once the port is open: the first
// start is not held up by it, and the log says when it is there.
const publicUrl = process.env.PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
const WORKFLOWS = 'Dati dimostrativi delle attività';
async function sayDemoState() {
  const demo = await demoState(ctx.db);
  if (demo.stato === 'caricati') {
    const urls = demoOfferUrls(publicUrl, demo.riferimenti);
    console.log(
      `${WORKFLOWS}: presenti (trattative, offerte, accettazioni, inventari, attività)\n  offerta per il cliente: ${urls.open}\n  offerta firmata:        ${urls.signed}`,
    );
  } else if (demo.stato === 'in caricamento')
    console.log(
      `${WORKFLOWS}: in caricamento in un altro processo, o interrotto da un avvio precedente (per averli completi avviare su un database vuoto)`,
    );
}
if ((await demoState(ctx.db)).stato === 'da caricare') {
  console.log(`${WORKFLOWS}: in caricamento…`);
  const started = performance.now();
  const passwords = seeded.demoPasswords
    ? new Map(seeded.demoPasswords.map((p) => [p.username, p.password]))
    : readDemoPasswords(dataDir);
  void loadDemoWorkflows(app, ctx, passwords).then(
    async (loaded) => {
      if (loaded) console.log(`${WORKFLOWS}: caricati ora in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await sayDemoState();
    },
    (err: unknown) =>
      console.log(`${WORKFLOWS}: caricamento non riuscito (${err instanceof Error ? err.message : String(err)})`),
  );
} else await sayDemoState();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
