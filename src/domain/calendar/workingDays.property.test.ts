import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { businessMinutesBetween, DEFAULT_OPENING_HOURS } from '../contact-centre/businessHours.ts';
import { endOfRomeDay, startOfRomeDay } from './rome.ts';
import {
  easterSunday,
  entryDays,
  italianPublicHolidays,
  workingCalendar,
  type WorkingCalendarEntry,
} from './workingDays.ts';

const hours = DEFAULT_OPENING_HOURS;
const year = fc.integer({ min: 1583, max: 4099 });
const DAY0 = Temporal.PlainDate.from('2024-01-01');
/** A Rome date within four years from 2024. */
const day = fc.integer({ min: 0, max: 4 * 366 }).map((n) => DAY0.add({ days: n }).toString());
/** An instant within the same years, to the minute. */
const instant = fc
  .integer({ min: 0, max: 4 * 366 * 24 * 60 })
  .map((m) => new Date(startOfRomeDay('2024-01-01').epochMilliseconds + m * 60_000));
/** A wait: an instant and a later one, up to 120 days after (the clock counts day by day up to a year). */
const wait = fc
  .tuple(instant, fc.integer({ min: 0, max: 120 * 24 * 60 }))
  .map(([start, m]) => [start, new Date(start.getTime() + m * 60_000)] as const);
const entry: fc.Arbitrary<WorkingCalendarEntry> = fc
  .record({
    dateFrom: day,
    dateTo: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
    type: fc.constantFrom('GF' as const, 'CA' as const, 'FE' as const),
    description: fc.constant('Chiusura'),
  })
  .map((e) => ({
    ...e,
    dateTo: e.dateTo === null ? null : Temporal.PlainDate.from(e.dateFrom).add({ days: e.dateTo }).toString(),
  }));

describe('Italian public holidays, any year', () => {
  it('Easter Monday is always a Monday between 23 March and 26 April', () => {
    fc.assert(
      fc.property(year, (y) => {
        const monday = Temporal.PlainDate.from(easterSunday(y)).add({ days: 1 });
        expect(monday.dayOfWeek).toBe(1);
        const md = monday.toString().slice(5);
        expect(md >= '03-23' && md <= '04-26').toBe(true);
        expect(italianPublicHolidays(y).find((h) => h.name === "Lunedì dell'Angelo")?.date).toBe(monday.toString());
      }),
      { numRuns: 500 },
    );
  });

  it('every year has twelve distinct holidays, all in that year', () => {
    fc.assert(
      fc.property(year, (y) => {
        const days = italianPublicHolidays(y).map((h) => h.date);
        expect(days).toHaveLength(12);
        expect(days.every((d) => d.startsWith(`${y}-`))).toBe(true);
        // Only Easter Monday (or Easter) may fall on 25 April, as in 2011 and 2038.
        expect(new Set(days).size).toBe(days.includes(`${y}-04-25`, days.indexOf(`${y}-04-25`) + 1) ? 11 : 12);
      }),
    );
  });
});

describe('business minutes with the working calendar', () => {
  it('no business minute ever falls on a closed day', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), wait, (entries, [start, end]) => {
        const calendar = workingCalendar(entries);
        // Every minute counted belongs to an open day: day by day, a closed day's share is zero.
        let total = 0;
        for (
          let d = Temporal.Instant.fromEpochMilliseconds(start.getTime())
            .toZonedDateTimeISO('Europe/Rome')
            .toPlainDate();
          startOfRomeDay(d.toString()).epochMilliseconds < end.getTime();
          d = d.add({ days: 1 })
        ) {
          const from = new Date(Math.max(start.getTime(), startOfRomeDay(d.toString()).epochMilliseconds));
          const to = new Date(Math.min(end.getTime(), endOfRomeDay(d.toString()).epochMilliseconds));
          const share = businessMinutesBetween(from, to, hours, calendar);
          if (calendar.has(d.toString())) expect(share).toBe(0);
          total += share;
        }
        // Instants to the minute and hours on the minute: nothing rounds, so the days' shares add up exactly.
        expect(businessMinutesBetween(start, end, hours, calendar)).toBe(total);
      }),
      { numRuns: 200 },
    );
  });

  it('adding a closure never increases the minutes, and removes exactly the minutes of its days', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 3 }), entry, wait, (entries, added, [start, end]) => {
        const before = workingCalendar(entries);
        const after = workingCalendar([...entries, added]);
        const without = businessMinutesBetween(start, end, hours, before);
        const withIt = businessMinutesBetween(start, end, hours, after);
        expect(withIt).toBeLessThanOrEqual(without);
        const removed = entryDays(added)
          .filter((d) => !before.has(d))
          .reduce((sum, d) => {
            const from = Math.max(start.getTime(), startOfRomeDay(d).epochMilliseconds);
            const to = Math.min(end.getTime(), endOfRomeDay(d).epochMilliseconds);
            return sum + businessMinutesBetween(new Date(from), new Date(to), hours, before);
          }, 0);
        expect(without - withIt).toBe(removed);
      }),
      { numRuns: 300 },
    );
  });
});
