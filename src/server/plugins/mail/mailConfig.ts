import { appInfo } from '../../../domain/appInfo.ts';

/** How the mail plugin delivers: everything has a default, so the product runs without any of it. */
export interface MailOptions {
  /** smtp://user:pass@host:587 or smtps://…; null or '' keeps every message as not delivered. */
  smtpUrl?: string | null;
  /** Default sender, with the company name: `"Rossi Noleggi S.r.l." <noreply@rossinoleggi.it>`. */
  from?: string;
  /** Base of the public links in the messages (offer page, accreditation). */
  publicUrl?: string;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** Delay before the second attempt; each further one doubles it, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How often the worker looks for due messages even without a notification (another process's retries). */
  pollIntervalMs?: number;
  /**
   * How long a message stays "sending" without its worker renewing the claim (every third of it, while the
   * send lasts) before another worker takes it over: the delay after a process dies mid-send.
   */
  leaseMs?: number;
}

export type MailConfig = Required<Omit<MailOptions, 'smtpUrl'>> & { smtpUrl: string | null; company: string };

const DEFAULT_ADDRESS = 'noreply@rossinoleggi.it';

/** Name and address of `"Rossi Noleggi" <x@y.it>`, `Rossi Noleggi <x@y.it>` or `x@y.it`. */
export function parseSender(from: string): { name: string | null; address: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1]?.trim() || null, address: (m[2] ?? '').trim() } : { name: null, address: from.trim() };
}

/** The options from the environment: SMTP_URL, MAIL_FROM, PUBLIC_URL (default from HOST and PORT), MAIL_MAX_ATTEMPTS, MAIL_LEASE_SECONDS. */
export function mailOptionsFromEnv(env: NodeJS.ProcessEnv): MailOptions {
  const number = (v: string | undefined) => (v && Number.isFinite(Number(v)) ? Number(v) : undefined);
  const host = env.HOST ?? '127.0.0.1';
  return {
    smtpUrl: env.SMTP_URL || null,
    from: env.MAIL_FROM || undefined,
    publicUrl: env.PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT ?? 3000}`,
    maxAttempts: number(env.MAIL_MAX_ATTEMPTS),
    leaseMs: (number(env.MAIL_LEASE_SECONDS) ?? 0) > 0 ? Number(env.MAIL_LEASE_SECONDS) * 1000 : undefined,
  };
}

export function mailConfig(options: MailOptions): MailConfig {
  const sender = parseSender(options.from ?? DEFAULT_ADDRESS);
  // A MAIL_FROM without a name sends as the company.
  const company = sender.name ?? appInfo.company;
  return {
    smtpUrl: options.smtpUrl || null,
    from: `"${company.replace(/["\\]/g, '')}" <${sender.address}>`,
    company,
    publicUrl: (options.publicUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    maxAttempts: Math.max(1, options.maxAttempts ?? 8),
    retryBaseMs: options.retryBaseMs ?? 30_000,
    retryMaxMs: options.retryMaxMs ?? 3_600_000,
    pollIntervalMs: options.pollIntervalMs ?? 60_000,
    leaseMs: options.leaseMs ?? 30_000,
  };
}
