import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { RoleName } from '../../../generated/entities.ts';
import type { Audience, HubClaims, PbxClaims, PublicOfferClaims, StaffClaims } from '../../domain/tokenClaims.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';

export interface TokenService {
  sign(claims: StaffClaims): Promise<string>;
  /** The claims of a valid staff token; 401 `Token scaduto` when expired, `Token non valido` otherwise. */
  verify(token: string): Promise<StaffClaims>;
  /** The claims of a staff token verified before and not yet expired, without waiting; else undefined. */
  remembered(token: string): StaffClaims | undefined;
  /** A token that lets an EventSource subscribe the hub to these topics only. */
  signSubscriber(claims: HubClaims, ttlSeconds: number): Promise<string>;
  verifySubscriber(token: string): Promise<HubClaims>;
  signPublicOffer(claims: PublicOfferClaims, ttlSeconds: number): Promise<string>;
  verifyPublicOffer(token: string): Promise<PublicOfferClaims>;
  /** The PBX's token: an integration user (ROLE_API) posting call records, nothing else. */
  signPbx(claims: PbxClaims, ttlSeconds: number): Promise<string>;
  verifyPbx(token: string): Promise<PbxClaims>;
}

/** The longest a hub (event stream) token lives: a session ended by a logout is remembered that long. */
export const HUB_TOKEN_MAX_TTL = 12 * 3600;

// Verified staff tokens are remembered until they expire: the signature check is the costliest step of a request.
const CACHE_SIZE = 5000;

const refusal = (err: unknown) =>
  new HttpError(401, err instanceof errors.JWTExpired ? MESSAGES.tokenExpired : MESSAGES.tokenInvalid);

function staffClaims(payload: JWTPayload): StaffClaims {
  const claims: StaffClaims = {
    id: Number(payload.id),
    username: String(payload.username),
    name: String(payload.name ?? ''),
    surname: String(payload.surname ?? ''),
    roles: (Array.isArray(payload.roles) ? payload.roles : []) as RoleName[],
    ver: Number(payload.ver),
    sid: typeof payload.sid === 'string' ? payload.sid : '',
  };
  if (!Number.isInteger(claims.id) || claims.id < 1 || !Number.isInteger(claims.ver) || !claims.sid)
    throw new Error('bad claims');
  const imp = payload.impersonator as StaffClaims['impersonator'] | undefined;
  if (imp && typeof imp.id === 'number')
    claims.impersonator = { id: imp.id, name: String(imp.name ?? ''), ver: Number(imp.ver) };
  return claims;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: StaffClaims; exp: number }>();
  const signed = (payload: JWTPayload, audience: Audience, ttl: number, subject: string) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(key);
  const check = async (token: string, audience: Audience) =>
    (await jwtVerify(token, key, { algorithms: ['HS256'], audience })).payload;
  const remembered = (token: string) => {
    const hit = verified.get(token);
    return hit && hit.exp * 1000 > Date.now() ? hit.claims : undefined;
  };
  return {
    sign: (claims) => signed({ ...claims }, 'staff', ttlSeconds, String(claims.id)),
    remembered,
    async verify(token) {
      const hit = remembered(token);
      if (hit) return hit;
      try {
        const payload = await check(token, 'staff');
        const claims = staffClaims(payload);
        if (verified.size >= CACHE_SIZE) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, { claims, exp: payload.exp ?? 0 });
        return claims;
      } catch (err) {
        verified.delete(token);
        throw refusal(err);
      }
    },
    signSubscriber: (claims, ttl) =>
      signed(
        { subscribe: claims.topics, ver: claims.ver, sid: claims.sid },
        'hub',
        Math.min(ttl, HUB_TOKEN_MAX_TTL),
        String(claims.userId),
      ),
    async verifySubscriber(token) {
      try {
        const payload = await check(token, 'hub');
        const userId = Number(payload.sub);
        const sid = typeof payload.sid === 'string' ? payload.sid : '';
        if (!Number.isInteger(userId) || userId < 1 || !Array.isArray(payload.subscribe) || !sid)
          throw new Error('bad claims');
        return { userId, ver: Number(payload.ver), sid, topics: payload.subscribe.map(String) };
      } catch (err) {
        throw refusal(err);
      }
    },
    signPublicOffer: (claims, ttl) =>
      signed({ code: claims.code }, 'public-offer', ttl, `trattativa:${claims.negotiationId}`),
    async verifyPublicOffer(token) {
      try {
        const payload = await check(token, 'public-offer');
        const negotiationId = Number(/^trattativa:(\d+)$/.exec(String(payload.sub))?.[1]);
        if (!negotiationId || typeof payload.code !== 'string') throw new Error('bad claims');
        return { negotiationId, code: payload.code };
      } catch (err) {
        throw refusal(err);
      }
    },
    signPbx: (claims, ttl) => signed({ ver: claims.ver }, 'pbx', ttl, `pbx:${claims.userId}`),
    async verifyPbx(token) {
      try {
        const payload = await check(token, 'pbx');
        const userId = Number(/^pbx:(\d+)$/.exec(String(payload.sub))?.[1]);
        if (!userId || !Number.isInteger(payload.ver)) throw new Error('bad claims');
        return { userId, ver: Number(payload.ver) };
      } catch (err) {
        throw refusal(err);
      }
    },
  };
}
