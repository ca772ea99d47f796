import { describe, expect, it } from 'vitest';
import type { CallRecord } from './callRecord.ts';
import { toMissedCall, toReportCall } from './callRecordViews.ts';

const answered: CallRecord = {
  source: 'asterisk',
  callId: '1',
  linkedId: '1',
  from: '+393331234567',
  to: '+390521123456',
  direction: 'inbound',
  startedAt: '2025-09-24T07:12:00Z',
  answeredAt: '2025-09-24T07:12:08Z',
  endedAt: '2025-09-24T07:14:13Z',
  durationSeconds: 133,
  billSeconds: 125,
  disposition: 'ANSWERED',
  queue: null,
};

describe('call record views', () => {
  it('gives the call report row with ring, talk and total seconds, in Rome time', () => {
    expect(toReportCall(answered)).toEqual({
      callDate: '2025-09-24',
      callDateTime: '2025-09-24T09:12:00+02:00',
      callerNumber: '+393331234567',
      destinationNumber: '+390521123456',
      status: 'Risposta',
      ringDuration: 8,
      talkDuration: 125,
      totalDuration: 133,
    });
    expect(toMissedCall(answered)).toBeNull();
  });

  it('gives a missed call for an unanswered inbound call, with the queue wait as its duration', () => {
    const abandoned: CallRecord = {
      ...answered,
      answeredAt: null,
      billSeconds: 0,
      disposition: 'NO ANSWER',
      queue: { name: 'vendite', waitSeconds: 41, position: 3, abandoned: true },
    };
    expect(toReportCall(abandoned)).toMatchObject({
      status: 'Abbandonata in coda',
      ringDuration: 133,
      talkDuration: 0,
    });
    expect(toMissedCall(abandoned)).toEqual({
      receivedAt: '2025-09-24T09:12:00+02:00',
      senderPhone: '+393331234567',
      internal: 'N',
      recalled: 'N',
      duration: 41,
    });
  });
});
