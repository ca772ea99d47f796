import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { seed } from './seed/seed.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');

const { app, ctx } = await buildApp({
  dataDir,
  databaseUrl: process.env.DATABASE_URL,
  logger: process.env.LOG === '1',
  webRoot: fileURLToPath(new URL('../../dist', import.meta.url)),
  apiPublicUrl: process.env.API_PUBLIC_URL,
});
const seeded = await seed(ctx, { adminPassword: process.env.ADMIN_PASSWORD, demoData: process.env.DEMO_DATA !== '0' });

await app.listen({ port, host });
console.log(
  `\nCRM Noleggi: http://${host}:${port}  (database: ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${dataDir}`})`,
);
if (seeded.adminPassword)
  console.log(`Accesso: utente "admin", password "${seeded.adminPassword}" (salvata in ${seeded.passwordFile})`);
else if (process.env.ADMIN_PASSWORD) console.log('Accesso: utente "admin" con la password di ADMIN_PASSWORD');
else console.log(`Accesso: utente "admin", password in ${path.join(dataDir, 'admin-password.txt')}`);
if (seeded.demoPassword)
  console.log(
    `Dati dimostrativi: un utente per ruolo (es. "crm", "utente.cp", "inventario"), password "${seeded.demoPassword}"`,
  );

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
