import { wasAnswered, type CallRecord } from './callRecord.ts';

export type CaseClosure = 'richiamato' | 'risposta';

/** One customer waiting for a call-back, however many times they tried and however many phones rang. */
export interface CallbackCase {
  /** The call id of the first missed leg: stable as more attempts arrive. */
  id: string;
  /** E.164. */
  caller: string;
  /** The number the caller dialled first (the branch office's line). */
  dialled: string;
  firstMissedAt: string;
  lastMissedAt: string;
  /** Calls (distinct `linkedId`s), not legs: a queue call that rang three agents is one attempt. */
  attempts: number;
  /** Every leg of the case, for linking the missed-call rows. */
  callIds: string[];
  closedAt: string | null;
  /** `richiamato`: an outbound call to the caller connected; `risposta`: the caller's next call was answered. */
  closedBy: { callId: string; reason: CaseClosure } | null;
}

/** The legs of one call (same `linkedId`), as one attempt. */
interface Call {
  legs: CallRecord[];
  first: CallRecord;
  answered: CallRecord | undefined;
}

function callsOf(records: readonly CallRecord[]): Call[] {
  const byLinked = new Map<string, CallRecord[]>();
  for (const r of [...records].sort(
    (a, b) => a.startedAt.localeCompare(b.startedAt) || a.callId.localeCompare(b.callId),
  ))
    byLinked.set(r.linkedId, [...(byLinked.get(r.linkedId) ?? []), r]);
  return [...byLinked.values()]
    .map((legs) => ({ legs, first: legs[0]!, answered: legs.find(wasAnswered) }))
    .sort((a, b) => a.first.startedAt.localeCompare(b.first.startedAt));
}

/**
 * Missed calls grouped into call-back cases (issue 19), in time order:
 * - the legs of one call (same `linkedId`, e.g. a queue ringing several agents) are one attempt, and a call
 *   that any agent answered is not missed;
 * - a missed call from a caller with an open case joins it (several tries in a day are one case); otherwise
 *   it opens a new case;
 * - a case closes when an outbound call to the caller connects (`billsec` > 0) or the caller's next call is
 *   answered; a later missed call then opens a new case.
 * Withheld numbers cannot be called back and make no case; internal calls are ignored.
 */
export function callbackCases(records: readonly CallRecord[]): CallbackCase[] {
  const cases: CallbackCase[] = [];
  const open = new Map<string, CallbackCase>();
  const close = (caller: string | null, leg: CallRecord, reason: CaseClosure) => {
    const c = caller ? open.get(caller) : undefined;
    if (!c || !caller) return;
    c.closedAt = leg.answeredAt ?? leg.startedAt;
    c.closedBy = { callId: leg.callId, reason };
    open.delete(caller);
  };
  for (const call of callsOf(records)) {
    const { first } = call;
    if (first.direction === 'outbound') {
      const connected = call.legs.find((l) => l.billSeconds > 0);
      if (connected) close(first.to, connected, 'richiamato');
      continue;
    }
    if (first.direction !== 'inbound' || !first.from) continue;
    if (call.answered) {
      close(first.from, call.answered, 'risposta');
      continue;
    }
    const existing = open.get(first.from);
    if (existing) {
      existing.attempts += 1;
      existing.lastMissedAt = first.startedAt;
      existing.callIds.push(...call.legs.map((l) => l.callId));
      continue;
    }
    const created: CallbackCase = {
      id: first.callId,
      caller: first.from,
      dialled: first.to,
      firstMissedAt: first.startedAt,
      lastMissedAt: first.startedAt,
      attempts: 1,
      callIds: call.legs.map((l) => l.callId),
      closedAt: null,
      closedBy: null,
    };
    cases.push(created);
    open.set(first.from, created);
  }
  return cases;
}
