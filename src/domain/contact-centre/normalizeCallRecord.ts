import { ROME } from '../calendar/rome.ts';
import {
  classifyNumber,
  directionOf,
  DISPOSITIONS,
  parsePbxTime,
  parseSeconds,
  partyText,
  type CallRecordError,
  type Direction,
  type Disposition,
  type NormalizedCall,
  type PbxSource,
} from './callRecord.ts';

type Text = string | number | null | undefined;

/**
 * An Asterisk CDR (cdr_adaptive_odbc / cdr_custom columns), plus the queue_log event of a queue call
 * when the dial plan posts it: ABANDON, EXITWITHTIMEOUT, EXITEMPTY, EXITWITHKEY (the caller left) or CONNECT.
 */
export interface AsteriskCdr {
  uniqueid: string;
  linkedid?: string;
  src: Text;
  dst: Text;
  start: string;
  answer?: string | null;
  end: string;
  duration: Text;
  billsec: Text;
  disposition: string;
  queue?: { queuename?: string; event: string; waittime?: Text; position?: Text } | null;
}

/** Twilio's Call resource / status callback, lower-case names (`CallSid`, `From`… are accepted too by the server's mapping). */
export interface TwilioCall {
  sid: string;
  parent_call_sid?: string | null;
  from: Text;
  to: Text;
  direction?: string;
  status: string;
  start_time: string;
  end_time: string;
  duration: Text;
  /** From the Enqueue action callback: seconds in queue and how the wait ended. */
  queue_time?: Text;
  queue_result?: string | null;
}

/** 3CX v18 CDR output (field names of its CDR template). */
export interface ThreeCxCdr {
  historyid: string;
  callid?: string;
  'from-no': Text;
  'to-no'?: Text;
  'dial-no'?: Text;
  'time-start': string;
  'time-answered'?: string | null;
  'time-end': string;
  duration?: Text;
  'reason-terminated'?: string;
}

/** The PBX's clock, for timestamps without an offset: Asterisk writes local time, 3CX its CDR in UTC. */
export const NAIVE_TIME_ZONE: Record<PbxSource, string> = { asterisk: ROME, twilio: 'UTC', '3cx': 'UTC' };

interface Common {
  source: PbxSource;
  callId: Text;
  linkedId: Text;
  from: Text;
  to: Text;
  start: string;
  answer: string | null | undefined;
  end: string;
  duration?: Text;
  billsec?: Text;
  disposition: string;
  direction?: Direction;
  queue: { name: string | null; wait: Text; position: Text; abandoned: boolean } | null;
  fields: Record<
    'callId' | 'from' | 'to' | 'start' | 'answer' | 'end' | 'duration' | 'billsec' | 'disposition',
    string
  >;
}

function build(c: Common, naiveZone: string): NormalizedCall {
  const errors: CallRecordError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, message });
  const callId = String(c.callId ?? '').trim();
  if (!callId) fail(c.fields.callId, `Manca l'identificativo della chiamata (${c.fields.callId})`);
  const from = classifyNumber(c.from);
  if (!from) fail(c.fields.from, `Numero chiamante non valido: «${String(c.from ?? '')}»`);
  const to = classifyNumber(c.to);
  if (!to || to.kind === 'withheld') fail(c.fields.to, `Numero chiamato non valido: «${String(c.to ?? '')}»`);
  const startedAt = parsePbxTime(c.start, naiveZone);
  if (!startedAt) fail(c.fields.start, `Data di inizio della chiamata non valida: «${c.start ?? ''}»`);
  const answeredAt = parsePbxTime(c.answer, naiveZone);
  if (answeredAt === undefined) fail(c.fields.answer, `Data di risposta non valida: «${c.answer ?? ''}»`);
  const endedAt = parsePbxTime(c.end, naiveZone);
  if (!endedAt) fail(c.fields.end, `Data di fine della chiamata non valida: «${c.end ?? ''}»`);
  if (startedAt && endedAt && endedAt < startedAt) fail(c.fields.end, "La fine della chiamata è precedente all'inizio");
  const derived = startedAt && endedAt ? Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 1000) : 0;
  const duration = c.duration === undefined ? derived : parseSeconds(c.duration);
  if (duration === undefined) fail(c.fields.duration, `Durata non valida: «${String(c.duration)}»`);
  const billsec = parseSeconds(c.billsec);
  if (billsec === undefined) fail(c.fields.billsec, `Durata della conversazione non valida: «${String(c.billsec)}»`);
  const disposition = DISPOSITIONS.find((d) => d === c.disposition.trim().toUpperCase());
  if (!disposition)
    fail(
      c.fields.disposition,
      `Esito della chiamata non riconosciuto: «${c.disposition}» (ammessi: ${DISPOSITIONS.join(', ')})`,
    );
  const wait = c.queue ? parseSeconds(c.queue.wait) : 0;
  if (wait === undefined) fail('queue', `Attesa in coda non valida: «${String(c.queue?.wait)}»`);
  const position = c.queue?.position == null || c.queue.position === '' ? null : Number(c.queue.position);
  if (errors.length || !from || !to || !startedAt || !endedAt || answeredAt === undefined || !disposition)
    return { errors };
  return {
    record: {
      source: c.source,
      callId,
      linkedId: String(c.linkedId ?? '').trim() || callId,
      from: partyText(from),
      to: partyText(to) ?? '',
      direction: c.direction ?? directionOf(from, to),
      startedAt,
      answeredAt,
      endedAt,
      durationSeconds: duration ?? 0,
      billSeconds: c.queue?.abandoned ? 0 : (billsec ?? 0),
      disposition: c.queue?.abandoned ? 'NO ANSWER' : disposition,
      queue: c.queue
        ? {
            name: c.queue.name,
            waitSeconds: wait ?? 0,
            position: Number.isInteger(position) ? position : null,
            abandoned: c.queue.abandoned,
          }
        : null,
    },
  };
}

const LEFT_QUEUE = new Set(['ABANDON', 'EXITWITHTIMEOUT', 'EXITEMPTY', 'EXITWITHKEY']);

/**
 * Asterisk answers a queue call itself to play the hold music, so its CDR says ANSWERED with a billsec even
 * when the caller gave up: a queue event that says the caller left makes it NO ANSWER with no talk time.
 */
export function normalizeAsteriskCdr(cdr: AsteriskCdr, naiveZone = NAIVE_TIME_ZONE.asterisk): NormalizedCall {
  return build(
    {
      source: 'asterisk',
      callId: cdr.uniqueid,
      linkedId: cdr.linkedid,
      from: cdr.src,
      to: cdr.dst,
      start: cdr.start,
      answer: cdr.answer,
      end: cdr.end,
      duration: cdr.duration,
      billsec: cdr.billsec,
      disposition: cdr.disposition,
      queue: cdr.queue
        ? {
            name: cdr.queue.queuename ?? null,
            wait: cdr.queue.waittime,
            position: cdr.queue.position,
            abandoned: LEFT_QUEUE.has(cdr.queue.event.toUpperCase()),
          }
        : null,
      fields: {
        callId: 'uniqueid',
        from: 'src',
        to: 'dst',
        start: 'start',
        answer: 'answer',
        end: 'end',
        duration: 'duration',
        billsec: 'billsec',
        disposition: 'disposition',
      },
    },
    naiveZone,
  );
}

const TWILIO_STATUS: Record<string, Disposition> = {
  completed: 'ANSWERED',
  'no-answer': 'NO ANSWER',
  canceled: 'NO ANSWER',
  busy: 'BUSY',
  failed: 'FAILED',
};

/** Twilio gives no answer time: a completed call is taken as answered at start + (duration − talk) = start. */
export function normalizeTwilioCall(call: TwilioCall): NormalizedCall {
  const disposition = TWILIO_STATUS[call.status.toLowerCase()] ?? call.status;
  const answered = disposition === 'ANSWERED';
  const direction: Direction | undefined = call.direction
    ? call.direction.startsWith('outbound')
      ? 'outbound'
      : 'inbound'
    : undefined;
  return build(
    {
      source: 'twilio',
      callId: call.sid,
      linkedId: call.parent_call_sid,
      from: call.from,
      to: call.to,
      start: call.start_time,
      answer: answered ? call.start_time : null,
      end: call.end_time,
      duration: call.duration,
      billsec: answered ? call.duration : 0,
      disposition,
      ...(direction ? { direction } : {}),
      queue:
        call.queue_result || call.queue_time
          ? { name: null, wait: call.queue_time, position: null, abandoned: call.queue_result === 'hangup' }
          : null,
      fields: {
        callId: 'sid',
        from: 'from',
        to: 'to',
        start: 'start_time',
        answer: 'start_time',
        end: 'end_time',
        duration: 'duration',
        billsec: 'duration',
        disposition: 'status',
      },
    },
    NAIVE_TIME_ZONE.twilio,
  );
}

/** 3CX has no disposition: answered when it has an answer time; otherwise busy or failed by its termination reason. */
export function normalizeThreeCxCdr(cdr: ThreeCxCdr, naiveZone = NAIVE_TIME_ZONE['3cx']): NormalizedCall {
  const answer = cdr['time-answered'];
  const reason = (cdr['reason-terminated'] ?? '').toLowerCase();
  const disposition: Disposition = answer?.trim()
    ? 'ANSWERED'
    : reason.includes('busy')
      ? 'BUSY'
      : reason.includes('fail') || reason.includes('error')
        ? 'FAILED'
        : 'NO ANSWER';
  const answeredAt = parsePbxTime(answer, naiveZone);
  const endedAt = parsePbxTime(cdr['time-end'], naiveZone);
  const billsec = answeredAt && endedAt ? Math.round((Date.parse(endedAt) - Date.parse(answeredAt)) / 1000) : 0;
  return build(
    {
      source: '3cx',
      callId: cdr.historyid,
      linkedId: cdr.callid,
      from: cdr['from-no'],
      to: cdr['dial-no'] ?? cdr['to-no'],
      start: cdr['time-start'],
      answer,
      end: cdr['time-end'],
      ...(cdr.duration === undefined ? {} : { duration: cdr.duration }),
      billsec: Math.max(0, billsec),
      disposition,
      queue: null,
      fields: {
        callId: 'historyid',
        from: 'from-no',
        to: cdr['dial-no'] === undefined ? 'to-no' : 'dial-no',
        start: 'time-start',
        answer: 'time-answered',
        end: 'time-end',
        duration: 'duration',
        billsec: 'time-answered',
        disposition: 'reason-terminated',
      },
    },
    naiveZone,
  );
}
