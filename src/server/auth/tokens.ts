import { errors, jwtVerify, SignJWT } from 'jose';
import type { RoleName } from '../../../generated/entities.ts';
import { HttpError, MESSAGES } from '../httpError.ts';

export interface Claims {
  id: number;
  username: string;
  name: string;
  surname: string;
  roles: RoleName[];
}

export interface TokenService {
  sign(claims: Claims): Promise<string>;
  /** The claims of a valid token; 401 `Token scaduto` when expired, `Token non valido` otherwise. */
  verify(token: string): Promise<Claims>;
}

// Verified tokens are remembered until they expire: the signature check is the costliest step of a request.
const CACHE_SIZE = 5000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: Claims; exp: number }>();
  return {
    sign: (claims) => new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(claims.id)).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(key),
    async verify(token) {
      const hit = verified.get(token);
      if (hit && hit.exp * 1000 > Date.now()) return hit.claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = { id: Number(payload.id), username: String(payload.username), name: String(payload.name ?? ''), surname: String(payload.surname ?? ''), roles: (payload.roles ?? []) as RoleName[] };
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
