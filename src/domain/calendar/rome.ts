import { Temporal } from 'temporal-polyfill';

/** The company's time zone: every "today", "end of the day" and business hour is Rome's. */
export const ROME = 'Europe/Rome';

/** An instant from a Date (a fake clock in tests) or an ISO date-time; one without an offset is Rome wall time. */
export function toInstant(at: Date | string): Temporal.Instant {
  if (typeof at !== 'string') return Temporal.Instant.fromEpochMilliseconds(at.getTime());
  try {
    return Temporal.Instant.from(at);
  } catch {
    return Temporal.PlainDateTime.from(at).toZonedDateTime(ROME).toInstant();
  }
}

/** The Rome calendar date (YYYY-MM-DD) of an instant. */
export function romeDateOf(at: Date | string): string {
  return toInstant(at).toZonedDateTimeISO(ROME).toPlainDate().toString();
}

/** Today in Rome: at 23:30 UTC it is already tomorrow in Rome, all year. */
export function romeToday(now: Date = new Date()): string {
  return romeDateOf(now);
}

/** The first instant of a Rome day (00:00 Rome, whatever the daylight-saving offset). */
export function startOfRomeDay(date: string): Temporal.Instant {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: ROME }).toInstant();
}

/** The end of a Rome day: the first instant of the next day, exclusive ("valid until the end of the day"). */
export function endOfRomeDay(date: string): Temporal.Instant {
  return startOfRomeDay(Temporal.PlainDate.from(date).add({ days: 1 }).toString());
}

/** A Rome date plus (or minus) whole days. */
export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}
