import type { MRT_DensityState, MRT_VisibilityState } from 'material-react-table';

export interface TablePreferences {
  /** The user's own choices only: a column absent here is shown as its priority and the screen's room decide. */
  columnVisibility: MRT_VisibilityState;
  density: MRT_DensityState;
}
const DEFAULTS: TablePreferences = { columnVisibility: {}, density: 'comfortable' };

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
