import { Temporal } from 'temporal-polyfill';
import { reminderDue, REMINDER_DAYS_BEFORE } from '../../../domain/calendar/offerValidity.ts';
import { addDays, romeToday } from '../../../domain/calendar/rome.ts';
import type { AppContext } from '../../context.ts';
import { awaitingAnswer } from '../negotiations/index.ts';
import { latestVersionsExpiringBetween } from '../offers/index.ts';
import { recordEvent, reminderRecorded, remindersSent } from './repository.ts';

/** How often the server looks for reminders to send; each goes once (the history remembers it). */
export const REMINDER_CHECK_MS = 15 * 60_000;
/** Offers read at once. */
const BATCH = 500;

interface Candidate {
  id: number;
  numero: string;
  validUntil: string;
  email: string;
  contatto: string | null;
  documentToken: string;
  sent: (string | null)[];
}

/**
 * The latest sent version of each negotiation the customer has not answered, with an e-mail and a link, whose
 * validity ends between from and to, with the reminders already recorded: read a page of BATCH offers at a time.
 */
async function* candidates(ctx: AppContext, from: string, to: string): AsyncGenerator<Candidate> {
  for (let after = 0; ;) {
    const versions = await latestVersionsExpiringBetween(ctx.db, from, to, after, BATCH);
    const ids = versions.map((v) => v.trattativaCpId);
    const open = new Map((await awaitingAnswer(ctx.db, ids)).map((n) => [n.id, n]));
    const sent = await remindersSent(ctx.db, [...open.keys()]);
    for (const v of versions) {
      const n = open.get(v.trattativaCpId);
      if (n) yield { ...n, numero: v.numero, validUntil: v.validUntil, sent: sent.get(n.id) ?? [] };
    }
    if (versions.length < BATCH) return;
    after = ids.at(-1) ?? after;
  }
}

/**
 * The reminders due now (issue 16: three days and one day before the offer expires, from 9:00 in Rome):
 * for the latest sent version of each negotiation the customer has not answered, with an e-mail and a link.
 * Each reminder is recorded in the offer's history in the transaction that writes its e-mail, so it goes once.
 */
export async function sendDueReminders(ctx: AppContext, now: Date): Promise<number> {
  const today = romeToday(now);
  let sent = 0;
  for await (const c of candidates(ctx, today, addDays(today, Math.max(...REMINDER_DAYS_BEFORE)))) {
    // A reminder belongs to a version: a new version sent starts its own.
    const already = c.sent
      .map((d) => /^(.+):(\d+)$/.exec(d ?? ''))
      .filter((m): m is RegExpExecArray => !!m && m[1] === c.numero)
      .map((m) => Number(m[2]));
    const due = reminderDue(c.validUntil, already, now);
    if (!due) continue;
    const went = await ctx.db.transaction(async (tx) => {
      // Every server process looks for reminders: the one that records it first sends it.
      const detail = `${c.numero}:${due.daysBefore}`;
      if (await reminderRecorded(tx, c.id, detail)) return false;
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
