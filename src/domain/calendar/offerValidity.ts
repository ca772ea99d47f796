import { Temporal } from 'temporal-polyfill';
import { addDays, endOfRomeDay, romeDateOf, ROME, toInstant } from './rome.ts';

/** Reminders to the customer before an offer expires (issue 16): three days and one day before. */
export const REMINDER_DAYS_BEFORE = [3, 1] as const;
/** Reminders go out from this Rome hour on their day, not in the night. */
export const REMINDER_HOUR = 9;

/** The last day an offer sent at `sentAt` may be confirmed: its Rome date plus `giorniValiditaOfferta`. */
export function offerValidUntil(sentAt: Date | string, validityDays: number): string {
  return addDays(romeDateOf(sentAt), validityDays);
}

/** An offer is valid until the end of its validity day in Rome, and expired from the next midnight there. */
export function isOfferExpired(validUntil: string, now: Date = new Date()): boolean {
  return Temporal.Instant.compare(toInstant(now), endOfRomeDay(validUntil)) >= 0;
}

export interface OfferReminder {
  daysBefore: (typeof REMINDER_DAYS_BEFORE)[number];
  /** When it is due: REMINDER_HOUR, Rome time, on its day (ISO instant). */
  dueAt: string;
}

/** The reminders of an offer valid until `validUntil`. */
export function offerReminders(validUntil: string): OfferReminder[] {
  return REMINDER_DAYS_BEFORE.map((daysBefore) => ({
    daysBefore,
    dueAt: Temporal.PlainDate.from(addDays(validUntil, -daysBefore))
      .toZonedDateTime({ timeZone: ROME, plainTime: { hour: REMINDER_HOUR } })
      .toInstant()
      .toString(),
  }));
}

/**
 * The reminder to send now, if any: the latest one that is due and not yet sent, while the offer is valid.
 * A scheduler that was down on the three-day mark sends only the one-day reminder, never two at once.
 */
export function reminderDue(
  validUntil: string,
  alreadySent: readonly number[],
  now: Date = new Date(),
): OfferReminder | null {
  if (isOfferExpired(validUntil, now)) return null;
  const instant = toInstant(now);
  const due = offerReminders(validUntil).filter(
    (r) => Temporal.Instant.compare(instant, Temporal.Instant.from(r.dueAt)) >= 0,
  );
  const latest = due.at(-1);
  if (!latest || alreadySent.some((d) => d <= latest.daysBefore)) return null;
  return latest;
}
