/** What nodemailer puts on a failed send (see nodemailer's errors.ts). */
interface SmtpFailure {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  /** nodemailer ≥ 10.2: a 5xx reply that a retry would get again. */
  permanent?: boolean;
}

const MAX_LENGTH = 1000;

/** The credentials of an SMTP URL, to be blanked out of any text that leaves the worker. */
export function smtpSecrets(smtpUrl: string | null): string[] {
  if (!smtpUrl) return [];
  try {
    const url = new URL(smtpUrl);
    return [url.password, decodeURIComponent(url.password), url.username, decodeURIComponent(url.username)].filter(
      (s) => s.length >= 3,
    );
  } catch {
    return [];
  }
}

/** Whether retrying the same message would surely get the same answer. */
export const isPermanent = (err: unknown): boolean => (err as SmtpFailure | null)?.permanent === true;

// The first that applies names the failure.
const KINDS: [(e: SmtpFailure) => boolean, string][] = [
  [(e) => e.code === 'EAUTH' || e.code === 'ENOAUTH', 'Il server di posta ha rifiutato le credenziali'],
  [(e) => e.code === 'EENVELOPE' && e.permanent === true, 'Destinatari rifiutati dal server di posta'],
  [(e) => !!e.responseCode && e.permanent === true, 'Messaggio rifiutato dal server di posta'],
  [(e) => !!e.responseCode, 'Errore temporaneo del server di posta'],
  [(e) => e.code === 'ETIMEDOUT', 'Il server di posta non ha risposto in tempo'],
  [(e) => ['EDNS', 'ECONNECTION', 'ESOCKET'].includes(e.code ?? ''), 'Server di posta non raggiungibile'],
  [(e) => e.code === 'ETLS', 'Connessione sicura con il server di posta non riuscita'],
];

/** An Italian line for the outbox (and the log): what went wrong, with the server's words, no secrets. */
export function describeSmtpError(err: unknown, secrets: string[]): string {
  const e = (err ?? {}) as SmtpFailure;
  const detail = (e.response ?? e.message ?? String(err)).replace(/\s+/g, ' ').trim();
  const what = KINDS.find(([applies]) => applies(e))?.[1] ?? 'Invio non riuscito';
  let text = `${what}: ${detail}`;
  for (const secret of secrets) text = text.split(secret).join('***');
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}
