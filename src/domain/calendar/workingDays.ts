import { gregorianEaster } from 'date-easter';
import { Temporal } from 'temporal-polyfill';

/** The working calendar's kinds (schemas/common.json `WorkingCalendarType`): public day, company closure, holiday. */
export type WorkingCalendarType = 'GF' | 'CA' | 'FE';

/** An entry of the working calendar table (schemas/working-calendar.json): a day, or a range of days, closed. */
export interface WorkingCalendarEntry {
  dateFrom: string;
  /** Last day, inclusive; empty for one day. */
  dateTo?: string | null;
  type: WorkingCalendarType;
  description: string;
  /** The branch office it closes (a patron saint's day); empty for every office. */
  branchOfficeId?: number | null;
}

/** Why a day is closed: an Italian public holiday (`kind` 'festa') or an entry of the working calendar. */
export interface Closure {
  date: string;
  name: string;
  kind: 'festa' | WorkingCalendarType;
}

/** What the business-hours functions ask of a calendar: is this Rome date (`YYYY-MM-DD`) closed? A Set is one. */
export interface ClosedDays {
  has(date: string): boolean;
}

/** An entry longer than this is refused by the table and not expanded here beyond it. */
export const MAX_ENTRY_DAYS = 366;

const FIXED_HOLIDAYS: readonly (readonly [monthDay: string, name: string])[] = [
  ['01-01', 'Capodanno'],
  ['01-06', 'Epifania'],
  ['04-25', 'Festa della Liberazione'],
  ['05-01', 'Festa dei Lavoratori'],
  ['06-02', 'Festa della Repubblica'],
  ['08-15', 'Ferragosto'],
  ['11-01', 'Ognissanti'],
  ['12-08', 'Immacolata Concezione'],
  ['12-25', 'Natale'],
  ['12-26', 'Santo Stefano'],
];

/** Easter Sunday of a (Gregorian) year, `YYYY-MM-DD`. */
export function easterSunday(year: number): string {
  const { month, day } = gregorianEaster(year);
  return Temporal.PlainDate.from({ year, month, day }).toString();
}

/** The national public holidays of Italy in a year, in date order: the fixed ones, Easter and Easter Monday. */
export function italianPublicHolidays(year: number): Closure[] {
  const easter = Temporal.PlainDate.from(easterSunday(year));
  const y = String(year).padStart(4, '0');
  return [
    ...FIXED_HOLIDAYS.map(([md, name]) => ({ date: `${y}-${md}`, name, kind: 'festa' as const })),
    { date: easter.toString(), name: 'Pasqua', kind: 'festa' as const },
    { date: easter.add({ days: 1 }).toString(), name: "Lunedì dell'Angelo", kind: 'festa' as const },
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/** The days an entry covers (at most MAX_ENTRY_DAYS; a range ending before it starts covers its first day). */
export function entryDays(entry: Pick<WorkingCalendarEntry, 'dateFrom' | 'dateTo'>): string[] {
  const from = Temporal.PlainDate.from(entry.dateFrom);
  const to = entry.dateTo ? Temporal.PlainDate.from(entry.dateTo) : from;
  const days: string[] = [];
  for (let d = from; Temporal.PlainDate.compare(d, to) <= 0 && days.length < MAX_ENTRY_DAYS; d = d.add({ days: 1 }))
    days.push(d.toString());
  return days.length ? days : [from.toString()];
}

export interface WorkingCalendar extends ClosedDays {
  /** Why a day is closed, or null when it is a working day (weekends are the opening hours' business). */
  closure(date: string): Closure | null;
}

/**
 * The company's calendar for one branch office (or for all, when `branchOfficeId` is null): Italian public
 * holidays of any year, plus the entries of the working calendar for every office or for that one.
 * A public holiday is named as such even when an entry covers it too.
 */
export function workingCalendar(
  entries: readonly WorkingCalendarEntry[],
  branchOfficeId: number | null = null,
): WorkingCalendar {
  const own = new Map<string, Closure>();
  for (const e of entries) {
    if (e.branchOfficeId != null && e.branchOfficeId !== branchOfficeId) continue;
    for (const date of entryDays(e)) if (!own.has(date)) own.set(date, { date, name: e.description, kind: e.type });
  }
  const publicByYear = new Map<number, Map<string, Closure>>();
  const publicOf = (year: number) => {
    let days = publicByYear.get(year);
    if (!days) publicByYear.set(year, (days = new Map(italianPublicHolidays(year).map((h) => [h.date, h]))));
    return days;
  };
  const closure = (date: string): Closure | null =>
    publicOf(Number(date.slice(0, 4))).get(date) ?? own.get(date) ?? null;
  return { closure, has: (date) => closure(date) !== null };
}

export const WORKING_CALENDAR_MESSAGES = {
  endBeforeStart: 'Il campo «Fino al giorno» non può venire prima del campo «Giorno»',
  tooLong: `Un periodo può durare al più ${MAX_ENTRY_DAYS} giorni: dividerlo in più righe`,
} as const;

/** What is wrong with an entry's dates (the field and an Italian sentence), or null: the server's rule and the form's. */
export function entryProblem(
  entry: Pick<WorkingCalendarEntry, 'dateFrom' | 'dateTo'>,
): { field: 'dateTo'; message: string } | null {
  if (!entry.dateTo) return null;
  const from = Temporal.PlainDate.from(entry.dateFrom);
  const to = Temporal.PlainDate.from(entry.dateTo);
  if (Temporal.PlainDate.compare(to, from) < 0)
    return { field: 'dateTo', message: WORKING_CALENDAR_MESSAGES.endBeforeStart };
  if (from.until(to, { largestUnit: 'days' }).days >= MAX_ENTRY_DAYS)
    return { field: 'dateTo', message: WORKING_CALENDAR_MESSAGES.tooLong };
  return null;
}
