import {
  callbackCases,
  officeLines,
  romeDateTime,
  toMissedCall,
  toReportCall,
  type CallbackCase,
  type CallRecord,
} from '../../../domain/contact-centre/index.ts';
import { TEAM_TOPICS } from '../../../domain/hubTopics.ts';
import { phoneKey } from '../../../domain/phone/index.ts';
import type { AppContext } from '../../context.ts';
import { crudRepository, type Row } from '../../crud/crudRepository.ts';
import type { Queryable } from '../../db/Db.ts';
import { contactCentreRepository as repo, type CallerMatch, type Office } from './repository.ts';

/** How far back a new call looks for the caller's earlier legs when no case of theirs is open. */
const LOOKBACK_MS = 24 * 3600 * 1000;

export const CLOSED_REASON = { richiamato: 'Richiamato', risposta: 'Ha richiamato ed è stato risposto' } as const;

export interface IngestResult {
  received: number;
  created: number;
  duplicates: number;
  missedCalls: number;
}

/** Who a number is for the call report: the customer, the office whose line it is, or the extension. */
function partyName(number: string | null, offices: Map<string, Office>, callers: Map<string, CallerMatch>): string {
  if (!number) return 'Numero nascosto';
  const office = offices.get(number);
  if (office) return `Sede ${office.nome}`;
  if (!number.startsWith('+')) return `Interno ${number}`;
  return callers.get(number)?.callerName ?? '';
}

function queueReason(r: CallRecord): string {
  if (!r.queue) return '';
  return `Coda ${r.queue.name ?? ''}, attesa ${r.queue.waitSeconds} s`.replace('Coda ,', 'Coda,');
}

/** The missed-call row of a case, from the PBX's side (what an operator edits is left alone on update). */
function caseRow(c: CallbackCase, legs: Map<string, CallRecord>, match: CallerMatch | undefined): Row {
  const first = legs.get(c.id);
  return {
    receivedAt: romeDateTime(c.firstMissedAt),
    lastAttemptAt: romeDateTime(c.lastMissedAt),
    senderPhone: c.caller,
    dialledNumber: c.dialled,
    attempts: c.attempts,
    duration: first ? (toMissedCall(first)?.duration ?? 0) : 0,
    closedAt: c.closedAt ? romeDateTime(c.closedAt) : null,
    closedReason: c.closedBy ? CLOSED_REASON[c.closedBy.reason] : null,
    callerName: match?.callerName ?? null,
    customerId: match?.customerId ?? null,
    trattativaCpId: match?.trattativaCpId ?? null,
    caseKey: c.id,
  };
}

async function upsertCases(
  ctx: AppContext,
  tx: Queryable,
  cases: CallbackCase[],
  legs: Map<string, CallRecord>,
  lines: Map<string, Office>,
  callers: Map<string, CallerMatch>,
): Promise<void> {
  const missed = crudRepository(tx, ctx.resource('MissedCall').model);
  for (const c of cases) {
    const row = caseRow(c, legs, callers.get(c.caller));
    const id = await repo.missedCallIdByCase(tx, c.id);
    if (id) {
      await missed.update(id, {}, { ...row, ...(c.closedAt ? { recalled: 'Y' } : {}) });
      continue;
    }
    const office = lines.get(c.dialled);
    await missed.create(
      {},
      {
        ...row,
        internal: 'N',
        recalled: c.closedAt ? 'Y' : 'N',
        branchOfficeId: office?.id ?? null,
        branchOffice: office?.nome ?? null,
      },
    );
  }
}

/**
 * Stores a PBX's batch in one transaction: new legs (a leg already stored is a duplicate and changes nothing),
 * their call-report rows, and the call-back cases of every caller they concern, recomputed from all of that
 * caller's legs so that the order in which the PBX posts does not matter. Then tells the open screens.
 */
export async function ingestCalls(ctx: AppContext, batch: CallRecord[], within?: Queryable): Promise<IngestResult> {
  const unique = [...new Map(batch.map((r) => [r.callId, r])).values()];
  // Inside a transaction of the caller's (the first start's demo data), or in one of its own.
  const store = async (tx: Queryable) => {
    await repo.lockIngestion(tx);
    const created = await repo.insertLegs(tx, unique);
    const fresh = unique.filter((r) => created.has(r.callId));
    if (fresh.length === 0) return { created: 0, missedCalls: 0 };
    const offices = await repo.offices(tx);
    const lines = new Map(offices.flatMap((o) => officeLines(o.phoneNumbers).map((n) => [n, o] as const)));
    // The outside party of each call: who called in, or who was called back.
    const outside = [
      ...new Set(fresh.map((r) => (r.direction === 'outbound' ? r.to : r.from)).filter((n) => n?.startsWith('+'))),
    ] as string[];
    const callers = await repo.matchCallers(tx, outside, (typed, e164) => phoneKey(typed) === e164);
    const reports = crudRepository(tx, ctx.resource('ReportCall').model);
    for (const r of fresh)
      await reports.create(
        {},
        {
          ...toReportCall(r),
          caller: partyName(r.from, lines, callers),
          destination: partyName(r.to, lines, callers),
          reason: queueReason(r),
        },
      );
    if (outside.length === 0) return { created: fresh.length, missedCalls: 0 };
    const earliestNew = Math.min(...fresh.map((r) => Date.parse(r.startedAt)));
    const open = await repo.earliestOpenCase(tx, outside);
    const since = new Date(Math.min(earliestNew - LOOKBACK_MS, open ? Date.parse(open) : Infinity)).toISOString();
    const legs = await repo.legsOf(tx, outside, since);
    const byId = new Map(legs.map((l) => [l.callId, l]));
    const touched = callbackCases(legs).filter(
      (c) => c.callIds.some((id) => created.has(id)) || (c.closedBy && created.has(c.closedBy.callId)),
    );
    await upsertCases(ctx, tx, touched, byId, lines, callers);
    return { created: fresh.length, missedCalls: touched.length };
  };
  const result = within ? await store(within) : await ctx.db.transaction(store);
  // Within a caller's transaction nothing is committed yet: the caller tells the screens, if any.
  if (!within && result.missedCalls > 0)
    await ctx.hub.publish(TEAM_TOPICS.contactCentre.topic, { entity: 'missedCall', event: 'changed', userId: null });
  return {
    received: batch.length,
    created: result.created,
    duplicates: batch.length - result.created,
    missedCalls: result.missedCalls,
  };
}
