// SPEC.md section 9: prefetch after 2 s of idle.
const PREFETCH_IDLE_MS = 2000;

/** Code the page will likely need, loaded after PREFETCH_IDLE_MS once the page is idle; returns the cancel. */
export function prefetchWhenIdle(load: () => Promise<unknown>): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    // Offline it waits for its first use instead.
    const run = () => void (navigator.onLine ? load().catch(() => undefined) : undefined);
    idle = window.requestIdleCallback ? window.requestIdleCallback(run) : window.setTimeout(run, 0);
  }, PREFETCH_IDLE_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
  };
}
