import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { ConcurrencyGate } from '../security/concurrencyGate.ts';

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

/** Hashing and checking passwords through a gate: a flood of logins queues, then gets 429, instead of taking every core. */
export function createPasswordService(gate: ConcurrencyGate) {
  return {
    hash: (password: string) => gate.run(() => hashPassword(password)),
    /**
     * Always runs one full scrypt, whether or not there is a stored hash to compare with. `priority`:
     * how many attempts came before from the same place (see LoginGuard.begin): a first try waits less.
     */
    async verify(password: string, stored: string | null | undefined, priority = 0): Promise<boolean> {
      const usable = typeof stored === 'string' && stored.startsWith('scrypt$');
      const ok = await gate.run(() => verifyPassword(password, usable ? stored : DUMMY_HASH), priority);
      return ok && usable;
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
