/** Written by the build (scripts/lib/routePreloadsPlugin.ts) beside index.html; read by the server (plugins/webApp.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The <meta> in which the server names a list route's `app` files, for the first frame to preload once drawn. */
export const APP_PRELOADS_META = 'app-preloads';

/**
 * A list's route → the built files beyond the entry's, as absolute paths: those its first frame needs
 * (preloaded with the page), then those of the signed-in app it hands over to (preloaded once the rows are drawn).
 */
export type RoutePreloads = Record<string, { frame: string[]; app: string[] }>;
