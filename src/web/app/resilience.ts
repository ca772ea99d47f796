import { shouldReloadAfterChunkError } from '../../domain/reloadGuard.ts';
import { prefetchWhenIdle } from '../ui/prefetchWhenIdle.ts';

const KEY = 'crm_chunk_reload';

/** A new deployment removed the chunk this page wants: reload, but never in a loop. */
export function reloadAfterChunkError(): void {
  const last = Number(sessionStorage.getItem(KEY)) || null;
  if (!shouldReloadAfterChunkError(last, Date.now())) return;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
}

export function installResilience(prefetch: () => Promise<unknown>): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline, a reload fetches nothing new and loses what the page holds (a check-in being filled in the yard): the
    // error goes to whatever was loading (a prefetch ignores it, a screen shows its error).
    if (!navigator.onLine) return;
    event.preventDefault();
    reloadAfterChunkError();
  });
  // While the user reads the login page, the rest of the app arrives.
  prefetchWhenIdle(prefetch);
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  }
}
