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

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) => new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(claims.id)).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return { id: Number(payload.id), username: String(payload.username), name: String(payload.name ?? ''), surname: String(payload.surname ?? ''), roles: (payload.roles ?? []) as RoleName[] };
      } catch (err) {
        throw new HttpError(401, err instanceof errors.JWTExpired ? MESSAGES.tokenExpired : MESSAGES.tokenInvalid);
      }
    },
  };
}
