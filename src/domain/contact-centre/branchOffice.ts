import { Temporal } from 'temporal-polyfill';
import { ROME, toInstant } from '../calendar/rome.ts';
import { phoneKey } from '../phone/phoneNumber.ts';
import { closedDays, DEFAULT_OPENING_HOURS, type Holidays, type WeeklyHours } from './businessHours.ts';

/** What a branch office says about its lines and hours (schemas/branch-office.json). */
export interface OfficeSettings {
  phoneNumbers?: string | null;
  openFrom?: string | null;
  lunchFrom?: string | null;
  lunchTo?: string | null;
  openTo?: string | null;
  saturdayMorning?: string | null;
}

/** The E.164 numbers of an office's lines, from the text staff typed (commas, semicolons or new lines between them). */
export function officeLines(phoneNumbers: string | null | undefined): string[] {
  return (phoneNumbers ?? '')
    .split(/[,;\n]/)
    .map((n) => phoneKey(n.trim()))
    .filter((n): n is string => !!n);
}

/**
 * The office's week: Monday to Friday from opening to closing with the lunch break, Saturday morning when it
 * opens then. An office without hours (or with hours that do not make sense) has the common week.
 */
export function officeHours(office: OfficeSettings | null | undefined): WeeklyHours {
  const openFrom = office?.openFrom ?? '';
  const openTo = office?.openTo ?? '';
  const lunchFrom = office?.lunchFrom ?? '';
  const lunchTo = office?.lunchTo ?? '';
  if (!openFrom || !openTo || openFrom >= openTo) return DEFAULT_OPENING_HOURS;
  const morning = { from: openFrom, to: openTo };
  const day =
    lunchFrom && lunchTo && openFrom < lunchFrom && lunchFrom < lunchTo && lunchTo < openTo
      ? [
          { from: openFrom, to: lunchFrom },
          { from: lunchTo, to: openTo },
        ]
      : [morning];
  const week: Record<number, { from: string; to: string }[]> = { 1: day, 2: day, 3: day, 4: day, 5: day };
  if (office?.saturdayMorning === 'Y') week[6] = [day[0] ?? morning];
  return week;
}

/**
 * When a call-back that found nobody should be tried again: at least `delayMinutes` later, on a quarter hour,
 * inside the office's hours (else at its next opening), for `lengthMinutes`. Rome date and `HH:MM` times.
 */
export function nextCallbackSlot(
  after: Date | string,
  hours: WeeklyHours,
  holidays: Holidays = [],
  delayMinutes = 60,
  lengthMinutes = 15,
): { date: string; startTime: string; endTime: string } {
  const earliest = toInstant(after).add({ minutes: delayMinutes }).toZonedDateTimeISO(ROME);
  const rounded = earliest.round({ smallestUnit: 'minute', roundingIncrement: 15, roundingMode: 'ceil' });
  const closed = closedDays(holidays);
  let day = rounded.toPlainDate();
  for (let i = 0; i < 60; i++, day = day.add({ days: 1 })) {
    if (closed.has(day.toString())) continue;
    for (const interval of hours[day.dayOfWeek] ?? []) {
      const open = Temporal.PlainTime.from(interval.from);
      const shut = Temporal.PlainTime.from(interval.to);
      const candidate =
        i === 0 && Temporal.PlainTime.compare(rounded.toPlainTime(), open) > 0 ? rounded.toPlainTime() : open;
      const end = candidate.add({ minutes: lengthMinutes });
      if (Temporal.PlainTime.compare(end, shut) <= 0 && Temporal.PlainTime.compare(end, candidate) > 0)
        return { date: day.toString(), startTime: hhmm(candidate), endTime: hhmm(end) };
    }
  }
  const fallback = rounded.toPlainTime();
  return {
    date: rounded.toPlainDate().toString(),
    startTime: hhmm(fallback),
    endTime: hhmm(fallback.add({ minutes: lengthMinutes })),
  };
}

const hhmm = (t: Temporal.PlainTime) => t.toString({ smallestUnit: 'minute' });
