import { Alert, AlertTitle } from '@mui/material';
import { useEffect, useRef } from 'react';
import { displayFormats as f } from '../../../domain/displayFormats.ts';
import { messages } from '../../i18n/messages.ts';
import type { AcceptanceWizardState } from './useAcceptanceWizard.ts';
import { useErpMachine } from './useMachineData.ts';

const m = messages.damage;

/**
 * What the ERP knows of the serial typed (issue 32, point 2): once per serial it fills the outline and the model, and
 * an empty reading with the ERP's last one when that is not below the machine's last check-in; an unknown serial is
 * allowed, with a warning.
 */
export function ErpMachineNotice({ wizard }: { wizard: AcceptanceWizardState }) {
  const serial = wizard.settledSerial;
  const query = useErpMachine(serial);
  const applied = useRef<string | null>(null);
  const machine = query.data;
  const draft = wizard.saved?.draft;
  const { setField, previous } = wizard;

  useEffect(() => {
    if (!draft || machine === undefined || query.isFetching || applied.current === serial) return;
    // Only the machine whose serial the draft holds fills it, never one typed before (or in the last draft).
    if ((draft.matricole ?? '').trim() !== serial) return;
    applied.current = serial;
    if (machine === null) {
      if (draft.modello) setField({ modello: undefined });
      return;
    }
    const notBelow = (erp: number | null | undefined, last: number | null | undefined) =>
      erp != null && (last == null || erp >= last);
    const ore = draft.ore == null && notBelow(machine.ore, previous?.ore);
    const km = draft.km == null && notBelow(machine.km, previous?.km);
    setField({
      modello: machine.modello,
      ...(machine.sagoma ? { sagoma: machine.sagoma } : {}),
      ...(ore ? { ore: machine.ore } : {}),
      ...(km ? { km: machine.km } : {}),
    });
  }, [machine, serial, draft, setField, previous, query.isFetching]);

  if (serial.length < 3) return null;
  if (query.isError)
    return (
      <Alert severity="warning" data-testid="macchina-erp">
        {m.erpUnreachable}
      </Alert>
    );
  if (machine === undefined) return null;
  if (machine === null)
    return (
      <Alert severity="warning" data-testid="macchina-erp">
        {m.erpUnknown}
      </Alert>
    );
  // The reading as the ERP gave it (filled from it, or typed the same): it is the last rental's, to check on the machine.
  const sameReading =
    (machine.ore != null && draft?.ore === machine.ore) || (machine.km != null && draft?.km === machine.km);
  const reading = [machine.km != null ? f.km(machine.km) : '', machine.ore != null ? f.hours(machine.ore) : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <Alert severity="success" data-testid="macchina-erp">
      <AlertTitle>{m.erpFound(machine.modello, machine.famiglia)}</AlertTitle>
      {reading && `${m.erpReading(reading)}. `}
      {machine.sagoma ? m.erpFilledOutline : m.erpFilledModel}
      {sameReading && ` ${m.erpFilledReading}`}
    </Alert>
  );
}
