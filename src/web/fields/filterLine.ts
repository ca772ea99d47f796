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

/** The search box: wide enough for its hint (the fields it looks in), narrower where it would push the buttons down. */
const SEARCH_WIDTH = { most: 400, least: 200 };
export function searchBoxWidth(room: number | undefined): number {
  if (room === undefined) return SEARCH_WIDTH.most;
  const besideButtons = room - BUTTONS_WIDTH - MORE_WIDTH - GAP;
  return Math.max(SEARCH_WIDTH.least, Math.min(SEARCH_WIDTH.most, besideButtons));
}

/**
 * The filters in sight while the bar is folded: all when they fit on one line with its buttons; otherwise those the
 * list is filtered by (`chosen`), and beside them as many of the others as still fit, in their order; at least one.
 */
export function filtersInSight(
  filters: readonly FilterDefinition[],
  room: number | undefined,
  chosen: (f: FilterDefinition) => boolean = () => false,
): FilterDefinition[] {
  if (room === undefined) return [...filters];
  const width = (f: FilterDefinition) =>
    (f.looksIn ? searchBoxWidth(room) : (CONTROL_WIDTH[f.widget] ?? TEXT_WIDTH)) + GAP;
  const all = filters.reduce((sum, f) => sum + width(f), 0);
  if (all + BUTTONS_WIDTH <= room) return [...filters];
  const kept = new Set(filters.filter(chosen));
  let used = [...kept].reduce((sum, f) => sum + width(f), BUTTONS_WIDTH + MORE_WIDTH);
  for (const f of filters) {
    if (kept.has(f)) continue;
    used += width(f);
    if (used > room) break;
    kept.add(f);
  }
  if (kept.size === 0 && filters[0]) kept.add(filters[0]);
  return filters.filter((f) => kept.has(f));
}
