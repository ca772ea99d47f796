import type { LocaleInput } from '@fullcalendar/react';
import itLocale from '@fullcalendar/react/locales/it';

type Unit = 'day' | 'week' | 'month' | 'year';
const byUnit = (words: Record<Unit, string>, other: string) => (_unitText: string, unit: string) =>
  words[unit as Unit] ?? other;

/**
 * FullCalendar's Italian, completed: its Italian locale leaves in English the words read by screen readers
 * and shown on hover ("Timed", "Previous week", "Show 3 more events"), which the visible text never shows.
 */
export const calendarItalian: LocaleInput = {
  ...itLocale,
  prevYearText: 'Anno precedente',
  nextYearText: 'Anno successivo',
  timedText: 'Con orario',
  closeHint: 'Chiudi',
  eventsHint: 'Eventi',
  viewChangeHint: 'Cambia vista',
  viewHint: 'Vista $0',
  navLinkHint: 'Vai a $0',
  todayHint: byUnit({ day: 'Oggi', week: 'Questa settimana', month: 'Questo mese', year: "Quest'anno" }, 'Oggi'),
  prevHint: byUnit(
    { day: 'Giorno precedente', week: 'Settimana precedente', month: 'Mese precedente', year: 'Anno precedente' },
    'Periodo precedente',
  ),
  nextHint: byUnit(
    { day: 'Giorno successivo', week: 'Settimana successiva', month: 'Mese successivo', year: 'Anno successivo' },
    'Periodo successivo',
  ),
  moreLinkHint: (n: number) => (n === 1 ? 'Mostra un altro evento' : `Mostra altri ${n} eventi`),
  moreLinkText: (n: number) => `+${n} altri`,
};

const HH_MM = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * How much a calendar of the app shows of a crowded day: a few events and "+N altri" for the rest (a day of 140
 * negotiations otherwise grows the page by thousands of pixels), and times as "08:00", never "8".
 */
export const calendarDensity = {
  dayMaxEvents: 4,
  eventMaxStack: 3,
  eventTimeFormat: HH_MM,
  slotLabelFormat: HH_MM,
} as const;
