import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import '@fastify/cookie';

/**
 * A browser its user signed in with before (OWASP "device cookies"): a signed, HttpOnly, SameSite=Strict
 * cookie naming the user, sent only to the login. The login guard judges such a browser by its own
 * failures, so guesses from elsewhere never keep the owner out of it.
 */
export interface Device {
  /** Random, names this browser's failures in the login guard. */
  nonce: string;
}

const PREFIX = 'crm_dispositivo_';
const MAX_AGE_SECONDS = 180 * 24 * 3600;
const PATH = '/login_check';

/** The key @fastify/cookie signs with: derived from the server's secret, used for nothing else. */
export const deviceCookieSecret = (secret: string) =>
  createHmac('sha256', secret).update('device-cookie').digest('hex');

interface Payload {
  u: string;
  t: number;
  n: string;
}

export function createDeviceCookies(secret: string, now: () => number = Date.now) {
  const nameKey = createHmac('sha256', secret).update('device-cookie-name').digest();
  // One cookie per username, so colleagues sharing a computer each keep theirs; the name gives no username away.
  const nameFor = (username: string) =>
    PREFIX + createHmac('sha256', nameKey).update(username.toLowerCase()).digest('base64url').slice(0, 16);
  return {
    /** This browser's device cookie for the username: ours, unaltered, of that username and not too old; else null. */
    read(req: FastifyRequest, username: string): Device | null {
      const raw = req.cookies[nameFor(username)];
      if (!raw) return null;
      const { valid, value } = req.unsignCookie(raw);
      if (!valid || !value) return null;
      try {
        const p = JSON.parse(Buffer.from(value, 'base64url').toString()) as Partial<Payload>;
        const fresh = typeof p.t === 'number' && now() / 1000 - p.t < MAX_AGE_SECONDS;
        if (p.u !== username.toLowerCase() || !fresh || typeof p.n !== 'string' || !p.n) return null;
        return { nonce: p.n };
      } catch {
        return null;
      }
    },
    /** Marks this browser as one the user signed in with (Secure when the request came over https). */
    issue(reply: FastifyReply, username: string): void {
      const payload: Payload = {
        u: username.toLowerCase(),
        t: Math.floor(now() / 1000),
        n: randomBytes(16).toString('base64url'),
      };
      reply.setCookie(nameFor(username), Buffer.from(JSON.stringify(payload)).toString('base64url'), {
        signed: true,
        httpOnly: true,
        secure: 'auto',
        sameSite: 'strict',
        path: PATH,
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
