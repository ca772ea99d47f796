/** Matches up to this many are counted on every request (a bounded count, cheap); more are kept a while. */
export const COUNT_EXACT_UP_TO = 10_000;
/** How long a list's large count is reused for the same filter, unless the table is written meanwhile. */
export const COUNT_TTL_MS = 5_000;
const MAX_ENTRIES = 2_000;

export interface CachedCount {
  total: number;
  /** When it was counted: said in the answer (totalRowsAsOf) when it is reused. */
  at: number;
}

/**
 * Large totals of lists, per table and filter, for a few seconds: paging through 100,000 rows does
 * not count them again for every page. A write through the repository forgets the table's totals at once.
 */
export function createListCounts(now: () => number = Date.now) {
  const byTable = new Map<string, Map<string, CachedCount>>();
  let size = 0;
  return {
    get(table: string, key: string): CachedCount | undefined {
      const hit = byTable.get(table)?.get(key);
      return hit && now() - hit.at < COUNT_TTL_MS ? hit : undefined;
    },
    set(table: string, key: string, total: number) {
      if (size >= MAX_ENTRIES) {
        byTable.clear();
        size = 0;
      }
      let entries = byTable.get(table);
      if (!entries) byTable.set(table, (entries = new Map()));
      if (!entries.has(key)) size++;
      entries.set(key, { total, at: now() });
    },
    forget(table: string) {
      size -= byTable.get(table)?.size ?? 0;
      byTable.delete(table);
    },
  };
}
export type ListCounts = ReturnType<typeof createListCounts>;
