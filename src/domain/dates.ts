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
