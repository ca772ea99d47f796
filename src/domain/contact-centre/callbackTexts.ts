import { formatDate, formatRomeDateTime } from '../dates.ts';
import { formatPhoneDisplay } from '../phone/index.ts';

export interface CallbackFacts {
  /** The caller's number (E.164) and name, when known. */
  senderPhone: string;
  callerName?: string | null;
  /** When the call came in (ISO instant) and how many times the caller tried. */
  receivedAt: string;
  attempts: number;
  /** When the operator's call-back went unanswered (ISO instant). */
  triedAt: string;
  /** The activity's slot, in Rome: YYYY-MM-DD and HH:mm. */
  slot: { date: string; startTime: string };
}

const attemptsText = (n: number) => `${n} ${n === 1 ? 'tentativo' : 'tentativi'}`;

/**
 * What a call-back nobody answered writes: the activity's subject and description, and the line added to the
 * missed call's note. Dates and times as Rome reads them (DD-MM-YYYY HH:mm), whatever the server's time zone.
 */
export function callbackTexts(facts: CallbackFacts): { subject: string; description: string; note: string } {
  const who = [formatPhoneDisplay(facts.senderPhone), facts.callerName].filter(Boolean).join(' - ');
  return {
    subject: `Richiamare ${who}`,
    description: `Chiamata persa del ${formatRomeDateTime(facts.receivedAt)}, ${attemptsText(facts.attempts)}. Nessuna risposta alla richiamata.`,
    note: `Richiamato senza risposta il ${formatRomeDateTime(facts.triedAt)}: attività di richiamata il ${formatDate(facts.slot.date)} alle ${facts.slot.startTime}`,
  };
}
