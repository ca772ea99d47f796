import { errors, jwtVerify, SignJWT } from 'jose';
import type { RoleName } from '../../../generated/entities.ts';
import { HttpError, MESSAGES } from '../httpError.ts';

export interface Claims {
  id: number;
  username: string;
  name: string;
  surname: string;
  roles: RoleName[];
  /** Set while a super admin works as this user: who they really are. */
  impersonator?: { id: number; name: string };
}

export interface TokenService {
  sign(claims: Claims): Promise<string>;
  /** A token that lets an EventSource subscribe the hub to these topics only. */
  signSubscriber(topics: string[], ttlSeconds: number): Promise<string>;
  /** The topics a subscriber token allows; 401 when it is not one. */
  verifySubscriber(token: string): Promise<string[]>;
  /** The claims of a valid token; 401 `Token scaduto` when expired, `Token non valido` otherwise. */
  verify(token: string): Promise<Claims>;
}

// Verified tokens are remembered until they expire: the signature check is the costliest step of a request.
const CACHE_SIZE = 5000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: Claims; exp: number }>();
  return {
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.id))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    signSubscriber: (topics, ttl) =>
      new SignJWT({ subscribe: topics })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(`${ttl}s`)
        .setAudience('hub')
        .sign(key),
    async verifySubscriber(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'hub' });
        return Array.isArray(payload.subscribe) ? payload.subscribe.map(String) : [];
      } catch (err) {
        throw new HttpError(401, err instanceof errors.JWTExpired ? MESSAGES.tokenExpired : MESSAGES.tokenInvalid);
      }
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit && hit.exp * 1000 > Date.now()) return hit.claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims: Claims = {
          id: Number(payload.id),
          username: String(payload.username),
          name: String(payload.name ?? ''),
          surname: String(payload.surname ?? ''),
          roles: (payload.roles ?? []) as RoleName[],
        };
        const imp = payload.impersonator as Claims['impersonator'] | undefined;
        if (imp && typeof imp.id === 'number') claims.impersonator = { id: imp.id, name: String(imp.name ?? '') };
        if (verified.size >= CACHE_SIZE) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, { claims, exp: payload.exp ?? 0 });
        return claims;
      } catch (err) {
        verified.delete(token);
        throw new HttpError(401, err instanceof errors.JWTExpired ? MESSAGES.tokenExpired : MESSAGES.tokenInvalid);
      }
    },
  };
}
