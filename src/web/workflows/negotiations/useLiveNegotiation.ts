import { createElement, useEffect, useRef, useState } from 'react';
import { Alert } from '@mui/material';
import { listenHub } from '../../session/hubEvents.ts';
import { negotiationMessages as m } from './negotiationMessages.ts';

/**
 * While a negotiation is open, a hub event `trattativaCp` about it (`entityId`) from someone else shows a notice
 * with who saved it (`byName`); saving over it then gets the 409 with "Ricarica i dati". A change of the server's
 * own (no user: a delivered message sets its flag, the customer opens or answers the offer) is read again at once:
 * always when it leaves the version as it is (a flag: the form, keyed by version, keeps what was typed), and when
 * it is a new version only if nothing typed would be lost.
 */
export function useLiveNegotiation(
  id: number | undefined,
  me: number | undefined,
  options: { dirty: boolean; version: unknown; reload(): void },
) {
  const [changedBy, setChangedBy] = useState<string | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    if (!id) return;
    return listenHub('trattativaCp', (event) => {
      if (event.entityId !== id) return;
      const by = event.userId ?? null;
      if (by !== null && by === (me ?? null)) return;
      const { dirty, version, reload } = latest.current;
      const sameVersion = event.version === undefined || event.version === null || event.version === version;
      if (by === null && (!dirty || sameVersion)) reload();
      else setChangedBy(event.byName || m.live.someone);
    });
  }, [id, me]);
  return changedBy
    ? createElement(Alert, { severity: 'warning', role: 'status', sx: { mb: 2 } }, m.live.changed(changedBy))
    : null;
}
