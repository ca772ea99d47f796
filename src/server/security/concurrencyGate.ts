import { HttpError } from '../http/httpError.ts';

export interface GateOptions {
  /** How many may run at once. */
  limit: number;
  /** How many may wait for a place; more are refused at once. */
  maxWaiting: number;
  /** How long one may wait before being refused. */
  waitMs: number;
  /** The Italian message of the 429. */
  busyMessage: string;
  /**
   * Places beyond `limit` kept for work of a priority number up to `maxPriority` (a login from a browser
   * or an address that has not failed): it never waits for the rest while one of them is free.
   */
  reserved?: { places: number; maxPriority: number };
}

export interface ConcurrencyGate {
  /**
   * Runs fn when a place is free; 429 with Retry-After when none frees up in time. Waiting work with a
   * lower priority number goes first (same number: first come, first served); when the queue is full,
   * work with a lower number takes the place of the last one waiting, which gets the 429 instead.
   */
  run<T>(fn: () => Promise<T>, priority?: number): Promise<T>;
  /** A place held until the returned release is called (for work that outlives a call, as a stream). */
  acquire(priority?: number): Promise<() => void>;
  readonly active: number;
  readonly waiting: number;
}

type Place = 'shared' | 'reserved';

/**
 * At most `limit` at a time, a short queue behind them: costly work (password hashes, exports)
 * cannot be multiplied by sending many requests at once.
 */
export function createConcurrencyGate(options: GateOptions): ConcurrencyGate {
  const reserved = options.reserved ?? { places: 0, maxPriority: -Infinity };
  const busyIn: Record<Place, number> = { shared: 0, reserved: 0 };
  const queue: {
    grant: (place: Place) => void;
    refuse: () => void;
    timer: NodeJS.Timeout;
    priority: number;
  }[] = [];
  const busy = () => new HttpError(429, options.busyMessage, undefined, Math.max(1, Math.ceil(options.waitMs / 1000)));
  // A freed place goes to the first one waiting, if that one may take it (the queue is in priority order).
  const release = (place: Place) => {
    const next = queue[0];
    if (next && (place === 'shared' || next.priority <= reserved.maxPriority)) {
      queue.shift();
      clearTimeout(next.timer);
      next.grant(place);
    } else busyIn[place]--;
  };
  const once = (place: Place) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release(place);
    };
  };
  const acquire = (priority = 0) =>
    new Promise<() => void>((resolve, reject) => {
      const free: Place | null =
        busyIn.shared < options.limit
          ? 'shared'
          : priority <= reserved.maxPriority && busyIn.reserved < reserved.places
            ? 'reserved'
            : null;
      if (free) {
        busyIn[free]++;
        return resolve(once(free));
      }
      if (queue.length >= options.maxWaiting) {
        const last = queue[queue.length - 1];
        if (!last || last.priority <= priority) return reject(busy());
        queue.pop();
        clearTimeout(last.timer);
        last.refuse();
      }
      const entry = {
        priority,
        grant: (place: Place) => resolve(once(place)),
        refuse: () => reject(busy()),
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(busy());
        }, options.waitMs),
      };
      const after = queue.findIndex((e) => e.priority > priority);
      queue.splice(after === -1 ? queue.length : after, 0, entry);
    });
  return {
    acquire,
    async run(fn, priority) {
      const done = await acquire(priority);
      try {
        return await fn();
      } finally {
        done();
      }
    },
    get active() {
      return busyIn.shared + busyIn.reserved;
    },
    get waiting() {
      return queue.length;
    },
  };
}
