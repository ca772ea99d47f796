import { EventEmitter } from 'node:events';
import type { HubEvent } from '../../../generated/entities.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';

/** Event streams one user may keep open (tabs, devices), and all users together. */
export const HUB_LIMITS = { perUser: 8, total: 1000 } as const;

/** In-process publish/subscribe by topic; the SSE route turns subscriptions into event streams. */
export function createHub(limits: { perUser: number; total: number } = HUB_LIMITS) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const streams = new Map<number, Set<() => void>>();
  let open = 0;
  const hub = {
    publish(topic: string, event: Omit<HubEvent, 'at'>) {
      emitter.emit(topic, { ...event, at: new Date().toISOString() } satisfies HubEvent);
    },
    subscribe(topics: string[], send: (event: HubEvent) => void): () => void {
      for (const t of topics) emitter.on(t, send);
      return () => topics.forEach((t) => emitter.off(t, send));
    },
    /**
     * Counts an open stream of a user (429 past the limits); `close` ends it from the server side.
     * Returns what to call when the stream has ended.
     */
    openStream(userId: number, close: () => void): () => void {
      const mine = streams.get(userId) ?? new Set();
      if (mine.size >= limits.perUser || open >= limits.total)
        throw new HttpError(429, MESSAGES.tooManyRequests, undefined, 30);
      mine.add(close);
      streams.set(userId, mine);
      open++;
      return () => {
        if (!mine.delete(close)) return;
        open--;
        if (mine.size === 0) streams.delete(userId);
      };
    },
    /** The event that closes every session of a user (SPEC.md section 4); their streams end after it. */
    forceLogout(userId: number) {
      hub.publish(`/users/${userId}`, { entity: 'user', event: 'forced-logout', userId });
      for (const close of [...(streams.get(userId) ?? [])]) close();
    },
    get openStreams() {
      return open;
    },
  };
  return hub;
}
export type Hub = ReturnType<typeof createHub>;
