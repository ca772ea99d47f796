/** SPEC.md section 9: after a failed code-chunk load the page reloads at most once a minute. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function shouldReloadAfterChunkError(lastReload: number | null, now: number): boolean {
  return lastReload === null || now - lastReload >= CHUNK_RELOAD_INTERVAL_MS;
}
