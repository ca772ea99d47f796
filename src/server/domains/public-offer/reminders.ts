import { Temporal } from 'temporal-polyfill';
import { reminderDue, REMINDER_DAYS_BEFORE } from '../../../domain/calendar/offerValidity.ts';
import { addDays, romeToday } from '../../../domain/calendar/rome.ts';
import type { AppContext } from '../../context.ts';
import { recordEvent } from './repository.ts';

/** How often the server looks for reminders to send; each goes once (the history remembers it). */
export const REMINDER_CHECK_MS = 15 * 60_000;
/** The first key of the advisory lock taken on a negotiation while its reminder is recorded. */
const REMINDER_LOCK_CLASS = 0x50524f;
/** Offers looked at in one pass, at most. */
const BATCH = 500;

interface Candidate {
  id: number;
  numero: string;
  validUntil: string;
  email: string;
  contatto: string | null;
  documentToken: string;
  sent: string[] | null;
}

/**
 * The reminders due now (issue 16: three days and one day before the offer expires, from 9:00 in Rome):
 * for the latest sent version of each negotiation the customer has not answered, with an e-mail and a link.
 * Each reminder is recorded in the offer's history in the transaction that writes its e-mail, so it goes once.
 */
export async function sendDueReminders(ctx: AppContext, now: Date): Promise<number> {
  const today = romeToday(now);
  const { rows } = await ctx.db.query<Candidate>(
    `SELECT * FROM (
       SELECT DISTINCT ON (o."trattativaCpId") o."trattativaCpId" AS id, o."numeroDocumento" AS numero,
         o.snapshot::jsonb #>> '{header,validUntil}' AS "validUntil", t.email, t.contatto, t."documentToken",
         (SELECT array_agg(e.dettaglio) FROM "offertaClienteEvento" e
           WHERE e."trattativaCpId" = o."trattativaCpId" AND e.evento = 'promemoria') AS sent
       FROM "offer" o JOIN "trattativaCp" t ON t.id = o."trattativaCpId"
       WHERE COALESCE(t."acceptedByCustomer", '') NOT IN ('Y', 'N')
         AND COALESCE(t.email, '') <> '' AND COALESCE(t."documentToken", '') <> ''
       ORDER BY o."trattativaCpId", o.versione DESC) latest
     WHERE "validUntil" BETWEEN $1 AND $2
     ORDER BY id LIMIT ${BATCH}`,
    [today, addDays(today, Math.max(...REMINDER_DAYS_BEFORE))],
  );
  let sent = 0;
  for (const c of rows) {
    // A reminder belongs to a version: a new version sent starts its own.
    const already = (c.sent ?? [])
      .map((d) => /^(.+):(\d+)$/.exec(d ?? ''))
      .filter((m): m is RegExpExecArray => !!m && m[1] === c.numero)
      .map((m) => Number(m[2]));
    const due = reminderDue(c.validUntil, already, now);
    if (!due) continue;
    const went = await ctx.db.transaction(async (tx) => {
      // Every server process looks for reminders: the one that records it first sends it.
      const detail = `${c.numero}:${due.daysBefore}`;
      await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [REMINDER_LOCK_CLASS, c.id]);
      const { rows: recorded } = await tx.query(
        `SELECT 1 FROM "offertaClienteEvento" WHERE "trattativaCpId" = $1 AND evento = 'promemoria' AND dettaglio = $2`,
        [c.id, detail],
      );
      if (recorded.length > 0) return false;
      await recordEvent(tx, c.id, 'promemoria', now, null, detail);
      await ctx.mail.enqueue(tx, {
        to: c.email,
        ...ctx.mail.render.promemoriaOfferta({
          documentToken: c.documentToken,
          numeroOfferta: c.numero,
          scadenza: c.validUntil,
          giorni: Temporal.PlainDate.from(today).until(Temporal.PlainDate.from(c.validUntil)).days,
          contatto: c.contatto,
        }),
        cause: { entity: 'trattativaCp', id: c.id, user: null },
      });
      return true;
    });
    if (went) sent++;
  }
  return sent;
}

/** Looks for due reminders every REMINDER_CHECK_MS while the server runs (the timer never keeps it alive). */
export function startReminders(ctx: AppContext): void {
  const timer = setInterval(() => {
    sendDueReminders(ctx, new Date()).catch((err: unknown) =>
      console.error('Promemoria delle offerte non inviati:', err instanceof Error ? err.message : err),
    );
  }, REMINDER_CHECK_MS);
  timer.unref();
}
