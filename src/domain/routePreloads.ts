/** Written by the build (scripts/lib/routePreloadsPlugin.ts) beside index.html; read by the server (plugins/webApp.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A list's route → the built files its first frame needs beyond the entry's, as absolute paths. */
export type RoutePreloads = Record<string, string[]>;
