/** Thrown to requests waiting on a refresh when the session ends (423, logout). */
export class RefreshCancelled extends Error {
  constructor() {
    super('refresh cancelled');
    this.name = 'RefreshCancelled';
  }
}

export interface RefreshCoordinator {
  /**
   * A fresh access token. Every caller that arrives while a refresh is running gets
   * the result of that same refresh: one refresh call for any number of 401s.
   */
  refresh(): Promise<string>;
  isRefreshing(): boolean;
  /** Drops the waiting requests: they reject with RefreshCancelled. */
  cancel(): void;
}

export function createRefreshCoordinator(doRefresh: () => Promise<string>): RefreshCoordinator {
  let running: Promise<string> | null = null;
  let cancelled: (() => void) | null = null;
  return {
    refresh() {
      if (running) return running;
      const cancel = new Promise<never>((_resolve, reject) => {
        cancelled = () => reject(new RefreshCancelled());
      });
      running = Promise.race([doRefresh(), cancel]).finally(() => {
        running = null;
        cancelled = null;
      });
      return running;
    },
    isRefreshing: () => running !== null,
    cancel() {
      cancelled?.();
    },
  };
}
