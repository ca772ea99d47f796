import type { MRT_DensityState, MRT_VisibilityState } from 'material-react-table';
import { useState } from 'react';
import { useSessionUser } from '../session/useSessionUser.ts';

interface Preferences {
  columnVisibility: MRT_VisibilityState;
  density: MRT_DensityState;
}
const DEFAULTS: Preferences = { columnVisibility: {}, density: 'comfortable' };

/** Which columns a user shows and how dense the table is, kept per user and per screen in local storage. */
export function useTablePreferences(resource: string) {
  const user = useSessionUser();
  const key = `crm_table_${user?.username ?? 'anonimo'}_${resource}`;
  const [prefs, setPrefs] = useState<Preferences>(() => {
    try {
      return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<Preferences>) };
    } catch {
      return DEFAULTS;
    }
  });
  const update = (patch: Partial<Preferences>) => {
    setPrefs((p) => {
      const next = { ...p, ...patch };
      localStorage.setItem(key, JSON.stringify(next));
      return next;
    });
  };
  return { prefs, update };
}
