// The offer versions are frozen by the offers domain when an offer is sent (issue 15).
export { latestSentVersion as latestVersion, type SentVersion as SentOfferVersion } from '../offers/versions.ts';
