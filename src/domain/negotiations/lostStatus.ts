/** A negotiation status as configured (statoTrattativa): its code and its description. */
export interface NegotiationStatus {
  [field: string]: unknown;
  code?: unknown;
  description?: unknown;
}

/** A status that closes the negotiation as lost: its code LOST, else a description saying "pers…". */
export function isLostStatus(status: NegotiationStatus | undefined | null): boolean {
  if (!status) return false;
  if (typeof status.code === 'string' && status.code.trim() !== '') return status.code.toUpperCase() === 'LOST';
  return /\bpers[ao]\b/i.test(String(status.description ?? ''));
}
