import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { RuntimeConfig } from '../http/runtimeConfig.ts';

const MICROSOFT_LOGIN = 'https://login.microsoftonline.com';

/**
 * The origin a URL template (map tiles `{s}.tile…/{z}/{x}/{y}.png`, the geocoder, the API) loads
 * from, as a CSP source: a `{s}` subdomain becomes a wildcard. Empty when there is none.
 */
export function sourceOf(template: string): string[] {
  if (!template) return [];
  try {
    const url = new URL(template.replace(/\{s\}/g, 'subdominio-variabile').replace(/\{[^}]*\}/g, '0'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
    return [url.origin.replace('subdominio-variabile', '*')];
  } catch {
    return [];
  }
}

/** The Content-Security-Policy of the app: its own scripts only, and the few origins it talks to. */
export function contentSecurityPolicy(runtime: RuntimeConfig): Record<string, string[]> {
  const microsoft = runtime.msClientId ? [MICROSOFT_LOGIN] : [];
  return {
    defaultSrc: ["'self'"],
    // Scripts only from the app's own files, never inline. 'unsafe-eval' because the forms validate
    // with ajv, which compiles each schema into a function; precompiled validators would remove it.
    scriptSrc: ["'self'", "'unsafe-eval'"],
    // MUI (emotion) and Leaflet write styles at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...sourceOf(runtime.mapTileUrl)],
    connectSrc: ["'self'", ...sourceOf(runtime.apiBase), ...sourceOf(runtime.mapGeocoderUrl), ...microsoft],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameSrc: microsoft.length ? microsoft : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Helmet's headers, the same for every answer: written once here and set on each. @fastify/helmet built them
 * again for every request, parsing the CSP each time (3 % of a list request's CPU).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = { setHeader: (name: string, value: string) => void (headers[name] = value), removeHeader() {} };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}

/** Helmet's headers with our CSP, Referrer-Policy same-origin, and API answers never cached. */
export function securityHeaders(app: FastifyInstance, runtime: RuntimeConfig): void {
  const headers = helmetHeaders({
    // Only our directives: helmet's defaults add upgrade-insecure-requests, which breaks plain-http LAN installs.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(runtime) },
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  const isApi = (req: FastifyRequest) => req.routeOptions.config?.api === true || req.url.startsWith('/api/');
  app.addHook('onSend', async (req, reply) => {
    if (isApi(req) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}
