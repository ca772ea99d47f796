import { createElement, useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { listenHub } from '../../session/hubEvents.ts';
import { negotiationMessages as m } from './negotiationMessages.ts';

/**
 * While a negotiation is open, a save of it by someone else (a hub event `trattativaCp` carrying its id in
 * `entityId`, the name of who saved it in `byName`) shows a notice; saving over it then gets the 409 with "Ricarica i dati".
 */
export function useLiveNegotiation(id: number | undefined, me: number | undefined) {
  const [changedBy, setChangedBy] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    return listenHub('trattativaCp', (event) => {
      if (event.entityId !== id || (event.userId ?? null) === (me ?? null)) return;
      setChangedBy(event.byName || m.live.someone);
    });
  }, [id, me]);
  return changedBy
    ? createElement(Alert, { severity: 'warning', role: 'status', sx: { mb: 2 } }, m.live.changed(changedBy))
    : null;
}
