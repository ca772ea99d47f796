import { Temporal } from 'temporal-polyfill';
import type { MissedCall, ReportCall } from '../../../generated/entities.ts';
import { ROME } from '../calendar/rome.ts';
import { isMissedInbound, wasAnswered, type CallRecord } from './callRecord.ts';

/** An ISO instant as Rome wall time with its offset: `2025-09-24T09:12:00+02:00`. */
export function romeDateTime(instant: string): string {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(ROME).toString({ timeZoneName: 'never' });
}

/** The Italian outcome shown in the call report. */
export function callStatus(record: CallRecord): string {
  if (record.queue?.abandoned) return 'Abbandonata in coda';
  if (wasAnswered(record)) return 'Risposta';
  return { ANSWERED: 'Risposta', 'NO ANSWER': 'Non risposta', BUSY: 'Occupato', FAILED: 'Non riuscita' }[
    record.disposition
  ];
}

/** The row of the call report (`/api/report-calls`) for one call leg. */
export function toReportCall(record: CallRecord): ReportCall {
  const callDateTime = romeDateTime(record.startedAt);
  const ring = record.answeredAt
    ? Math.round((Date.parse(record.answeredAt) - Date.parse(record.startedAt)) / 1000)
    : record.durationSeconds;
  return {
    callDate: callDateTime.slice(0, 10),
    callDateTime,
    callerNumber: record.from ?? '',
    destinationNumber: record.to,
    status: callStatus(record),
    ringDuration: Math.max(0, ring),
    talkDuration: record.billSeconds,
    totalDuration: record.durationSeconds,
  };
}

/** The missed call of an unanswered inbound leg, or null for any other call. The branch office is matched by the server. */
export function toMissedCall(record: CallRecord): MissedCall | null {
  if (!isMissedInbound(record)) return null;
  return {
    receivedAt: romeDateTime(record.startedAt),
    senderPhone: record.from ?? '',
    internal: 'N',
    recalled: 'N',
    duration: record.queue?.waitSeconds || record.durationSeconds,
  };
}
