import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { MESSAGES } from '../http/httpError.ts';
import { createConcurrencyGate, type ConcurrencyGate } from '../security/concurrencyGate.ts';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
/** OWASP's scrypt baseline. A stored hash names its own cost, and is checked at that cost. */
export const SCRYPT_COST: ScryptCost = { N: 131072, r: 8, p: 1 };
const KEYLEN = 64,
  MAXMEM = 256 * 1024 * 1024;

const format = ({ N, r, p }: ScryptCost, salt: Buffer, key: Buffer) =>
  `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;

export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { ...cost, maxmem: MAXMEM });
  return format(cost, salt, key);
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(key, expected);
}

/** Hashes of one address in the queue or running at once: a guesser there cannot fill the queue. */
export const HASHES_PER_ADDRESS = 2;

/** Where a password check waits (see LoginGuard.begin): its priority, and the address whose bound it keeps (none when trusted). */
export interface CheckOptions {
  priority?: number;
  lane?: string | null;
}

/**
 * Hashing and checking passwords through a gate: a flood of logins queues, then gets 429, instead of
 * taking every core. Checks of one address wait in a line of their own before the gate, at most
 * HASHES_PER_ADDRESS of them in it.
 */
export function createPasswordService(gate: ConcurrencyGate, cost: ScryptCost = SCRYPT_COST) {
  // A hash no password matches (its key is random): an unknown user costs the same scrypt as a known one.
  const dummyHash = format(cost, randomBytes(16), randomBytes(KEYLEN));
  const lanes = new Map<string, ConcurrencyGate>();
  async function inLane<T>(lane: string | null | undefined, fn: () => Promise<T>): Promise<T> {
    if (!lane) return fn();
    const line =
      lanes.get(lane) ??
      createConcurrencyGate({
        limit: HASHES_PER_ADDRESS,
        // The login guard refuses an address long before this many of its attempts are under way.
        maxWaiting: 256,
        waitMs: 120_000,
        busyMessage: MESSAGES.loginBusy,
      });
    lanes.set(lane, line);
    try {
      return await line.run(fn);
    } finally {
      if (line.active === 0 && line.waiting === 0) lanes.delete(lane);
    }
  }
  return {
    hash: (password: string) => gate.run(() => hashPassword(password, cost)),
    /**
     * Always runs one full scrypt, whether or not there is a stored hash to compare with. A first try
     * from a quiet address (low priority number) waits less than a guesser's next one.
     */
    async verify(password: string, stored: string | null | undefined, options: CheckOptions = {}): Promise<boolean> {
      const usable = typeof stored === 'string' && stored.startsWith('scrypt$');
      const ok = await inLane(options.lane, () =>
        gate.run(() => verifyPassword(password, usable ? stored : dummyHash), options.priority),
      );
      return ok && usable;
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
