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

/**
 * At most `limit` at a time, a short queue behind them: costly work (password hashes, exports)
 * cannot be multiplied by sending many requests at once.
 */
export function createConcurrencyGate(options: GateOptions): ConcurrencyGate {
  let active = 0;
  const queue: { grant: () => void; refuse: () => void; timer: NodeJS.Timeout; priority: number }[] = [];
  const busy = () => new HttpError(429, options.busyMessage, undefined, Math.max(1, Math.ceil(options.waitMs / 1000)));
  const release = () => {
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant();
    } else active--;
  };
  const once = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };
  const acquire = (priority = 0) =>
    new Promise<() => void>((resolve, reject) => {
      if (active < options.limit) {
        active++;
        return resolve(once());
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
        grant: () => resolve(once()),
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
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
