import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { APP_PRELOADS_META, ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../domain/routePreloads.ts';
import { MESSAGES } from '../http/httpError.ts';
import type { RuntimeConfig } from '../http/runtimeConfig.ts';

const META: Record<keyof RuntimeConfig, string> = {
  apiBase: 'api-base',
  msClientId: 'ms-client-id',
  msTenantId: 'ms-tenant-id',
  mapTileUrl: 'map-tile-url',
  mapGeocoderUrl: 'map-geocoder-url',
};
/** The <meta> tags of index.html that carry the runtime configuration. */
export const RUNTIME_META_NAMES = Object.values(META);

const attribute = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Serves the built web app from dist/: hashed assets cached for a year, every other GET
 * outside the API answered with index.html (a route of the single-page app), carrying the runtime config.
 */
export async function webApp(app: FastifyInstance, dist: string, runtime: RuntimeConfig): Promise<boolean> {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  let index = fs.readFileSync(indexFile, 'utf8');
  for (const [key, name] of Object.entries(META) as [keyof RuntimeConfig, string][]) {
    // Written either way (<meta …> or <meta … />): a formatter must not silently switch the configuration off.
    const tag = new RegExp(`<meta name="${name}" content="[^"]*"\\s*/?>`);
    if (!tag.test(index)) throw new Error(`dist/index.html: <meta name="${name}"> missing`);
    index = index.replace(tag, () => `<meta name="${name}" content="${attribute(runtime[key])}" />`);
  }
  // A list's address: its first frame's files download beside the entry, the app's are named for later
  // (scripts/lib/routePreloadsPlugin.ts).
  const preloadsFile = path.join(dist, ROUTE_PRELOADS_FILE);
  const preloads = fs.existsSync(preloadsFile)
    ? (JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as RoutePreloads)
    : {};
  const indexFor = new Map(
    Object.entries(preloads).map(([route, { frame, app: later }]) => [
      route,
      index.replace(
        '</head>',
        () =>
          `${frame.map((f) => `<link rel="modulepreload" crossorigin href="${attribute(f)}" />`).join('')}` +
          `<meta name="${APP_PRELOADS_META}" content="${attribute(later.join(' '))}" /></head>`,
      ),
    ]),
  );
  await app.register(fastifyStatic, {
    root: dist,
    index: false,
    wildcard: false,
    cacheControl: false,
    // Hashed assets never change; the service worker and everything else must be revalidated.
    setHeaders: (res, file) => {
      res.header(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/'))
      return reply
        .type('text/html')
        .header('Cache-Control', 'no-cache')
        .send(indexFor.get(req.url.split('?')[0] ?? '') ?? index);
    return reply.code(404).send({ code: 404, message: MESSAGES.routeNotFound });
  });
  return true;
}
