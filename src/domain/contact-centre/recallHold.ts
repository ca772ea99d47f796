/** Someone's "Richiama" holds a call for this long (SPEC: 15 minutes); after it, another operator may take it. */
export const RECALL_HOLD_MS = 15 * 60_000;

/** What of a missed call says who holds it: the operator who pressed "Richiama", and since when. */
export type RecallHold = Readonly<Record<string, unknown>> & { operatorUserId?: unknown; recallStartedAt?: unknown };

/**
 * Whether this user's "Richiama" holds the call at `now`: pressed by them, less than RECALL_HOLD_MS ago, and not
 * ended by their "Nessuna risposta" (which clears recallStartedAt), so that a call-back is planned once per try.
 */
export function holdsRecall(call: RecallHold, userId: number | undefined, now: Date): boolean {
  if (userId === undefined || call.operatorUserId !== userId || !call.recallStartedAt) return false;
  const since = Date.parse(String(call.recallStartedAt));
  return now.getTime() - since < RECALL_HOLD_MS;
}
