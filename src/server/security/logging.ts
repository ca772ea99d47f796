import type { FastifyServerOptions } from 'fastify';

const HIDDEN = '[nascosto]';
// Query parameters that carry a secret: the hub's subscriber token, the public offer code.
const SECRET_PARAMS = /([?&](?:token|code|refresh_token|access_token)=)[^&#]*/gi;
// The public offer calls carry the document token in the path.
const DOCUMENT_TOKEN_PATH = /^(\/api\/trattative-cp\/(?:bozza-visualizzata\/|confirm-offer\/)?)[A-Za-z0-9_-]{22,}/;

/** A URL fit for the log: secrets in the query or in a public offer path replaced. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_PARAMS, `$1${HIDDEN}`).replace(DOCUMENT_TOKEN_PATH, `$1${HIDDEN}`);
}

export interface LogSettings {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** Where the lines go (tests capture them); stdout otherwise. */
  stream?: { write(line: string): void };
}

/**
 * Structured (JSON) logs that never carry a secret: no headers, no bodies, URLs cleaned, and
 * whatever field is named like a password or a token redacted wherever it appears.
 */
export function loggerOptions(settings: LogSettings): FastifyServerOptions['logger'] {
  return {
    level: settings.level,
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.oldPassword',
        '*.confirmPassword',
        '*.passwordHash',
        '*.refresh_token',
        '*.token',
        '*.accessToken',
        '*.documentToken',
      ],
      censor: HIDDEN,
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
