/**
 * Distance from the rental branch to the site, when no routing service answers: the great-circle
 * distance stretched by a road factor, driven at an average speed. Both constants are deliberately
 * round and conservative for a truck carrying a machine on Italian roads; a routing service, when
 * configured on the server, replaces the estimate with real road figures.
 */

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;
/** Road km per straight-line km: Italian road networks run 1.2–1.4 times the straight line; 1.3 is the middle. */
export const ROAD_FACTOR = 1.3;
/** Average speed of a truck with a machine on board, mixing town, provincial roads and motorway. */
export const AVERAGE_SPEED_KMH = 50;

export interface LatLng {
  latitude: number;
  longitude: number;
}

export type DistanceSource = 'routing' | 'straight-line' | 'typed';

/** Km and driving minutes from the branch to the site, and where they come from. */
export interface DistanceEstimate {
  km: number;
  minutes: number;
  source: DistanceSource;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Driving minutes for road km at the average speed. */
export function minutesForKm(km: number): number {
  return (km / AVERAGE_SPEED_KMH) * 60;
}

/** The embedded estimate: haversine × road factor, minutes at the average speed. */
export function straightLineEstimate(branch: LatLng, site: LatLng): DistanceEstimate {
  const km = haversineKm(branch, site) * ROAD_FACTOR;
  return { km, minutes: minutesForKm(km), source: 'straight-line' };
}

/** Km typed by the user (`trasportoRitornoKmCompilatoDaUtente`): the minutes follow from the average speed. */
export function typedKmEstimate(km: number): DistanceEstimate {
  return { km, minutes: minutesForKm(km), source: 'typed' };
}
