import { MESSAGES } from '../http/httpError.ts';
import { createConcurrencyGate, type ConcurrencyGate } from '../security/concurrencyGate.ts';

/** Exports running at once in all, and how long a new one waits for a place before 429. */
export const EXPORT_LIMITS = { global: 2, waiting: 4, waitMs: 5_000 } as const;

/**
 * An export holds a place until its file is written: one per user at a time, a few in all; others
 * wait briefly, then get 429 with Retry-After.
 */
export function createExportGates(limits: { global: number; waiting: number; waitMs: number } = EXPORT_LIMITS) {
  const settings = { maxWaiting: limits.waiting, waitMs: limits.waitMs, busyMessage: MESSAGES.exportBusy };
  const global = createConcurrencyGate({ ...settings, limit: limits.global });
  const perUser = new Map<number, ConcurrencyGate>();
  return {
    /** A place for this user's export; call the returned release when the file is done (or abandoned). */
    async acquire(userId: number): Promise<() => void> {
      let mine = perUser.get(userId);
      if (!mine) perUser.set(userId, (mine = createConcurrencyGate({ ...settings, limit: 1, maxWaiting: 1 })));
      const gate = mine;
      const releaseMine = await gate.acquire();
      let releaseGlobal: () => void;
      try {
        releaseGlobal = await global.acquire();
      } catch (err) {
        releaseMine();
        throw err;
      }
      return () => {
        releaseGlobal();
        releaseMine();
        if (gate.active === 0 && gate.waiting === 0) perUser.delete(userId);
      };
    },
  };
}
export type ExportGates = ReturnType<typeof createExportGates>;
