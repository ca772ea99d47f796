import { straightLineEstimate, type DistanceEstimate, type LatLng } from '../../../../domain/pricing/index.ts';
import type { Log } from './offerInput.ts';

/** Longest a routing answer is waited for before the straight-line estimate is used instead. */
export const ROUTING_TIMEOUT_MS = 3000;
/** A road longer than this between a branch and a site is a wrong answer, not a rental. */
const MAX_ROAD_KM = 5000;

/** What an OSRM-compatible `/route/v1/driving` answers, as far as it is read. */
interface OsrmRoute {
  code?: unknown;
  routes?: { distance?: unknown; duration?: unknown }[];
}

/**
 * Road km and minutes from the branch to the site: the routing service (ROUTING_URL, OSRM API) when set
 * and answering sensibly within ROUTING_TIMEOUT_MS, else the documented straight-line estimate. A failure
 * is logged (without the positions) and never stops an offer.
 */
export async function branchToSite(
  routingUrl: string | null,
  branch: LatLng,
  site: LatLng,
  log: Log,
): Promise<DistanceEstimate> {
  if (!routingUrl) return straightLineEstimate(branch, site);
  const path = `/route/v1/driving/${branch.longitude},${branch.latitude};${site.longitude},${site.latitude}`;
  try {
    const res = await fetch(`${routingUrl.replace(/\/+$/, '')}${path}?overview=false`, {
      signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as OsrmRoute;
    const route = body.routes?.[0];
    const meters = Number(route?.distance);
    const seconds = Number(route?.duration);
    if (body.code !== 'Ok' || !(meters >= 0) || !(seconds >= 0) || meters / 1000 > MAX_ROAD_KM)
      throw new Error('risposta senza un percorso valido');
    return { km: meters / 1000, minutes: seconds / 60, source: 'routing' };
  } catch (err) {
    log.error(
      { err: err instanceof Error ? err.message : String(err) },
      "Percorso: servizio non disponibile, uso la stima in linea d'aria",
    );
    return straightLineEstimate(branch, site);
  }
}
