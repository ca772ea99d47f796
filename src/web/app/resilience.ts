import { shouldReloadAfterChunkError } from '../../domain/reloadGuard.ts';

const KEY = 'crm_chunk_reload';
// SPEC.md section 9: prefetch after 2 s of idle.
const PREFETCH_IDLE_MS = 2000;

/** A new deployment removed the chunk this page wants: reload, but never in a loop. */
export function reloadAfterChunkError(): void {
  const last = Number(sessionStorage.getItem(KEY)) || null;
  if (!shouldReloadAfterChunkError(last, Date.now())) return;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
}

/** Code the page will likely need, loaded after PREFETCH_IDLE_MS once the page is idle; returns the cancel. */
export function prefetchWhenIdle(load: () => Promise<unknown>): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    const run = () => void load().catch(() => undefined);
    idle = window.requestIdleCallback ? window.requestIdleCallback(run) : window.setTimeout(run, 0);
  }, PREFETCH_IDLE_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
  };
}

export function installResilience(prefetch: () => Promise<unknown>): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadAfterChunkError();
  });
  // While the user reads the login page, the rest of the app arrives.
  prefetchWhenIdle(prefetch);
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  }
}
