import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { buildApp } from './app.ts';
import { seed } from './seed/seed.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const dist = fileURLToPath(new URL('../../dist', import.meta.url));

const { app, ctx } = await buildApp({ dataDir, databaseUrl: process.env.DATABASE_URL, logger: process.env.LOG === '1' });
const seeded = await seed(ctx, { adminPassword: process.env.ADMIN_PASSWORD, demoData: process.env.DEMO_DATA !== '0' });

if (fs.existsSync(path.join(dist, 'index.html'))) {
  const apiBase = process.env.API_PUBLIC_URL ?? '';
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8').replace('<meta name="api-base" content="">', `<meta name="api-base" content="${apiBase.replace(/"/g, '')}">`);
  await app.register(fastifyStatic, { root: dist, index: false, wildcard: false, maxAge: '1y', immutable: true, allowedPath: (p) => p.startsWith('/assets/') || /^\/[\w.-]+\.(svg|png|ico|js|txt|webmanifest)$/.test(p) });
  // Every other GET outside the API is a route of the single-page app.
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/')) return reply.type('text/html').header('Cache-Control', 'no-cache').send(index);
    return reply.code(404).send({ code: 404, message: 'Pagina non trovata' });
  });
}

await app.listen({ port, host });
const url = `http://${host}:${port}`;
console.log(`\nCRM Noleggi: ${url}  (database: ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${path.relative(process.cwd(), dataDir) || '.'}`})`);
if (seeded.adminPassword) console.log(`Accesso: utente "admin", password "${seeded.adminPassword}" (salvata in ${seeded.passwordFile})`);
else if (!process.env.ADMIN_PASSWORD) console.log(`Accesso: utente "admin", password in ${path.join(dataDir, 'admin-password.txt')}`);
else console.log('Accesso: utente "admin" con la password di ADMIN_PASSWORD');
if (seeded.demoPassword) console.log(`Dati dimostrativi: un utente per ruolo (es. "crm", "utente.cp", "inventario"), password "${seeded.demoPassword}"`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
