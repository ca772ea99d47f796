import type { EmailKind, EmailStatus } from '../../../../generated/entities.ts';
import type { Db, Queryable } from '../../db/Db.ts';

/** The channel a committed enqueue or resend notifies, so every worker on the database wakes up. */
export const OUTBOX_CHANNEL = 'email_outbox';

export interface OutboxAttachment {
  filename: string;
  content: Uint8Array;
  contentType?: string;
}

export interface NewOutboxRow {
  kind: EmailKind;
  status: Extract<EmailStatus, 'queued' | 'notConfigured'>;
  lastError: string | null;
  sender: string;
  recipient: string;
  cc: string | null;
  replyTo: string | null;
  subject: string;
  htmlBody: string;
  textBody: string;
  attachments: OutboxAttachment[];
  causeEntity: string | null;
  causeId: number | null;
  requestedBy: string | null;
}

export async function insertOutboxRow(tx: Queryable, row: NewOutboxRow): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO email (kind, status, "lastError", sender, recipient, cc, "replyTo", subject, "htmlBody", "textBody",
       "attachmentNames", "causeEntity", "causeId", "requestedBy", attempts, "createdAt", "nextAttemptAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 0, now(),
       CASE WHEN $2::text = 'queued' THEN now() END)
     RETURNING id`,
    [
      row.kind,
      row.status,
      row.lastError,
      row.sender,
      row.recipient,
      row.cc,
      row.replyTo,
      row.subject,
      row.htmlBody,
      row.textBody,
      JSON.stringify(row.attachments.map((a) => a.filename)),
      row.causeEntity,
      row.causeId,
      row.requestedBy,
    ],
  );
  const id = rows[0]?.id as number;
  for (const a of row.attachments)
    await tx.query(
      `INSERT INTO "emailAttachment" ("emailId", filename, "contentType", content) VALUES ($1, $2, $3, $4)`,
      [id, a.filename, a.contentType ?? null, a.content],
    );
  if (row.status === 'queued') await notifyWorkers(tx);
  return id;
}

export const notifyWorkers = (q: Queryable) => q.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);

export interface ClaimedRow {
  id: number;
  attempts: number;
  sender: string;
  recipient: string;
  cc: string | null;
  replyTo: string | null;
  subject: string;
  htmlBody: string;
  textBody: string;
  messageId: string;
  createdAt: string;
}

/**
 * Takes the next due message for this worker: one statement, so two processes never take the same row
 * (SKIP LOCKED passes over a row another worker is taking). A row left "sending" past its lease belongs
 * to a process that stopped renewing it (it died mid-send) and is taken again. The Message-ID is fixed at
 * the first claim and kept on every attempt, so a receiving server can drop a copy sent again after a crash.
 */
export async function claimNext(db: Queryable, leaseMs: number, domain: string): Promise<ClaimedRow | undefined> {
  const { rows } = await db.query<ClaimedRow>(
    `UPDATE email SET status = 'sending', attempts = attempts + 1, version = version + 1,
       "leaseUntil" = now() + make_interval(secs => $1::double precision / 1000),
       "messageId" = COALESCE("messageId",
         '<crm-email-' || id || '-' || floor(extract(epoch FROM "createdAt") * 1000)::bigint || '@' || $2 || '>')
     WHERE id = (
       SELECT id FROM email
       WHERE (status = 'queued' AND "nextAttemptAt" <= now()) OR (status = 'sending' AND "leaseUntil" < now())
       ORDER BY "nextAttemptAt", id
       LIMIT 1
       FOR UPDATE SKIP LOCKED)
     RETURNING id, attempts, sender, recipient, cc, "replyTo", subject, "htmlBody", "textBody", "messageId", "createdAt"`,
    [leaseMs, domain],
  );
  return rows[0];
}

/**
 * Extends this worker's lease on a message it is sending (the claim is told by its attempt number): false
 * when the row is no longer this claim's (another worker took it after the lease ran out).
 */
export async function renewLease(db: Queryable, id: number, attempt: number, leaseMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE email SET "leaseUntil" = now() + make_interval(secs => $3::double precision / 1000)
     WHERE id = $1 AND attempts = $2 AND status = 'sending' RETURNING id`,
    [id, attempt, leaseMs],
  );
  return rows.length > 0;
}

/**
 * Puts back in the queue every message left "sending", for a worker that knows it is the only one on the
 * database (the embedded one, held by this process): whoever was sending them is gone. Their due time
 * stays, so they go first.
 */
export async function reclaimAbandoned(db: Queryable): Promise<number> {
  const { rows } = await db.query(
    `UPDATE email SET status = 'queued', "leaseUntil" = NULL, version = version + 1
     WHERE status = 'sending' RETURNING id`,
  );
  if (rows.length) await notifyWorkers(db);
  return rows.length;
}

export async function attachmentsOf(db: Queryable, emailId: number): Promise<OutboxAttachment[]> {
  const { rows } = await db.query<{ filename: string; contentType: string | null; content: Uint8Array }>(
    `SELECT filename, "contentType", content FROM "emailAttachment" WHERE "emailId" = $1 ORDER BY id`,
    [emailId],
  );
  return rows.map((r) => ({ filename: r.filename, content: r.content, contentType: r.contentType ?? undefined }));
}

/** What a delivered message was, and what caused it (for the hooks that follow a delivery). */
export interface SentMail {
  id: number;
  kind: EmailKind;
  causeEntity: string | null;
  causeId: number | null;
}

/**
 * Marks a message sent, whichever claim delivered it (a copy is out either way); the message, or nothing
 * when another worker already settled it.
 */
export async function markSent(db: Queryable, id: number, note: string | null): Promise<SentMail | undefined> {
  const { rows } = await db.query<SentMail>(
    `UPDATE email SET status = 'sent', "sentAt" = now(), "lastError" = $2,
       "nextAttemptAt" = NULL, "leaseUntil" = NULL, version = version + 1
     WHERE id = $1 AND status = 'sending'
     RETURNING id, kind, "causeEntity", "causeId"`,
    [id, note],
  );
  return rows[0];
}

/**
 * A failed attempt: retried after retryMs, or failed for good when retryMs is null. Only the claim that
 * made the attempt records it: a worker whose lease ran out does not requeue a row another one is sending.
 */
export async function markAttemptFailed(
  db: Queryable,
  id: number,
  attempt: number,
  error: string,
  retryMs: number | null,
): Promise<void> {
  await db.query(
    `UPDATE email SET status = $3, "lastError" = $4, "leaseUntil" = NULL, version = version + 1,
       "nextAttemptAt" = CASE WHEN $5::double precision IS NULL THEN NULL
                              ELSE now() + make_interval(secs => $5::double precision / 1000) END
     WHERE id = $1 AND attempts = $2 AND status = 'sending'`,
    [id, attempt, retryMs === null ? 'failed' : 'queued', error, retryMs],
  );
}

/** Milliseconds until the next message falls due (a retry, or a lease that runs out); null when none will. */
export async function msUntilNextDue(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ ms: number | null }>(
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(due) - now())) * 1000)::double precision AS ms FROM (
       SELECT min("nextAttemptAt") AS due FROM email WHERE status = 'queued'
       UNION ALL SELECT min("leaseUntil") FROM email WHERE status = 'sending') d`,
  );
  return rows[0]?.ms ?? null;
}

/**
 * Puts a failed or undelivered message back in the queue with its attempts from zero: the row as it is
 * then, or, when that was not possible, the status that prevented it (none: no such message).
 */
export async function requeue(
  db: Db,
  id: number,
): Promise<{ row: Record<string, unknown> } | { row: null; status: EmailStatus | undefined }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE email SET status = 'queued', attempts = 0, "nextAttemptAt" = now(), "leaseUntil" = NULL,
         version = version + 1
       WHERE id = $1 AND status IN ('failed', 'notConfigured') RETURNING *`,
      [id],
    );
    if (rows[0]) {
      await notifyWorkers(tx);
      return { row: rows[0] };
    }
    const current = await tx.query<{ status: EmailStatus }>(`SELECT status FROM email WHERE id = $1`, [id]);
    return { row: null, status: current.rows[0]?.status };
  });
}

/** One message of the outbox, every column. */
export async function emailById(db: Queryable, id: number): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM email WHERE id = $1`, [id]);
  return rows[0];
}
