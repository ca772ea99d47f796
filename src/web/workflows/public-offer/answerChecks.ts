import { PUBLIC_OFFER_MESSAGES } from '../../../domain/publicOffer.ts';

/** What the customer gives to confirm: the conditions accepted, who signs, the signature. */
export interface AcceptValues {
  accepted: boolean;
  signer: string;
  signature: string | null;
}

/** What the customer gives to decline: the reason (from the list), a note. */
export interface DeclineValues {
  reason: number | '';
  note: string;
}

/** The page's own checks of a confirmation, by field (none: it may be sent). */
export function acceptErrors(v: AcceptValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.accepted) errors.condizioniAccettate = PUBLIC_OFFER_MESSAGES.conditionsRequired;
  if (v.signer.trim().length < 3) errors.firmatario = PUBLIC_OFFER_MESSAGES.signerRequired;
  if (!v.signature) errors.firma = PUBLIC_OFFER_MESSAGES.signatureRequired;
  return errors;
}

/** The page's own checks of a refusal, by field. */
export function declineErrors(v: Pick<DeclineValues, 'reason'>): Record<string, string> {
  return v.reason ? {} : { motivoPersaId: PUBLIC_OFFER_MESSAGES.reasonRequired };
}
