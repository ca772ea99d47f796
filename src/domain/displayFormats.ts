import { formatDate, formatRomeDateTime } from './dates.ts';
import { formatFileSize } from './fileSize.ts';
import { numberFormat } from './numberFormat.ts';
import { formatPhoneDisplay } from './phone/index.ts';
import { NO, YES } from './yesNo.ts';

export { NO, YES };

// SPEC.md section 9: euro with 2 decimals, percentage with 2 decimals, Italian numbers with 2 to 4 decimals.
const euro = numberFormat({ style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = numberFormat({ style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const decimal = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 4 });
const whole = numberFormat({ maximumFractionDigits: 0 });
const amount = numberFormat({ maximumFractionDigits: 4 });
const tenths = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A format kept for the last thousand texts it was given: a list formats the same values for its first frame, its
 * layout and its cells, again on each drawing, and parsing a phone number against the numbering plans (some
 * 0.1 ms) or a time zone's instant is worth doing once.
 */
function remembered(format: (v: string) => string): (v: string | null) => string {
  const shown = new Map<string, string>();
  return (v) => {
    if (!v) return '';
    let text = shown.get(v);
    if (text === undefined) {
      if (shown.size >= 1000) shown.clear();
      text = format(v);
      shown.set(v, text);
    }
    return text;
  };
}

// A field may hold several numbers, comma separated (a branch's lines): each reads the same way.
const phone = remembered((v) =>
  v
    .split(',')
    .map((n) => formatPhoneDisplay(n))
    .filter(Boolean)
    .join(', '),
);

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

// An instant (with Z or an offset) reads as Rome reads it, wherever the server or browser is; a date-time
// without an offset is already a wall-clock time and reads as written.
const INSTANT = /(Z|[+-]\d{2}:?\d{2})$/i;
const dateTime = remembered((v) => {
  if (!INSTANT.test(v)) return formatDate(v, 'DD-MM-YYYY HH:mm');
  return Number.isNaN(Date.parse(v)) ? '' : formatRomeDateTime(v);
});
const date = remembered((v) => formatDate(v));

/** Seconds as mm:ss, or h:mm:ss from an hour up. */
function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}

/**
 * What a value reads as in a table, a print view or a message, by what it means (Italian, Intl it-IT).
 * Anything that is not a value of the kind (null, text in a number column) reads as empty.
 */
export const displayFormats = {
  money: (v: unknown) => (num(v) ? euro.format(v) : ''),
  /** Stored as percent points: 8.5 reads 8,50%. */
  percentage: (v: unknown) => (num(v) ? percent.format(v / 100) : ''),
  number: (v: unknown) => (num(v) ? decimal.format(v) : ''),
  integer: (v: unknown) => (num(v) ? whole.format(v) : ''),
  quantity: (v: unknown) => (num(v) ? amount.format(v) : ''),
  duration: (v: unknown) => (num(v) ? duration(v) : ''),
  fileSize: (v: unknown) => (num(v) ? formatFileSize(v) : ''),
  phone: (v: unknown) => phone(text(v)),
  date: (v: unknown) => date(text(v)),
  dateTime: (v: unknown) => dateTime(v instanceof Date ? v.toISOString() : text(v)),
  /** HH:mm of a stored time (HH:mm or HH:mm:ss). */
  time: (v: unknown) => (typeof v === 'string' && /^\d{2}:\d{2}/.test(v) ? v.slice(0, 5) : ''),
  yesNo: (v: unknown) => (v === true || v === 'Y' ? YES : v === false || v === 'N' ? NO : ''),
  /** A vehicle's readings: 12.500 km, 3.420 h. */
  km: (v: unknown) => (num(v) ? `${whole.format(v)} km` : ''),
  hours: (v: unknown) => (num(v) ? `${whole.format(v)} h` : ''),
  /** A distance by road or estimated: 42,3 km. */
  distance: (v: unknown) => (num(v) ? `${tenths.format(v)} km` : ''),
};

/** A kind of value with a format of its own. */
export type DisplayKind = keyof typeof displayFormats;
export const isDisplayKind = (kind: string): kind is DisplayKind => Object.hasOwn(displayFormats, kind);

/** Cents as the money kind reads them (the pricing engine holds integer cents). */
export const formatCents = (cents: number): string => displayFormats.money(cents / 100);

/** A number for a form input: Italian decimal comma, no grouping, nothing rounded (42.5 reads 42,5). */
export function formatNumberInput(v: unknown): string {
  return num(v) ? String(v).replace('.', ',') : '';
}

/**
 * A number typed the Italian way, or null when the text is not one. The comma is the decimal separator
 * and dots group thousands ("1.250,50"); without a comma a dot followed by exactly three digits still groups
 * thousands ("1.250" is 1250), any other single dot is taken as a decimal point ("42.50", "0.5").
 */
export function parseItalianNumber(input: string): number | null {
  const t = input.replace(/[\s\u00a0€%]/g, '');
  if (t === '') return null;
  let normal: string;
  if (t.includes(',')) {
    if (!/^[-+]?(\d{1,3}(\.\d{3})+|\d*),\d*$/.test(t)) return null;
    normal = t.replace(/\./g, '').replace(',', '.');
  } else if (/^[-+]?\d{1,3}(\.\d{3})+$/.test(t)) normal = t.replace(/\./g, '');
  else if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) normal = t;
  else return null;
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

/** Seconds typed as "65", "1:05" or "1:02:03", or null. */
export function parseDuration(input: string): number | null {
  const t = input.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(t);
  if (!m || Number(m[3]) > 59) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}
