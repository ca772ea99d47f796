import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { HttpError, MESSAGES } from '../http/httpError.ts';

export interface MicrosoftConfig {
  /** Where the issuer publishes its signing keys. */
  jwksUri: string;
  issuer: string;
  /** The API the access token was issued for, e.g. api://<client id>. */
  audience: string;
  /** Shown to the browser so it can start the sign-in. */
  clientId: string;
  tenantId: string;
}

/** From MS_TENANT_ID and MS_CLIENT_ID (MS_JWKS_URI, MS_ISSUER, MS_AUDIENCE override the defaults); null when not configured. */
export function microsoftConfigFromEnv(env: NodeJS.ProcessEnv): MicrosoftConfig | null {
  const tenantId = env.MS_TENANT_ID;
  const clientId = env.MS_CLIENT_ID;
  if (!tenantId || !clientId) return null;
  return {
    tenantId,
    clientId,
    jwksUri: env.MS_JWKS_URI ?? `https://login.microsoftonline.com/${tenantId}/discovery/v2.0/keys`,
    issuer: env.MS_ISSUER ?? `https://login.microsoftonline.com/${tenantId}/v2.0`,
    audience: env.MS_AUDIENCE ?? `api://${clientId}`,
  };
}

export const MICROSOFT_MESSAGES = { notConfigured: 'Accesso con Microsoft non configurato' } as const;

/** Verifies a Microsoft access token and answers the e-mail it was issued to. */
export function microsoftVerifier(config: MicrosoftConfig | null) {
  const keys: JWTVerifyGetKey | null = config ? createRemoteJWKSet(new URL(config.jwksUri)) : null;
  return async (accessToken: string): Promise<string> => {
    if (!config || !keys) throw new HttpError(401, MICROSOFT_MESSAGES.notConfigured);
    try {
      const { payload } = await jwtVerify(accessToken, keys, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: ['RS256'],
      });
      const email = payload.preferred_username ?? payload.email ?? payload.upn;
      if (typeof email !== 'string' || !email) throw new Error('no e-mail claim');
      return email;
    } catch {
      throw new HttpError(401, MESSAGES.badCredentials);
    }
  };
}
