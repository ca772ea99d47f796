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
 * The headers helmet sets with these options, worked out once: its middleware (and @fastify/helmet, which
 * builds a new one for every request) parses the options again on every call, some 6 % of a list's CPU.
 * Ours are the same for every request (no nonces), so they are asked of helmet once.
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => set.set(name, String(value)),
    removeHeader: (name: string) => remove.push(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set: [...set], remove };
}

/** Helmet's headers with our CSP, Referrer-Policy same-origin, and API answers never cached. */
export async function securityHeaders(app: FastifyInstance, runtime: RuntimeConfig): Promise<void> {
  const headers = helmetHeaders({
    // Only our directives: helmet's defaults add upgrade-insecure-requests, which breaks plain-http LAN installs.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(runtime) },
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const isApi = (req: FastifyRequest) => req.routeOptions.config?.api === true || req.url.startsWith('/api/');
  // On the raw answer, as helmet writes them, so that streams (the hub) carry them too; a handler's own
  // Content-Security-Policy or Cache-Control replaces them.
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of headers.set) reply.raw.setHeader(name, value);
    for (const name of headers.remove) reply.raw.removeHeader(name);
    if (isApi(req)) reply.header('Cache-Control', 'no-store');
    done();
  });
}
