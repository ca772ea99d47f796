import { displayFormats, NO, YES } from '../displayFormats.ts';
import type { FieldKind, HistoryField } from '../resourceDefinition.ts';

/** One entry of a record's history as the server answers it (openapi.yaml, HistoryEntry). */
export interface HistoryChange {
  field: string;
  from?: unknown;
  to?: unknown;
  fromLabel?: unknown;
  toLabel?: unknown;
}
export interface HistoryEntry {
  id: number;
  at: string;
  event: string;
  resource: string;
  recordId: number;
  user: string | null;
  userId?: number | null;
  note?: string | null;
  changes: HistoryChange[];
}

/** Edits of one person on one record this close together read as one entry (as Twenty merges them). */
export const MERGE_WINDOW_MS = 10 * 60 * 1000;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Newest first, one entry per person and record per 10 minutes: plain edits ("modifica") of the same person on
 * the same record, each within 10 minutes of the next, become one entry holding each field from its oldest
 * value to its newest (a field changed and changed back drops out; an entry left with nothing drops out).
 * Events of their own (creation, sending, the customer's answer...) are never merged.
 */
export function mergeHistory(entries: readonly HistoryEntry[], windowMs = MERGE_WINDOW_MS): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  const sorted = [...entries].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  for (const e of sorted) {
    const last = out.at(-1);
    const mergeable =
      last &&
      last.event === 'modifica' &&
      e.event === 'modifica' &&
      last.resource === e.resource &&
      last.recordId === e.recordId &&
      last.user === e.user &&
      (last.userId ?? null) === (e.userId ?? null) &&
      Date.parse(last.at) - Date.parse(e.at) <= windowMs;
    if (!mergeable) {
      out.push({ ...e, changes: [...e.changes] });
      continue;
    }
    // `e` is older: its old values become the merged entry's old values; the newer entry's new values stay.
    const byField = new Map(last.changes.map((c) => [c.field, c]));
    for (const c of e.changes) {
      const newer = byField.get(c.field);
      byField.set(
        c.field,
        newer ? { ...newer, from: c.from, ...(c.fromLabel !== undefined ? { fromLabel: c.fromLabel } : {}) } : c,
      );
    }
    last.changes = [...byField.values()];
    last.at = last.at > e.at ? last.at : e.at;
  }
  return out
    .map((e) => (e.event === 'modifica' ? { ...e, changes: e.changes.filter((c) => !sameValue(c.from, c.to)) } : e))
    .filter((e) => e.event !== 'modifica' || e.changes.length > 0);
}

/** The text of an empty value in a change ("Telefono: — → 0521.123.456"). */
export const EMPTY_VALUE = '—';

const labelsText = (v: unknown): string =>
  Array.isArray(v) ? v.map((x) => String(x ?? '')).join(', ') : v === null || v === undefined ? '' : String(v);

const KIND_FORMAT: Partial<Record<FieldKind, (v: unknown) => string>> = {
  money: displayFormats.money,
  percentage: displayFormats.percentage,
  number: displayFormats.number,
  integer: displayFormats.integer,
  quantity: displayFormats.quantity,
  duration: displayFormats.duration,
  fileSize: displayFormats.fileSize,
  phone: displayFormats.phone,
  date: displayFormats.date,
  dateTime: displayFormats.dateTime,
  time: displayFormats.time,
  boolean: displayFormats.yesNo,
  siNo: displayFormats.yesNo,
};

/** One value of a field as its kind reads everywhere: 1.850,00 €, 26-11-2026, Sì, an option's label, a name. */
export function formatHistoryValue(field: HistoryField | undefined, value: unknown, label?: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return EMPTY_VALUE;
  if (field?.reference) return labelsText(label) || `#${labelsText(value)}`;
  // A code with the name of its record then (an offer's insurance): the name, the code when none was found.
  if (field?.codeOf) return labelsText(label) || String(value);
  const option = field?.options?.find((o) => o.value === value);
  if (option) return option.label;
  const format = field && KIND_FORMAT[field.kind];
  if (format) return format(value) || String(value);
  if (typeof value === 'boolean') return value ? YES : NO;
  if (Array.isArray(value)) return listText(value);
  if (typeof value === 'object') return nameOf(value) ?? FILLED;
  return String(value);
}

/** What a structured value reads as when it has no name of its own: never its JSON. */
export const FILLED = 'compilato';
const rows = (n: number) => (n === 1 ? '1 riga' : `${displayFormats.integer(n)} righe`);
const NAME_KEYS = ['nome', 'name', 'ragioneSociale', 'descrizione', 'description', 'codice', 'code'];

/** A row's own name (an article's description, a branch's name), when it has one. */
function nameOf(row: object): string | undefined {
  const values = row as Record<string, unknown>;
  const key = NAME_KEYS.find((k) => typeof values[k] === 'string' && values[k] !== '');
  return key ? String(values[key]) : undefined;
}

/** Plain values one after the other; rows (price lines, articles) by their names, else counted: "3 righe". */
function listText(items: readonly unknown[]): string {
  if (items.every((v) => typeof v !== 'object' || v === null)) return items.map((v) => String(v ?? '')).join(', ');
  const names = items.map((v) => (v && typeof v === 'object' ? nameOf(v) : undefined));
  const named = names.filter((n): n is string => n !== undefined);
  return named.length === items.length && named.length <= 3 ? named.join(', ') : rows(items.length);
}

/** A change as the panel shows it: "Etichetta: vecchio → nuovo", with the referenced records' ids for links. */
export interface ShownChange {
  field: string;
  label: string;
  from: string;
  to: string;
  /** The resource a reference points to, with the old and new ids (a list for several). */
  reference?: { resource: string; from: unknown; to: unknown };
}

/** Said after a list or a structured value whose rows changed but which reads as before ("3 righe"). */
export const CONTENT_CHANGED = 'contenuto modificato';

const structured = (v: unknown) => typeof v === 'object' && v !== null;

export function showChange(fields: readonly HistoryField[], change: HistoryChange): ShownChange {
  const field = fields.find((f) => f.name === change.field);
  const from = formatHistoryValue(field, change.from, change.fromLabel);
  const to = formatHistoryValue(field, change.to, change.toLabel);
  // A price list edited row by row still reads "3 righe": say that it changed rather than show nothing. (Plain
  // values that read the same, a time changed by seconds, are no change to the reader and stay out.)
  const hidden = from === to && !field?.reference && (structured(change.from) || structured(change.to));
  return {
    field: change.field,
    label: field?.title ?? change.field,
    from,
    to: hidden && !sameValue(change.from, change.to) ? `${to}, ${CONTENT_CHANGED}` : to,
    ...(field?.reference ? { reference: { resource: field.reference, from: change.from, to: change.to } } : {}),
  };
}

/**
 * The entries as the panel lists them, each with its changes as they read (of one field when `field` is given),
 * and its place among `entries`. An edit whose every change reads as before (a value and back, blank for empty)
 * says nothing and is left out.
 */
export function shownEntries(
  entries: readonly HistoryEntry[],
  fieldsOf: (resource: string) => readonly HistoryField[],
  field = '',
): { e: HistoryEntry; i: number; changes: ShownChange[] }[] {
  return entries
    .map((e, i) => ({
      e,
      i,
      changes: e.changes
        .filter((c) => !field || c.field === field)
        .map((c) => showChange(fieldsOf(e.resource), c))
        .filter((c) => c.from !== c.to),
    }))
    .filter(({ e, changes }) => e.event !== 'modifica' || changes.length > 0 || !!e.note);
}
