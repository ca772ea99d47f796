import { Temporal } from 'temporal-polyfill';
import { phoneKey } from '../phone/phoneNumber.ts';

export type Disposition = 'ANSWERED' | 'NO ANSWER' | 'BUSY' | 'FAILED';
export const DISPOSITIONS: readonly Disposition[] = ['ANSWERED', 'NO ANSWER', 'BUSY', 'FAILED'];
export type Direction = 'inbound' | 'outbound' | 'internal';
export type PbxSource = 'asterisk' | 'twilio' | '3cx';

/** One call leg as the product keeps it, whatever PBX sent it. Instants are ISO UTC (`…Z`). */
export interface CallRecord {
  source: PbxSource;
  /** The PBX's id of this leg (Asterisk `uniqueid`): ingestion is idempotent on it. */
  callId: string;
  /** The id shared by every leg of one call (Asterisk `linkedid`): a queue call ringing three agents is one call. */
  linkedId: string;
  /** E.164 for an outside number, the extension for an internal one, null when the caller withheld it. */
  from: string | null;
  to: string;
  direction: Direction;
  startedAt: string;
  answeredAt: string | null;
  endedAt: string;
  /** Start to end, seconds. */
  durationSeconds: number;
  /** Answer to end (talk time), seconds. */
  billSeconds: number;
  disposition: Disposition;
  /** The queue the call waited in, when the PBX reports it. */
  queue: { name: string | null; waitSeconds: number; position: number | null; abandoned: boolean } | null;
}

/** A field of the PBX's payload that cannot be taken, named as the PBX names it. */
export interface CallRecordError {
  field: string;
  message: string;
}

export type NormalizedCall = { record: CallRecord } | { errors: CallRecordError[] };

/** Extensions are short: Italian numbers have at least six digits. */
export const EXTENSION_MAX_DIGITS = 5;

const WITHHELD = new Set([
  '',
  'anonymous',
  'unknown',
  'restricted',
  'private',
  'unavailable',
  'withheld',
  '+266696687',
]);

export type PartyNumber =
  { kind: 'withheld' } | { kind: 'extension'; value: string } | { kind: 'external'; e164: string };

/** Who is at one end of a call: a withheld caller, an extension (`201`, `sip:201`, `client:anna`) or an outside number. */
export function classifyNumber(raw: string | number | null | undefined): PartyNumber | null {
  const text = String(raw ?? '').trim();
  if (WITHHELD.has(text.toLowerCase())) return { kind: 'withheld' };
  const endpoint = /^(?:sip|client|pjsip):([^@]+)/i.exec(text);
  if (endpoint?.[1]) return { kind: 'extension', value: endpoint[1] };
  if (new RegExp(`^\\d{1,${EXTENSION_MAX_DIGITS}}$`).test(text)) return { kind: 'extension', value: text };
  const e164 = phoneKey(text);
  return e164 ? { kind: 'external', e164 } : null;
}

const NO_DATE = new Set(['', '0000-00-00 00:00:00', '0000-00-00T00:00:00']);
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A PBX timestamp as an ISO UTC instant: ISO 8601 with an offset; RFC 2822 (Twilio, "Wed, 24 Sep 2025
 * 07:12:00 +0000"); or a date-time without offset (`2025-09-24 09:12:00`, `2025/09/24 09:12:00`), read in
 * `naiveZone`. Null for an empty value, undefined for one that is not a date.
 */
export function parsePbxTime(raw: string | null | undefined, naiveZone: string): string | null | undefined {
  const text = (raw ?? '').trim();
  if (NO_DATE.has(text)) return null;
  const rfc2822 = /^(?:\w{3},\s*)?(\d{1,2}) (\w{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) ([+-]\d{2})(\d{2})$/.exec(text);
  try {
    if (rfc2822) {
      const [, day, month, year, hh, mm, ss, offH, offM] = rfc2822;
      const monthIndex = MONTHS.indexOf((month ?? '').toLowerCase());
      if (monthIndex < 0) return undefined;
      const iso = `${year}-${String(monthIndex + 1).padStart(2, '0')}-${day?.padStart(2, '0')}T${hh}:${mm}:${ss}${offH}:${offM}`;
      return Temporal.Instant.from(iso).toString();
    }
    const normalized = text.replace(/^(\d{4})\/(\d{2})\/(\d{2})/, '$1-$2-$3').replace(' ', 'T');
    if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(normalized)) return Temporal.Instant.from(normalized).toString();
    return Temporal.PlainDateTime.from(normalized, { overflow: 'reject' })
      .toZonedDateTime(naiveZone)
      .toInstant()
      .toString();
  } catch {
    return undefined;
  }
}

/** Whole seconds from a number, a numeric string or `hh:mm:ss`; undefined for anything else or a negative. */
export function parseSeconds(raw: string | number | null | undefined): number | undefined {
  if (raw === null || raw === undefined || raw === '') return 0;
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? Math.round(raw) : undefined;
  const clock = /^(\d+):([0-5]\d):([0-5]\d)$/.exec(raw.trim());
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const value = Number(raw.trim());
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/** The direction from who called whom: extension → outside is outbound, extension → extension internal. */
export function directionOf(from: PartyNumber, to: PartyNumber): Direction {
  if (from.kind === 'extension') return to.kind === 'extension' ? 'internal' : 'outbound';
  return 'inbound';
}

export function partyText(p: PartyNumber): string | null {
  return p.kind === 'withheld' ? null : p.kind === 'extension' ? p.value : p.e164;
}

/** The talk of an answered call: a queue call the caller abandoned was never answered by a person. */
export function wasAnswered(record: CallRecord): boolean {
  return record.disposition === 'ANSWERED' && record.billSeconds > 0 && !record.queue?.abandoned;
}

/** An inbound call nobody answered: it becomes a missed call to call back. */
export function isMissedInbound(record: CallRecord): boolean {
  return record.direction === 'inbound' && !wasAnswered(record);
}
