import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/apiError.ts';
import type { ControlType } from './CheckField.tsx';

const TYPES_KEY = 'crm-accettazione-tipi-controllo';

function cachedTypes(): ControlType[] | undefined {
  try {
    const text = localStorage.getItem(TYPES_KEY);
    return text ? (JSON.parse(text) as ControlType[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The control types, kept on the tablet too: a wizard reopened offline still shows its checks. */
export function useControlTypes() {
  return useQuery({
    queryKey: ['accettazione-tipi-controllo'],
    initialData: cachedTypes,
    initialDataUpdatedAt: 0,
    queryFn: async () => {
      const page = await unwrap(api.GET('/api/tipi_controllo', { params: { query: { page: 0, rowsPerPage: 0 } } }));
      const types = page.data.map(({ id, nome, tipo, valori }) => ({ id, nome, tipo, valori }));
      localStorage.setItem(TYPES_KEY, JSON.stringify(types));
      return types;
    },
  });
}

/** Whom a supervisor may choose as operator. */
export function useOperators(enabled: boolean) {
  return useQuery({
    queryKey: ['accettazione-operatori'],
    enabled,
    queryFn: async () => (await unwrap(api.GET('/api/accettazioni_mezzi/operatori'))).data,
  });
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser believes it is online. */
export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);
