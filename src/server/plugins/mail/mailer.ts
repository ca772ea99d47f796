import { createTransport, type Transporter } from 'nodemailer';
import type { EmailStatus } from '../../../../generated/entities.ts';
import { createAjv } from '../../../domain/createAjv.ts';
import type { Db, Queryable } from '../../db/Db.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { mailConfig, parseSender, type MailConfig, type MailOptions } from './mailConfig.ts';
import {
  attachmentsOf,
  claimNext,
  insertOutboxRow,
  markAttemptFailed,
  markSent,
  msUntilNextDue,
  OUTBOX_CHANNEL,
  reclaimAbandoned,
  renewLease,
  requeue,
  type ClaimedRow,
  type OutboxAttachment,
  type SentMail,
} from './outboxRepository.ts';
import { describeSmtpError, isPermanent, smtpSecrets } from './smtpError.ts';
import { mailTemplates, type Brand, type MailTemplates } from './templates/messages.ts';
import { renderMail, type Rendered } from './templates/render.ts';

/** A rendered message of one kind: what `mail.render.<kind>(data)` returns. */
export type RenderedMail = Rendered & { kind: keyof MailTemplates };

export type Render = {
  [K in keyof MailTemplates]: (data: Parameters<MailTemplates[K]>[0]) => Rendered & { kind: K };
};

export interface OutgoingMail extends RenderedMail {
  to: string | string[];
  cc?: string | string[];
  /** Where replies go (the salesperson), when not the sender. */
  replyTo?: string | null;
  /** Sender address; the company name is put in front. Default MAIL_FROM. */
  from?: string | null;
  attachments?: OutboxAttachment[];
  /** What caused the message: the record whose change sends it, and the user who made the change. */
  cause?: { entity: string; id?: number | null; user?: string | null };
}

/**
 * What follows the delivery of a message, in the transaction that marks it sent (a "sent" flag on the
 * record that caused it); what it returns runs once that transaction has committed (a hub notice).
 */
export type SentHook = (tx: Queryable, sent: SentMail) => Promise<(() => void) | void>;

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const MAX_RECIPIENTS = 50;
/** Said to the user who sends and kept in the outbox: what they can do, not the variable an operator sets (SMTP_URL). */
export const NOT_CONFIGURED = "Invio e-mail non configurato: rivolgersi all'amministratore";
const isEmail = createAjv().compile({ type: 'string', format: 'email', maxLength: 254 });

function addressList(value: string | string[] | undefined, field: string, required: boolean): string | null {
  const list = (Array.isArray(value) ? value : (value ?? '').split(/[,;]/)).map((a) => a.trim()).filter(Boolean);
  const bad = list.find((a) => !isEmail(a));
  if (bad !== undefined)
    throw new HttpError(400, MESSAGES.invalid, [{ field, message: `indirizzo email non valido: ${String(bad)}` }]);
  if (required && list.length === 0)
    throw new HttpError(400, MESSAGES.invalid, [{ field, message: 'Selezionare almeno un destinatario' }]);
  if (list.length > MAX_RECIPIENTS)
    throw new HttpError(400, MESSAGES.invalid, [{ field, message: `al massimo ${MAX_RECIPIENTS} destinatari` }]);
  const joined = [...new Set(list.map((a) => a.toLowerCase()))].join(', ');
  if (joined.length > 1000)
    throw new HttpError(400, MESSAGES.invalid, [{ field, message: 'troppi destinatari per un messaggio' }]);
  return joined || null;
}

function subjectOf(subject: string): string {
  const s = subject.replace(/\s+/g, ' ').trim();
  if (!s) throw new HttpError(400, MESSAGES.invalid, [{ field: 'subject', message: "l'oggetto è obbligatorio" }]);
  if (s.length > 255)
    throw new HttpError(400, MESSAGES.invalid, [
      { field: 'subject', message: "l'oggetto può avere al massimo 255 caratteri" },
    ]);
  return s;
}

/**
 * The outbox and its worker. Messages are written with `enqueue(tx, …)` in the transaction of the change
 * that causes them, and delivered after it commits by the worker of whichever server process takes them
 * first, with retries and exponential backoff.
 */
export function createMail(
  db: Db,
  options: MailOptions,
  limits: {
    maxAttachmentBytes: number;
    /** No other worker uses this database (the embedded one, held by this process): see start(). */
    exclusive?: boolean;
  },
) {
  const config: MailConfig = mailConfig(options);
  const brand: Brand = { company: config.company, publicUrl: config.publicUrl };
  const secrets = smtpSecrets(config.smtpUrl);
  const domain = parseSender(config.from).address.split('@')[1] ?? 'localhost';
  let transport: Transporter | undefined;
  let log: Logger | undefined;
  let stopped = true;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  const stats = { sent: 0, failedAttempts: 0 };
  const sentHooks: SentHook[] = [];

  const render = Object.fromEntries(
    Object.entries(mailTemplates).map(([kind, template]) => [
      kind,
      (data: never) => ({ kind, ...renderMail(template(data, brand), config.company) }),
    ]),
  ) as Render;

  function senderOf(from: string | null | undefined): string {
    if (!from) return config.from;
    const address = parseSender(from).address;
    if (!isEmail(address))
      throw new HttpError(400, MESSAGES.invalid, [
        { field: 'from', message: `indirizzo email non valido: ${String(address)}` },
      ]);
    return `"${config.company.replace(/["\\]/g, '')}" <${address}>`;
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    // While this process sends, it renews its claim: if it dies, another worker (or its own next start)
    // takes the message once the short lease runs out, not minutes later.
    const heartbeat = setInterval(() => {
      renewLease(db, row.id, row.attempts, config.leaseMs).then(
        (ours) => ours || log?.warn({ emailId: row.id }, 'coda email: messaggio ripreso da un altro processo'),
        (err: unknown) => log?.error({ err, emailId: row.id }, 'coda email: rinnovo del lease non riuscito'),
      );
    }, config.leaseMs / 3);
    heartbeat.unref();
    try {
      await attempt(row);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function attempt(row: ClaimedRow): Promise<void> {
    const attachments = await attachmentsOf(db, row.id);
    let rejected: string[];
    try {
      const info = await (transport as Transporter).sendMail({
        from: row.sender,
        to: row.recipient,
        cc: row.cc ?? undefined,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        // The same on every attempt: a receiving server can drop a copy sent again after a crash.
        messageId: row.messageId,
        attachments: attachments.map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content),
          ...(a.contentType ? { contentType: a.contentType } : {}),
        })),
      });
      rejected = (info.rejected ?? []).map(String);
    } catch (err) {
      const error = describeSmtpError(err, secrets);
      const last = isPermanent(err) || row.attempts >= config.maxAttempts;
      const retryMs = last ? null : Math.min(config.retryBaseMs * 2 ** (row.attempts - 1), config.retryMaxMs);
      await markAttemptFailed(db, row.id, row.attempts, error, retryMs);
      stats.failedAttempts++;
      log?.warn({ emailId: row.id, attempt: row.attempts, retryMs }, error);
      return;
    }
    // The server has answered 250: from here until this commit a crash sends the message once more (at
    // least once, never lost). Nothing else is done in between: one transaction, the row and its hooks.
    const afterCommit = await db.transaction(async (tx) => {
      const sent = await markSent(tx, row.id, rejected.length ? `Destinatari rifiutati: ${rejected.join(', ')}` : null);
      const after: (() => void)[] = [];
      for (const hook of sent ? sentHooks : []) {
        const then = await hook(tx, sent as SentMail);
        if (then) after.push(then);
      }
      return after;
    });
    for (const then of afterCommit) then();
    stats.sent++;
  }

  async function drain(): Promise<void> {
    // A message once taken is always attempted: stop() waits for it rather than leave it "sending".
    while (!stopped) {
      const row = await claimNext(db, config.leaseMs, domain);
      if (!row) break;
      await deliver(row);
    }
    if (stopped) return;
    const due = await msUntilNextDue(db);
    clearTimeout(timer);
    timer = setTimeout(wake, Math.min(due ?? config.pollIntervalMs, config.pollIntervalMs));
    timer.unref();
  }

  /** Runs the worker now, or once more right after the run in progress. */
  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => {
        // The database went away for a moment: look again later rather than wait for a notification.
        log?.error({ err }, 'coda email: errore del worker');
        clearTimeout(timer);
        timer = setTimeout(wake, config.pollIntervalMs);
        timer.unref();
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    config,
    /** The templates with the company name and public URL filled in: `mail.render.offerta({ documentToken })`. */
    render,
    /** Counters of this process's worker, for tests and diagnostics. */
    stats,

    /** Runs hook in the transaction that marks each delivered message sent (see SentHook). */
    onSent(hook: SentHook): void {
      sentHooks.push(hook);
    },

    /**
     * Writes a message in the outbox inside tx: it exists only if tx commits, and only then is it sent.
     * Without SMTP_URL it is kept as notConfigured. Bad addresses or oversized attachments: HttpError 400/413.
     */
    async enqueue(tx: Queryable, mail: OutgoingMail): Promise<{ id: number; status: EmailStatus }> {
      const attachments = mail.attachments ?? [];
      const badName = attachments.find((a) => !a.filename.trim() || a.filename.length > 255);
      if (badName)
        throw new HttpError(400, MESSAGES.invalid, [
          { field: 'attachments', message: `nome del file non valido (da 1 a 255 caratteri): ${badName.filename}` },
        ]);
      if (attachments.reduce((n, a) => n + a.content.byteLength, 0) > limits.maxAttachmentBytes)
        throw new HttpError(413, MESSAGES.tooLarge);
      const status = config.smtpUrl ? 'queued' : 'notConfigured';
      const id = await insertOutboxRow(tx, {
        kind: mail.kind,
        status,
        lastError: status === 'notConfigured' ? NOT_CONFIGURED : null,
        sender: senderOf(mail.from),
        recipient: addressList(mail.to, 'to', true) as string,
        cc: addressList(mail.cc, 'cc', false),
        replyTo: mail.replyTo ? addressList(mail.replyTo, 'replyTo', false) : null,
        subject: subjectOf(mail.subject),
        htmlBody: mail.html,
        textBody: mail.text,
        attachments,
        causeEntity: mail.cause?.entity ?? null,
        causeId: mail.cause?.id ?? null,
        requestedBy: mail.cause?.user ?? null,
      });
      return { id, status };
    },

    /**
     * "Reinvia": back in the queue if it failed or was kept undelivered, and the stored row as it is then;
     * 404 or 409 (Italian) otherwise.
     */
    async resend(id: number): Promise<Record<string, unknown>> {
      if (!config.smtpUrl) throw new HttpError(409, `Impossibile reinviare. ${NOT_CONFIGURED}`);
      const result = await requeue(db, id);
      if (result.row) return result.row;
      if (!result.status) throw new HttpError(404, MESSAGES.notFound);
      throw new HttpError(
        409,
        result.status === 'sent' ? 'Email già inviata: non si può reinviare' : 'Email già in coda di invio',
      );
    },

    /**
     * Starts the worker (nothing to do without SMTP_URL): woken by every committed enqueue on the database.
     * On a database no other worker uses, a message left "sending" was this process's before a crash: it is
     * sent again at once rather than when its lease runs out.
     */
    async start(logger?: Logger): Promise<void> {
      log = logger;
      if (!config.smtpUrl || !stopped) return;
      if (limits.exclusive) {
        const reclaimed = await reclaimAbandoned(db);
        if (reclaimed) log?.warn({ reclaimed }, 'coda email: ripresi i messaggi in invio prima dell’arresto');
      }
      stopped = false;
      transport = createTransport({
        url: config.smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      });
      unlisten = await db.listen(OUTBOX_CHANNEL, wake);
      wake();
    },

    /** Stops taking messages, lets the one being sent finish, and closes the listener. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      await unlisten?.();
      await running;
      transport?.close();
    },
  };
}

export type Mail = ReturnType<typeof createMail>;
