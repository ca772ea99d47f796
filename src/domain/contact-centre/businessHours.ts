import { Temporal } from 'temporal-polyfill';
import { ROME, toInstant } from '../calendar/rome.ts';
import type { ClosedDays } from '../calendar/workingDays.ts';

/** ISO weekday (1 Monday … 7 Sunday) → opening intervals, `HH:MM` Rome wall time, end exclusive. */
export interface WeeklyHours {
  readonly [isoWeekday: number]: readonly { from: string; to: string }[] | undefined;
}

/** A common Italian office week, for when a branch office has not set its own: Monday to Friday 08:30–12:30, 14:00–18:00. */
export const DEFAULT_OPENING_HOURS: WeeklyHours = Object.fromEntries(
  [1, 2, 3, 4, 5].map((d) => [
    d,
    [
      { from: '08:30', to: '12:30' },
      { from: '14:00', to: '18:00' },
    ],
  ]),
);

/** A wait longer than a year is not counted day by day: the answer is already "far past any threshold". */
const MAX_DAYS = 366;

/** Closed days as a list of `YYYY-MM-DD` dates or a working calendar (`../calendar/workingDays.ts`). */
export type Holidays = readonly string[] | ClosedDays;

export const closedDays = (holidays: Holidays): ClosedDays => ('has' in holidays ? holidays : new Set(holidays));

/**
 * Business minutes between two instants, in Rome: only the opening intervals of each weekday count, closed days
 * (public holidays, company closures and holidays of the working calendar) count nothing. Whole minutes, rounded down.
 */
export function businessMinutesBetween(
  start: Date | string,
  end: Date | string,
  hours: WeeklyHours,
  holidays: Holidays = [],
): number {
  const from = toInstant(start);
  const to = toInstant(end);
  if (Temporal.Instant.compare(to, from) <= 0) return 0;
  const closed = closedDays(holidays);
  let day = from.toZonedDateTimeISO(ROME).toPlainDate();
  const lastDay = to.toZonedDateTimeISO(ROME).toPlainDate();
  let ms = 0;
  for (let i = 0; i <= MAX_DAYS && Temporal.PlainDate.compare(day, lastDay) <= 0; i++, day = day.add({ days: 1 })) {
    if (closed.has(day.toString())) continue;
    for (const interval of hours[day.dayOfWeek] ?? []) {
      const open = day.toZonedDateTime({ timeZone: ROME, plainTime: interval.from }).epochMilliseconds;
      const shut = day.toZonedDateTime({ timeZone: ROME, plainTime: interval.to }).epochMilliseconds;
      const overlap = Math.min(shut, to.epochMilliseconds) - Math.max(open, from.epochMilliseconds);
      if (overlap > 0) ms += overlap;
    }
  }
  return Math.floor(ms / 60_000);
}

/** Whether an instant falls inside the opening hours of a day that is not closed (Rome). */
export function isOpenAt(at: Date | string, hours: WeeklyHours, holidays: Holidays = []): boolean {
  const zoned = toInstant(at).toZonedDateTimeISO(ROME);
  const day = zoned.toPlainDate();
  if (closedDays(holidays).has(day.toString())) return false;
  const time = zoned.toPlainTime();
  return (hours[day.dayOfWeek] ?? []).some(
    (i) =>
      Temporal.PlainTime.compare(time, Temporal.PlainTime.from(i.from)) >= 0 &&
      Temporal.PlainTime.compare(time, Temporal.PlainTime.from(i.to)) < 0,
  );
}

/** "45 min", "2 h 05 min": a business wait as people read it. */
export function formatWait(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/**
 * How long a call-back case has waited in business hours (until it closed, or until now) and whether it is
 * past the branch office's threshold (the row turns red).
 */
export function caseWait(
  c: { firstMissedAt: string; closedAt: string | null },
  now: Date,
  hours: WeeklyHours,
  holidays: Holidays,
  thresholdMinutes: number,
): { minutes: number; overdue: boolean; text: string } {
  const minutes = businessMinutesBetween(c.firstMissedAt, c.closedAt ?? now, hours, holidays);
  return { minutes, overdue: minutes > thresholdMinutes, text: formatWait(minutes) };
}
