import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { MESSAGES } from '../http/httpError.ts';
import { createConcurrencyGate, type ConcurrencyGate } from '../security/concurrencyGate.ts';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// OWASP's scrypt baseline: N=2^17, r=8, p=1.
const N = 131072,
  R = 8,
  P = 1,
  KEYLEN = 64,
  MAXMEM = 256 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
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

// The hash of a random password nobody knows: an unknown user costs the same scrypt as a known one.
const DUMMY_HASH =
  'scrypt$131072$8$1$MBJuzktwBpvgbTKVArjweg==$MtQHsTRDmlHenKBFF75uQNGSQ9NknmRxkazcwDwlg8IEGZiV+FwvbtTUBypAeTCSHBDaO78zlN0L6xWOLecj0A==';

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
export function createPasswordService(gate: ConcurrencyGate) {
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
    hash: (password: string) => gate.run(() => hashPassword(password)),
    /**
     * Always runs one full scrypt, whether or not there is a stored hash to compare with. A first try
     * from a quiet address (low priority number) waits less than a guesser's next one.
     */
    async verify(password: string, stored: string | null | undefined, options: CheckOptions = {}): Promise<boolean> {
      const usable = typeof stored === 'string' && stored.startsWith('scrypt$');
      const ok = await inLane(options.lane, () =>
        gate.run(() => verifyPassword(password, usable ? stored : DUMMY_HASH), options.priority),
      );
      return ok && usable;
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
