import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../http/httpError.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONTRACT = fileURLToPath(new URL('../../../../generated/openapi.json', import.meta.url));
const REDOC = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * The page's own policy, stricter than an app page in what it loads (only this server) and looser in one
 * point: Redoc's styled-components write <style> elements at run time, so styles may be inline. Its
 * search runs in a worker built from a blob. No inline script, no eval, nothing from another origin.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>CRM Noleggi: riferimento delle API</title>
    <link rel="stylesheet" href="/api/docs/docs.css" />
  </head>
  <body>
    <div id="redoc"></div>
    <script src="/api/docs/redoc.standalone.js"></script>
    <script src="/api/docs/docs.js"></script>
  </body>
</html>
`;

/**
 * Redoc's sidebar credits Redocly with a logo it fetches from cdn.redoc.ly: this page loads nothing from
 * another origin (its policy would block it and the console would say so), so the credit gets a small
 * picture of its own, inline.
 */
export const REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOCAL_LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%231565c0'/%3E%3Cpath d='M4 4h8M4 8h8M4 12h5' stroke='white' stroke-width='1.6'/%3E%3C/svg%3E";
export const withoutRemoteLogo = (bundle: string) => bundle.split(REMOTE_LOGO).join(LOCAL_LOGO);

/**
 * For API reviewers: `/api/docs`, the contract as a readable reference (Redoc, served from this server,
 * loaded by that page only), and the contract itself, bundled in one document: `/api/openapi.json` and
 * `/api/openapi.yaml`. Public, like the contract in the repository: it holds no data and no secret.
 */
export async function apiDocs(app: FastifyInstance): Promise<void> {
  const json = fs.readFileSync(CONTRACT, 'utf8');
  // Written on the first request, not at every start (a third of a second of a server's start).
  let yaml: Promise<string> | undefined;
  const files = {
    'redoc.standalone.js': { file: REDOC, type: 'text/javascript; charset=utf-8' },
    'docs.js': { file: path.join(here, 'docs.js'), type: 'text/javascript; charset=utf-8' },
    'docs.css': { file: path.join(here, 'docs.css'), type: 'text/css; charset=utf-8' },
  } as const;
  // Read on the first request too: few servers are ever asked for their docs.
  const assets = new Map<string, { body: Buffer; type: string }>();
  const asset = (name: string) => {
    if (!Object.hasOwn(files, name) || assets.has(name)) return assets.get(name);
    const { file, type } = files[name as keyof typeof files];
    const body = fs.readFileSync(file);
    assets.set(name, {
      body: name === 'redoc.standalone.js' ? Buffer.from(withoutRemoteLogo(body.toString('utf8'))) : body,
      type,
    });
    return assets.get(name);
  };

  app.get('/api/docs', async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', DOCS_CSP)
      .header('Cache-Control', 'no-cache')
      .send(PAGE),
  );
  app.get<{ Params: { asset: string } }>('/api/docs/:asset', async (req, reply) => {
    const found = asset(req.params.asset);
    if (!found) return reply.code(404).send({ code: 404, message: MESSAGES.notFound });
    return reply.type(found.type).header('Cache-Control', 'public, max-age=3600').send(found.body);
  });
  app.get('/api/openapi.json', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(json),
  );
  app.get('/api/openapi.yaml', async (_req, reply) => {
    yaml ??= import('yaml').then(({ stringify }) => stringify(JSON.parse(json), { lineWidth: 0 }));
    return reply
      .type('application/yaml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await yaml);
  });
}
