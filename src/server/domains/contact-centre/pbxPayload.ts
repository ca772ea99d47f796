import {
  normalizeAsteriskCdr,
  normalizeThreeCxCdr,
  normalizeTwilioCall,
  type AsteriskCdr,
  type CallRecord,
  type NormalizedCall,
  type PbxSource,
  type ThreeCxCdr,
  type TwilioCall,
} from '../../../domain/contact-centre/index.ts';
import type { Violation } from '../../http/httpError.ts';

type Json = Record<string, unknown>;

/** A value a PBX writes as text: numbers as their digits, anything else (objects, booleans) as nothing. */
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const textOrNumber = (v: unknown): string | number | null =>
  typeof v === 'string' || typeof v === 'number' ? v : null;

function asterisk(c: Json): AsteriskCdr {
  const q = c.queue && typeof c.queue === 'object' ? (c.queue as Json) : null;
  return {
    uniqueid: text(c.uniqueid),
    linkedid: text(c.linkedid),
    src: textOrNumber(c.src),
    dst: textOrNumber(c.dst),
    start: text(c.start),
    answer: text(c.answer),
    end: text(c.end),
    duration: textOrNumber(c.duration),
    billsec: textOrNumber(c.billsec),
    disposition: text(c.disposition),
    queue: q
      ? {
          queuename: text(q.queuename) || undefined,
          event: text(q.event),
          waittime: textOrNumber(q.waittime),
          position: textOrNumber(q.position),
        }
      : null,
  };
}

/** Twilio's REST names (`sid`, `start_time`) or its webhook names (`CallSid`, `StartTime`), whichever came. */
function twilio(c: Json): TwilioCall {
  const pick = (snake: string, pascal: string) => c[snake] ?? c[pascal];
  return {
    sid: text(pick('sid', 'CallSid')),
    parent_call_sid: text(pick('parent_call_sid', 'ParentCallSid')) || null,
    from: textOrNumber(pick('from', 'From')),
    to: textOrNumber(pick('to', 'To')),
    direction: text(pick('direction', 'Direction')) || undefined,
    status: text(pick('status', 'CallStatus')),
    start_time: text(pick('start_time', 'StartTime')),
    end_time: text(pick('end_time', 'EndTime')),
    duration: textOrNumber(pick('duration', 'CallDuration')),
    queue_time: textOrNumber(pick('queue_time', 'QueueTime')),
    queue_result: text(pick('queue_result', 'QueueResult')) || null,
  };
}

function threeCx(c: Json): ThreeCxCdr {
  return {
    historyid: text(c.historyid),
    callid: text(c.callid) || undefined,
    'from-no': textOrNumber(c['from-no']),
    'to-no': textOrNumber(c['to-no']),
    'dial-no': textOrNumber(c['dial-no']),
    'time-start': text(c['time-start']),
    'time-answered': text(c['time-answered']) || null,
    'time-end': text(c['time-end']),
    duration: textOrNumber(c.duration) ?? undefined,
    'reason-terminated': text(c['reason-terminated']) || undefined,
  };
}

const NORMALIZE: Record<PbxSource, (c: Json) => NormalizedCall> = {
  asterisk: (c) => normalizeAsteriskCdr(asterisk(c)),
  twilio: (c) => normalizeTwilioCall(twilio(c)),
  '3cx': (c) => normalizeThreeCxCdr(threeCx(c)),
};

/**
 * The records of a PBX's batch, or every problem of every record, each named `calls.<i>.<the PBX's field>` (as
 * the contract's own checks name them, schemas/pbx-call.json):
 * one bad record refuses the whole batch, so the PBX can fix and resend it as it is.
 */
export function readPbxBatch(
  source: PbxSource,
  calls: readonly Json[],
): { records: CallRecord[] } | { violations: Violation[] } {
  const records: CallRecord[] = [];
  const violations: Violation[] = [];
  calls.forEach((call, i) => {
    const result = NORMALIZE[source](call);
    if ('errors' in result)
      violations.push(...result.errors.map((e) => ({ field: `calls.${i}.${e.field}`, message: e.message })));
    else records.push(result.record);
  });
  return violations.length ? { violations } : { records };
}
