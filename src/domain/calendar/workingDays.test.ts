import { describe, expect, it } from 'vitest';
import { businessMinutesBetween, caseWait, DEFAULT_OPENING_HOURS } from '../contact-centre/businessHours.ts';
import { nextCallbackSlot } from '../contact-centre/branchOffice.ts';
import {
  easterSunday,
  entryDays,
  entryProblem,
  italianPublicHolidays,
  WORKING_CALENDAR_MESSAGES,
  workingCalendar,
  type WorkingCalendarEntry,
} from './workingDays.ts';

const hours = DEFAULT_OPENING_HOURS; // Mon–Fri 08:30–12:30, 14:00–18:00: 480 minutes a day
const italy = workingCalendar([]);

describe('Easter', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i is %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });
});

describe('italianPublicHolidays', () => {
  it('lists the twelve national holidays of 2026 in date order, Easter Monday computed', () => {
    expect(italianPublicHolidays(2026).map((h) => `${h.date} ${h.name}`)).toEqual([
      '2026-01-01 Capodanno',
      '2026-01-06 Epifania',
      '2026-04-05 Pasqua',
      "2026-04-06 Lunedì dell'Angelo",
      '2026-04-25 Festa della Liberazione',
      '2026-05-01 Festa dei Lavoratori',
      '2026-06-02 Festa della Repubblica',
      '2026-08-15 Ferragosto',
      '2026-11-01 Ognissanti',
      '2026-12-08 Immacolata Concezione',
      '2026-12-25 Natale',
      '2026-12-26 Santo Stefano',
    ]);
  });

  it('moves Easter Monday with Easter every year', () => {
    expect(italy.closure('2025-04-21')?.name).toBe("Lunedì dell'Angelo");
    expect(italy.closure('2027-03-29')?.name).toBe("Lunedì dell'Angelo");
    expect(italy.has('2026-04-21')).toBe(false);
  });
});

describe('the waiting clock over each kind of closed day', () => {
  it('counts no hours of Easter Monday: a call of Friday 3 April 2026 at 17:00 called back on Tuesday at 09:30 waited two hours', () => {
    const from = '2026-04-03T17:00:00+02:00';
    const to = '2026-04-07T09:30:00+02:00';
    expect(businessMinutesBetween(from, to, hours)).toBe(60 + 480 + 60);
    expect(businessMinutesBetween(from, to, hours, italy)).toBe(60 + 60);
    expect(caseWait({ firstMissedAt: from, closedAt: to }, new Date(to), hours, italy, 90)).toMatchObject({
      minutes: 120,
      overdue: true,
      text: '2 h 00 min',
    });
  });

  it('counts nothing on 25 April when it falls on a working day (Friday 25 April 2025)', () => {
    expect(businessMinutesBetween('2025-04-24T17:00:00+02:00', '2025-04-28T09:00:00+02:00', hours, italy)).toBe(90);
  });

  it('counts nothing on the fixed holidays (Epifania, 1 May, 2 June, Ferragosto, Ognissanti, Immacolata, Christmas)', () => {
    for (const day of [
      '2026-01-06',
      '2025-05-01',
      '2026-06-02',
      '2025-08-15',
      '2027-11-01',
      '2025-12-08',
      '2025-12-25',
      '2025-12-26',
      '2025-01-01',
    ])
      expect(businessMinutesBetween(`${day}T00:00:00+01:00`, `${day}T23:00:00+01:00`, hours, italy), day).toBe(0);
  });

  it('counts nothing on a company closure (CA) covering a whole week', () => {
    const closure: WorkingCalendarEntry = {
      dateFrom: '2026-08-10',
      dateTo: '2026-08-21',
      type: 'CA',
      description: 'Chiusura estiva',
    };
    const calendar = workingCalendar([closure]);
    // From Friday 7 August 17:00 to Monday 24 August 09:00: one hour before, half an hour after.
    expect(businessMinutesBetween('2026-08-07T17:00:00+02:00', '2026-08-24T09:00:00+02:00', hours, calendar)).toBe(90);
    expect(calendar.closure('2026-08-12')).toEqual({ date: '2026-08-12', name: 'Chiusura estiva', kind: 'CA' });
  });

  it('counts nothing on a holiday (FE) of one day', () => {
    const calendar = workingCalendar([{ dateFrom: '2026-12-24', type: 'FE', description: 'Ferie collettive' }]);
    expect(businessMinutesBetween('2026-12-23T17:00:00+01:00', '2026-12-28T09:00:00+01:00', hours, calendar)).toBe(90);
  });

  it("counts a patron saint's day (GF) only for its own branch office", () => {
    const santAmbrogio: WorkingCalendarEntry = {
      dateFrom: '2026-12-07',
      type: 'GF',
      description: "Sant'Ambrogio",
      branchOfficeId: 1,
    };
    const milano = workingCalendar([santAmbrogio], 1);
    const roma = workingCalendar([santAmbrogio], 2);
    const from = '2026-12-04T17:00:00+01:00'; // Friday; Monday 7 is Sant'Ambrogio, Tuesday 8 the Immacolata
    const to = '2026-12-09T09:00:00+01:00';
    expect(businessMinutesBetween(from, to, hours, milano)).toBe(60 + 30);
    expect(businessMinutesBetween(from, to, hours, roma)).toBe(60 + 480 + 30);
    expect(workingCalendar([santAmbrogio]).has('2026-12-07')).toBe(false);
  });

  it('names a public holiday as such even when a closure covers it', () => {
    const calendar = workingCalendar([
      { dateFrom: '2026-08-10', dateTo: '2026-08-21', type: 'CA', description: 'Chiusura estiva' },
    ]);
    expect(calendar.closure('2026-08-15')?.name).toBe('Ferragosto');
  });

  it('plans a call-back nobody answered after Easter Monday, not on it', () => {
    expect(nextCallbackSlot('2026-04-03T17:30:00+02:00', hours, italy)).toEqual({
      date: '2026-04-07',
      startTime: '08:30',
      endTime: '08:45',
    });
  });
});

describe('entries of the working calendar', () => {
  it('covers each day of a range, or one day when it has no end', () => {
    expect(entryDays({ dateFrom: '2026-12-31', dateTo: '2027-01-02' })).toEqual([
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(entryDays({ dateFrom: '2026-12-31', dateTo: null })).toEqual(['2026-12-31']);
  });

  it('refuses an end before the start and a period over a year, naming the field', () => {
    expect(entryProblem({ dateFrom: '2026-08-21', dateTo: '2026-08-10' })).toEqual({
      field: 'dateTo',
      message: WORKING_CALENDAR_MESSAGES.endBeforeStart,
    });
    expect(entryProblem({ dateFrom: '2026-01-01', dateTo: '2027-01-02' })?.message).toBe(
      WORKING_CALENDAR_MESSAGES.tooLong,
    );
    expect(entryProblem({ dateFrom: '2026-01-01', dateTo: '2027-01-01' })).toBeNull();
    expect(entryProblem({ dateFrom: '2026-08-10', dateTo: '2026-08-10' })).toBeNull();
    expect(entryProblem({ dateFrom: '2026-08-10' })).toBeNull();
  });
});
