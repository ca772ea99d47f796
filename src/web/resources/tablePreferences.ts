import type { MRT_DensityState, MRT_VisibilityState } from 'material-react-table';

export interface TablePreferences {
  /** The user's own choices only: a column absent here is shown as its priority and the screen's room decide. */
  columnVisibility: MRT_VisibilityState;
  density: MRT_DensityState;
}
// Compact by default: at 1440 × 900 a list under its filters showed four or five rows in MRT's comfortable
// density. The densities differ only in their padding; how many lines a cell takes is the layout's (listLayout.ts).
const DEFAULTS: TablePreferences = { columnVisibility: {}, density: 'compact' };

/** Vertical padding in px by density, as MRT draws its cells: data cells, display cells (buttons), header top and bottom. */
export const DENSITY_PADDING: Record<
  MRT_DensityState,
  { data: number; display: number; headTop: number; headBottom: number }
> = {
  compact: { data: 8, display: 0, headTop: 4, headBottom: 6.4 },
  comfortable: { data: 16, display: 8, headTop: 12, headBottom: 9.6 },
  spacious: { data: 24, display: 16, headTop: 20, headBottom: 9.6 },
};

/** Where a user's choices for one list are kept, in local storage. */
export const tablePreferencesKey = (username: string | undefined, resource: string) =>
  `crm_table_${username ?? 'anonimo'}_${resource}`;

/** A user's choices for one list, read before the app is there too (the list's first frame shows the same columns). */
export function readTablePreferences(key: string): TablePreferences {
  try {
    return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<TablePreferences>) };
  } catch {
    return DEFAULTS;
  }
}
