import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { EarlierMark } from '../../../domain/acceptance/index.ts';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/apiError.ts';

const ready = (serial: string) => serial.trim().length >= 3;

/**
 * The serial once the operator stops typing for a moment: the ERP is asked about it, not about each letter. A new
 * draft (another key) settles at once on its own serial: the last machine's must not reach it while the timer runs.
 */
export function useSettledSerial(matricole: string, draftKey: string | undefined, ms = 400): string {
  const typed = matricole.trim();
  const [settled, setSettled] = useState({ draftKey, serial: typed });
  if (settled.draftKey !== draftKey) setSettled({ draftKey, serial: typed });
  useEffect(() => {
    const timer = setTimeout(
      () => setSettled((s) => (s.draftKey === draftKey && s.serial === typed ? s : { draftKey, serial: typed })),
      ms,
    );
    return () => clearTimeout(timer);
  }, [typed, draftKey, ms]);
  return settled.draftKey === draftKey ? settled.serial : typed;
}

/** The damage already marked on this serial number by earlier check-ins (black on the outline). */
export function useEarlierMarks(matricole: string) {
  const serial = matricole.trim();
  return useQuery({
    queryKey: ['accettazione-danni', serial.toLowerCase()],
    enabled: ready(serial),
    staleTime: 60_000,
    queryFn: async (): Promise<EarlierMark[]> =>
      (await unwrap(api.GET('/api/accettazioni_mezzi/danni', { params: { query: { matricole: serial } } }))).data,
  });
}

/** The machine with this serial in the ERP's fleet, or null when the ERP does not know it. */
export function useErpMachine(matricole: string) {
  const serial = matricole.trim();
  return useQuery({
    queryKey: ['accettazione-macchina-erp', serial.toUpperCase()],
    enabled: ready(serial),
    staleTime: 5 * 60_000,
    retry: 1,
    queryFn: async () =>
      (await unwrap(api.GET('/api/accettazioni_mezzi/macchina', { params: { query: { matricola: serial } } }))).data,
  });
}
