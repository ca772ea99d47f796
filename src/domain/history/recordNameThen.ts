import type { HistoryEntry } from './historyEntries.ts';

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * The value a record's naming field had at one entry of its history, from the history's own rows (a contact
 * renamed later still reads by its old name there): the entry's own change, else the nearest older entry's new
 * value, else the nearest newer entry's old value. `entries` newest first, as the panel lists them.
 */
export function recordNameThen(entries: readonly HistoryEntry[], index: number, field: string): unknown {
  const at = entries[index];
  if (!at) return undefined;
  const sameRecord = (e: HistoryEntry) => e.resource === at.resource && e.recordId === at.recordId;
  const own = at.changes.find((c) => c.field === field);
  if (own) return filled(own.to) ? own.to : own.from;
  for (const e of entries.slice(index + 1)) {
    const c = sameRecord(e) ? e.changes.find((x) => x.field === field) : undefined;
    if (c && filled(c.to)) return c.to;
  }
  for (const e of entries.slice(0, index).reverse()) {
    const c = sameRecord(e) ? e.changes.find((x) => x.field === field) : undefined;
    if (c && filled(c.from)) return c.from;
  }
  return undefined;
}
