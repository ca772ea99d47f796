import { createElement, useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { listenHub } from '../../session/hubEvents.ts';
import { negotiationMessages as m } from './negotiationMessages.ts';

/**
 * While a negotiation is open, a save of it by someone else (a hub event `trattativaCp` carrying its id in
 * `entityId`) shows a notice; saving over it then gets the 409 with "Ricarica i dati".
 */
export function useLiveNegotiation(id: number | undefined, me: number | undefined) {
  const [changedBy, setChangedBy] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    return listenHub('trattativaCp', (event) => {
      const about = (event as { entityId?: number | null }).entityId;
      if (about !== id || (event.userId ?? null) === (me ?? null)) return;
      const who = (event as { userName?: string | null }).userName;
      setChangedBy(who || m.live.someone);
    });
  }, [id, me]);
  return changedBy
    ? createElement(Alert, { severity: 'warning', role: 'status', sx: { mb: 2 } }, m.live.changed(changedBy))
    : null;
}
