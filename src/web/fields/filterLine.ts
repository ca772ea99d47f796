import type { FilterDefinition } from '../../domain/resourceDefinition.ts';

/** The widths the filter bar gives its controls (a date range is two date fields). */
export const FILTER_WIDTH = { reference: 240, date: 180, rangeDate: 230, number: 140 } as const;

/** The room a filter's control takes, its gap included; a select or a text is as wide as MUI draws it. */
const GAP = 16;
const CONTROL_WIDTH: Partial<Record<FilterDefinition['widget'], number>> = {
  reference: FILTER_WIDTH.reference,
  date: FILTER_WIDTH.date,
  dateRange: 2 * FILTER_WIDTH.rangeDate + GAP,
  number: FILTER_WIDTH.number,
  select: 180,
  triState: 160,
  boolean: 160,
};
const TEXT_WIDTH = 220;
/** "Cerca" and "Azzera filtri" beside the first line's filters, and "Altri filtri (2)" when some are folded. */
const BUTTONS_WIDTH = 80 + 120 + GAP;
const MORE_WIDTH = 120 + GAP;

/** How many of the filters stay on the bar's first line, beside its buttons: all when they fit, at least one. */
export function filtersOnFirstLine(filters: readonly FilterDefinition[], room: number | undefined): number {
  if (room === undefined) return filters.length;
  const width = (f: FilterDefinition) => (CONTROL_WIDTH[f.widget] ?? TEXT_WIDTH) + GAP;
  const all = filters.reduce((sum, f) => sum + width(f), 0);
  if (all + BUTTONS_WIDTH <= room) return filters.length;
  let used = BUTTONS_WIDTH + MORE_WIDTH;
  let shown = 0;
  for (const f of filters) {
    used += width(f);
    if (used > room) break;
    shown++;
  }
  return Math.max(1, shown);
}
