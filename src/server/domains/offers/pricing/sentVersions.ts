import { createHash } from 'node:crypto';
import { offerFingerprint, type OfferInput, type PricedOffer } from '../../../../domain/pricing/index.ts';

/** What the PDF prints beside the figures, frozen with the version (a later edit of the negotiation does not change it). */
export interface OfferHeader {
  customer: {
    ragioneSociale: string;
    partitaIva: string | null;
    contatto: string | null;
    email: string | null;
    telefono: string | null;
  };
  /** The site: its address and town as the negotiation had them. */
  site: { address: string | null; town: string | null };
  branch: { name: string; address: string | null } | null;
  resourceGroup: { code: string; description: string };
  /** The rental dates when the offer gives them. */
  period: { from: string | null; to: string | null };
  /** Last day the offer may be confirmed (giorniValiditaOfferta after the send), YYYY-MM-DD. */
  validUntil: string;
  note: string | null;
  /** Who sent it: name and e-mail, for the customer's questions. */
  sender: { name: string | null; email: string | null };
  /** Whom it was sent to: who signs it gets the signed document there (absent in versions sent before). */
  recipients?: readonly string[];
}

/** A sent, frozen version of a negotiation's offer (a row of `offer`). */
export interface SentVersion {
  /** 1, 2, … within the negotiation. */
  version: number;
  /** `OFF-2026-000123` */
  number: string;
  sentAt: string;
  sentBy: string | null;
  /** SHA-256 (hex) of `offerFingerprint({ input, result })`. */
  hash: string;
  input: OfferInput;
  result: PricedOffer;
  header: OfferHeader;
}

/** The JSON kept in `offer.snapshot`. */
export interface VersionSnapshot {
  input: OfferInput;
  result: PricedOffer;
  header: OfferHeader;
}

/** The hash of a version: anyone holding its input and result can recompute it. */
export function versionHash(input: OfferInput, result: PricedOffer): string {
  return createHash('sha256').update(offerFingerprint({ input, result }), 'utf8').digest('hex');
}
