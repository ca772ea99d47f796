import { useState } from 'react';
import { useSessionUser } from '../session/useSessionUser.ts';
import { readTablePreferences, tablePreferencesKey, type TablePreferences } from './tablePreferences.ts';

/** Which columns a user shows and how dense the table is, kept per user and per screen in local storage. */
export function useTablePreferences(resource: string) {
  const user = useSessionUser();
  const key = tablePreferencesKey(user?.username, resource);
  const [prefs, setPrefs] = useState<TablePreferences>(() => readTablePreferences(key));
  const update = (patch: Partial<TablePreferences>) => {
    setPrefs((p) => {
      const next = { ...p, ...patch };
      localStorage.setItem(key, JSON.stringify(next));
      return next;
    });
  };
  return { prefs, update };
}
