import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

// The wire format is ISO 8601 (YYYY-MM-DD); these are display formats only.
export const DISPLAY_DATE = 'DD-MM-YYYY';
export const DISPLAY_DATE_SHORT = 'DD/MM/YY';

/** ISO date or date-time to DD-MM-YYYY; empty for an empty or invalid value. */
export function formatDate(iso: string | null | undefined, pattern = DISPLAY_DATE): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format(pattern) : '';
}

/** DD-MM-YYYY (or DD/MM/YY) typed by a user to the ISO wire format, or null. */
export function parseDisplayDate(text: string): string | null {
  const d = dayjs(text, [DISPLAY_DATE, DISPLAY_DATE_SHORT], true);
  return d.isValid() ? d.format('YYYY-MM-DD') : null;
}

// Made on first use: a formatter with a time zone costs 10-20 ms to build, which a list's first frame does not pay.
let romeParts: Intl.DateTimeFormat | undefined;
let romeLongDay: Intl.DateTimeFormat | undefined;

/** A day in words, for a heading: "Giovedì 26 novembre 2026" (Rome's day). */
export function formatLongRomeDay(at: Date): string {
  romeLongDay ??= new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const text = romeLongDay.format(at);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An instant as Rome reads it, wherever the reader is: 24-11-2026 10:05 (or 24-11-2026 alle 10:05). */
export function formatRomeDateTime(iso: string, between = ' '): string {
  romeParts ??= new Intl.DateTimeFormat('it-IT', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Rome',
  });
  const parts = romeParts.formatToParts(new Date(iso));
  const p = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('day')}-${p('month')}-${p('year')}${between}${p('hour')}:${p('minute')}`;
}
