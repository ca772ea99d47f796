/**
 * What other domains use of the offer versions (the public offer page, the signed PDF): the last sent
 * version of a negotiation, frozen, and its PDF. Nothing here prices again.
 */
export {
  latestSentVersion,
  sentVersion,
  sentVersions,
  versionHash,
  type OfferHeader,
  type SentVersion,
  type VersionSnapshot,
} from './pricing/sentVersions.ts';
export { renderOfferPdf, type OfferSignature } from './pdf/offerPdf.ts';
