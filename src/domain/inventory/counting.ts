import { Temporal } from 'temporal-polyfill';
import { ROME, toInstant } from '../calendar/rome.ts';

/** One sighting of a machine on the yard: a scan or a tap by a counter, optionally in a zone. */
export interface CountEntry {
  /** The machine's ERP code (`resourceMago`) or serial as scanned or typed. */
  code: string;
  countedBy: string;
  /** ISO instant. */
  countedAt: string;
  zone?: string | null;
}

export type CountOutcome =
  { kind: 'counted'; entry: CountEntry } | { kind: 'alreadyCounted'; first: CountEntry; message: string };

/** The same machine however it was scanned or typed: trimmed, no inner spaces, upper case. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

function romeDateTime(at: string): string {
  const t = toInstant(at).toZonedDateTimeISO(ROME);
  const two = (n: number) => String(n).padStart(2, '0');
  return `il ${two(t.day)}-${two(t.month)}-${t.year} alle ${two(t.hour)}:${two(t.minute)}`;
}

/**
 * Record a scan: a machine counted twice counts once. The second scan is not stored and says who counted
 * it first and when ("PLT12-0042 è già stato contato da Mario Rossi il 24-09-2025 alle 10:12").
 */
export function registerCount(
  counts: readonly CountEntry[],
  scan: CountEntry,
): { counts: readonly CountEntry[]; outcome: CountOutcome } {
  const code = normaliseCode(scan.code);
  const first = counts.find((c) => normaliseCode(c.code) === code);
  if (first) {
    const who = first.countedBy === scan.countedBy ? 'da te' : `da ${first.countedBy}`;
    return {
      counts,
      outcome: {
        kind: 'alreadyCounted',
        first,
        message: `${code} è già stato contato ${who} ${romeDateTime(first.countedAt)}`,
      },
    };
  }
  const entry = { ...scan, code };
  return { counts: [...counts, entry], outcome: { kind: 'counted', entry } };
}

/**
 * The first count of each machine, in the order they were made (duplicates from concurrent counters dropped);
 * the same whatever order the counts arrive in.
 */
export function distinctCounts(counts: readonly CountEntry[]): CountEntry[] {
  const sorted = [...counts].sort(
    (a, b) =>
      Temporal.Instant.compare(toInstant(a.countedAt), toInstant(b.countedAt)) ||
      a.countedBy.localeCompare(b.countedBy) ||
      a.code.localeCompare(b.code),
  );
  return sorted.reduce<readonly CountEntry[]>((kept, c) => registerCount(kept, c).counts, []).slice();
}
