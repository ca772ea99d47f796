import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../httpError.ts';

/**
 * Serves the built web app from dist/: hashed assets cached for a year, every other GET
 * outside the API answered with index.html (a route of the single-page app).
 * apiBase, when set, is written into index.html so the app calls the API there (the contract proxy in tests).
 */
export async function webApp(app: FastifyInstance, dist: string, apiBase = ''): Promise<boolean> {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const index = fs.readFileSync(indexFile, 'utf8').replace('<meta name="api-base" content="">', `<meta name="api-base" content="${apiBase.replace(/["<>]/g, '')}">`);
  await app.register(fastifyStatic, { root: dist, index: false, wildcard: false, maxAge: '1y', immutable: true });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/')) return reply.type('text/html').header('Cache-Control', 'no-cache').send(index);
    return reply.code(404).send({ code: 404, message: MESSAGES.routeNotFound });
  });
  return true;
}
