import { EventEmitter } from 'node:events';
import type { HubEvent } from '../../../generated/entities.ts';

/** In-process publish/subscribe by topic; the SSE route turns subscriptions into event streams. */
export function createHub() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(topic: string, event: Omit<HubEvent, 'at'>) {
      emitter.emit(topic, { ...event, at: new Date().toISOString() } satisfies HubEvent);
    },
    subscribe(topics: string[], send: (event: HubEvent) => void): () => void {
      for (const t of topics) emitter.on(t, send);
      return () => topics.forEach((t) => emitter.off(t, send));
    },
    /** The event that closes every session of a user (SPEC.md section 4). */
    forceLogout(userId: number) {
      this.publish(`/users/${userId}`, { entity: 'user', event: 'forced-logout', userId });
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
