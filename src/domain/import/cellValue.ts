import { Temporal } from 'temporal-polyfill';
import { toInstant } from '../calendar/index.ts';
import { parseDuration, parseItalianNumber } from '../displayFormats.ts';
import type { FieldKind, ImportField } from '../resourceDefinition.ts';
import { normalizeLabel } from './labels.ts';

/**
 * A cell as a file holds it: text, a number, a yes/no, a date (Excel's dates and times, whose parts are the
 * wall time it shows: Excel has no time zones), or nothing.
 */
export type Cell = string | number | boolean | Date | null;

/** What a cell says for a field: nothing, a value, names of records to find (references), or a problem. */
export type CellReading =
  | { kind: 'empty' }
  | { kind: 'value'; value: unknown }
  | { kind: 'lookup'; names: string[] }
  | { kind: 'problem'; message: string };

// 24-09-2025, 24/9/25, 24.09.2025, or ISO 2025-09-24; then, for a date and time, 13:22 or 13:22:05.
const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?$/;
const YES = new Set(['si', 's', 'yes', 'y', 'vero', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'falso', 'false', '0']);
const LIST_SEPARATOR = /\s*[;,\n]\s*/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** The wall date and time a cell's Date shows (its UTC parts, as the readers build it). */
const wallDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const wallTime = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
const hasTime = (d: Date) => d.getUTCHours() + d.getUTCMinutes() + d.getUTCSeconds() > 0;

/** A cell as a person reads it: dates as DD-MM-YYYY (with the time when it has one), yes/no as Si/No. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    const [y, m, d] = wallDate(cell).split('-');
    return `${d}-${m}-${y}${hasTime(cell) ? ` ${wallTime(cell)}` : ''}`;
  }
  if (typeof cell === 'boolean') return cell ? 'Si' : 'No';
  return String(cell).trim();
}

const problem = (field: ImportField, what: string, cell: Cell): CellReading => ({
  kind: 'problem',
  message: `Il campo «${field.title}» ${what} (trovato «${cellText(cell)}»)`,
});

function yesNo(cell: Cell): boolean | null {
  if (typeof cell === 'boolean') return cell;
  if (typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : null;
  const word = normalizeLabel(cellText(cell));
  return YES.has(word) ? true : NO.has(word) ? false : null;
}

function number(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell !== 'string') return null;
  return parseItalianNumber(cell);
}

/** An option by its label or its value, without regard to case and accents; Si/No also from yes/no words. */
function option(field: ImportField, cell: Cell): unknown {
  const options = field.options ?? [];
  const wanted = normalizeLabel(cellText(cell));
  const found = options.find((o) => normalizeLabel(o.label) === wanted || normalizeLabel(String(o.value)) === wanted);
  if (found) return found.value;
  const flag = yesNo(cell);
  if (flag === null) return undefined;
  return options.find((o) => normalizeLabel(o.label) === (flag ? 'si' : 'no'))?.value;
}

/** A day written by a person, as YYYY-MM-DD, or null when it is none (31-02 included). */
function dayOf(text: string): string | null {
  const dayFirst = DAY_FIRST.exec(text);
  const iso = ISO_DAY.exec(text);
  const [year, month, day] = dayFirst
    ? [dayFirst[3] ?? '', dayFirst[2], dayFirst[1]]
    : iso
      ? [iso[1] ?? '', iso[2], iso[3]]
      : ['', '0', '0'];
  if (!year) return null;
  // Two-digit years as Excel reads them: 00–29 this century, 30–99 the last.
  const fullYear = year.length === 2 ? (Number(year) < 30 ? 2000 : 1900) + Number(year) : Number(year);
  try {
    return Temporal.PlainDate.from(
      { year: fullYear, month: Number(month), day: Number(day) },
      { overflow: 'reject' },
    ).toString();
  } catch {
    return null;
  }
}

/** A time of day as HH:MM:SS, or null. */
function timeOf(text: string): string | null {
  const m = TIME.exec(text);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return null;
  return `${pad(Number(m[1]))}:${m[2]}:${m[3] ?? '00'}`;
}

function date(cell: Cell): string | null {
  if (cell instanceof Date) return wallDate(cell);
  return typeof cell === 'string' ? dayOf(cell.trim()) : null;
}

function dateTime(cell: Cell): string | null {
  let wall: string | null = null;
  if (cell instanceof Date) wall = `${wallDate(cell)}T${wallTime(cell)}:${pad(cell.getUTCSeconds())}`;
  else if (typeof cell === 'string') {
    const text = cell.trim();
    if (/\d{2}:?\d{2}([zZ]|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)))
      return new Date(text).toISOString();
    const [dayText = '', timeText = '00:00'] = text.split(/[ T]+/);
    const day = dayOf(dayText);
    const at = timeOf(timeText);
    if (day && at) wall = `${day}T${at}`;
  }
  // A time without a zone is Rome's, the company's.
  return wall ? new Date(toInstant(wall).epochMilliseconds).toISOString() : null;
}

function time(cell: Cell): string | null {
  if (cell instanceof Date) return wallTime(cell);
  if (typeof cell === 'number' && cell >= 0 && cell < 1) {
    const minutes = Math.round(cell * 24 * 60);
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  return typeof cell === 'string' ? (timeOf(cell.trim())?.slice(0, 5) ?? null) : null;
}

/** A text cell of the field; a number keeps its digits (and, for a text of fixed digits, its leading zeros). */
function text(field: ImportField, cell: Cell): string {
  if (typeof cell === 'number' && Number.isInteger(cell) && field.digits)
    return String(cell).padStart(field.digits, '0');
  const t = cellText(cell);
  switch (field.kind) {
    case 'partitaIva': {
      const vat = t.replace(/\s+/g, '').replace(/^IT/i, '');
      return /^\d+$/.test(vat) && field.digits ? vat.padStart(field.digits, '0') : vat;
    }
    case 'codiceFiscale':
      return t.replace(/\s+/g, '').toUpperCase();
    default:
      return t;
  }
}

const NUMBERS = new Set<FieldKind>(['integer', 'number', 'money', 'percentage', 'quantity', 'fileSize']);
const TEXTS = new Set<FieldKind>(['text', 'longText', 'email', 'url', 'phone', 'color', 'partitaIva', 'codiceFiscale']);

/**
 * What a cell of a file says for a field, read the way an Italian office writes it: numbers as 1.234,56
 * (or Excel's own), dates as 24-09-2025, 24/09/25 or Excel's, Si/No, an option by its label, references by
 * code or name (found by the server), lists separated by commas or semicolons. The schema's own checks
 * (required, lengths, formats, VAT and tax code) come after, on the record the row makes.
 */
export function readCell(field: ImportField, cell: Cell): CellReading {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return { kind: 'empty' };
  if (field.kind === 'reference') return { kind: 'lookup', names: [cellText(cell)] };
  if (field.many) {
    const parts = cellText(cell)
      .split(LIST_SEPARATOR)
      .filter((p) => p !== '');
    if (field.kind === 'references') return { kind: 'lookup', names: parts };
    if (!field.options) return { kind: 'value', value: parts };
    const values = parts.map((p) => option(field, p));
    const unknown = parts.filter((_, i) => values[i] === undefined);
    if (unknown.length > 0)
      return {
        kind: 'problem',
        message: `Il campo «${field.title}» ammette ${field.options.map((o) => o.label).join(', ')}: «${unknown.join(', ')}» non ${unknown.length > 1 ? 'sono tra questi' : 'è tra questi'}`,
      };
    return { kind: 'value', value: values };
  }
  if (NUMBERS.has(field.kind)) {
    const n = number(cell);
    return n === null
      ? problem(field, 'deve essere un numero, ad esempio 1.234,56', cell)
      : { kind: 'value', value: n };
  }
  if (TEXTS.has(field.kind)) return { kind: 'value', value: text(field, cell) };
  switch (field.kind) {
    case 'duration': {
      const seconds = typeof cell === 'number' ? cell : parseDuration(cellText(cell));
      return seconds === null
        ? problem(field, 'deve essere una durata come 1:05 o 1:02:03', cell)
        : { kind: 'value', value: seconds };
    }
    case 'boolean': {
      const flag = yesNo(cell);
      return flag === null ? problem(field, 'deve essere Si o No', cell) : { kind: 'value', value: flag };
    }
    case 'siNo':
    case 'triState':
    case 'enum': {
      const value = option(field, cell);
      const labels = (field.options ?? []).map((o) => o.label).filter((l) => l !== '');
      return value === undefined
        ? problem(field, `deve essere uno dei valori previsti (${labels.join(', ')})`, cell)
        : { kind: 'value', value };
    }
    case 'date': {
      const d = date(cell);
      return d === null ? problem(field, 'deve essere una data come 24-09-2025', cell) : { kind: 'value', value: d };
    }
    case 'dateTime': {
      const d = dateTime(cell);
      return d === null
        ? problem(field, 'deve essere una data e ora come 24-09-2025 13:22', cell)
        : { kind: 'value', value: d };
    }
    case 'time': {
      const t = time(cell);
      return t === null ? problem(field, 'deve essere un orario come 13:22', cell) : { kind: 'value', value: t };
    }
    default:
      return { kind: 'value', value: cellText(cell) };
  }
}
