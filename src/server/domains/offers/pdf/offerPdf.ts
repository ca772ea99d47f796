import type { SentVersion } from '../versions.ts';

/** The customer's acceptance printed on the signed copy (issue 16). */
export interface OfferSignature {
  acceptedAt: string;
  signerName: string;
  /** The signature drawn on the public page, PNG. */
  signaturePng?: Buffer | null;
}

/** The PDF of a sent version: rendered from the frozen version only, never re-priced. */
export async function renderOfferPdf(version: SentVersion, signature?: OfferSignature): Promise<Buffer> {
  void version;
  void signature;
  throw new Error('renderOfferPdf: in arrivo nel prossimo commit del ramo offers-server');
}
