import { describe, expect, it } from 'vitest';
import type { CallRecord } from './callRecord.ts';
import { callbackCases } from './callbackCases.ts';

const CALLER = '+393331234567';
const LINE = '+390521123456';
let n = 0;
function leg(at: string, change: Partial<CallRecord> = {}): CallRecord {
  n += 1;
  return {
    source: 'asterisk',
    callId: `c${n}`,
    linkedId: `c${n}`,
    from: CALLER,
    to: LINE,
    direction: 'inbound',
    startedAt: at,
    answeredAt: null,
    endedAt: at,
    durationSeconds: 20,
    billSeconds: 0,
    disposition: 'NO ANSWER',
    queue: null,
    ...change,
  };
}
const answered = { disposition: 'ANSWERED' as const, billSeconds: 60 };

describe('callbackCases (issue 19)', () => {
  it('makes three attempts by one number in a day one case', () => {
    const cases = callbackCases([
      leg('2025-09-24T07:00:00Z'),
      leg('2025-09-24T09:30:00Z'),
      leg('2025-09-24T13:10:00Z', { disposition: 'BUSY' }),
    ]);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      caller: CALLER,
      dialled: LINE,
      attempts: 3,
      firstMissedAt: '2025-09-24T07:00:00Z',
      lastMissedAt: '2025-09-24T13:10:00Z',
      closedAt: null,
    });
  });

  it('makes one queue call that rang three agents one case with one attempt', () => {
    const cases = callbackCases([
      leg('2025-09-24T07:00:00Z', { linkedId: 'q1', to: '201' }),
      leg('2025-09-24T07:00:15Z', { linkedId: 'q1', to: '202' }),
      leg('2025-09-24T07:00:30Z', { linkedId: 'q1', to: '203' }),
    ]);
    expect(cases).toHaveLength(1);
    expect(cases[0]?.attempts).toBe(1);
    expect(cases[0]?.callIds).toHaveLength(3);
  });

  it('makes no case of a queue call that the third agent answered', () => {
    expect(
      callbackCases([
        leg('2025-09-24T07:00:00Z', { linkedId: 'q2', to: '201' }),
        leg('2025-09-24T07:00:15Z', { linkedId: 'q2', to: '202', ...answered }),
      ]),
    ).toEqual([]);
  });

  it('closes a case when an outbound call to the caller connects, not when it only rings', () => {
    const missed = leg('2025-09-24T07:00:00Z');
    const unanswered = leg('2025-09-24T08:00:00Z', { from: '201', to: CALLER, direction: 'outbound' });
    const connected = leg('2025-09-24T08:30:00Z', {
      from: '201',
      to: CALLER,
      direction: 'outbound',
      answeredAt: '2025-09-24T08:30:09Z',
      ...answered,
    });
    expect(callbackCases([missed, unanswered])[0]?.closedAt).toBeNull();
    expect(callbackCases([connected, missed, unanswered])[0]).toMatchObject({
      closedAt: '2025-09-24T08:30:09Z',
      closedBy: { callId: connected.callId, reason: 'richiamato' },
    });
  });

  it("closes a case when the caller's next call is answered, and a later miss opens a new one", () => {
    const cases = callbackCases([
      leg('2025-09-24T07:00:00Z'),
      leg('2025-09-24T10:00:00Z', answered),
      leg('2025-09-25T07:00:00Z'),
    ]);
    expect(cases.map((c) => [c.firstMissedAt, c.closedBy?.reason ?? null])).toEqual([
      ['2025-09-24T07:00:00Z', 'risposta'],
      ['2025-09-25T07:00:00Z', null],
    ]);
  });

  it('keeps different callers apart and ignores withheld and internal calls', () => {
    const cases = callbackCases([
      leg('2025-09-24T07:00:00Z'),
      leg('2025-09-24T07:05:00Z', { from: '+390245678901' }),
      leg('2025-09-24T07:06:00Z', { from: null }),
      leg('2025-09-24T07:07:00Z', { from: '201', to: '202', direction: 'internal' }),
      leg('2025-09-24T07:08:00Z', { from: '201', to: '+390245678901', direction: 'outbound', ...answered }),
    ]);
    expect(cases.map((c) => [c.caller, c.closedBy?.reason ?? null])).toEqual([
      [CALLER, null],
      ['+390245678901', 'richiamato'],
    ]);
  });
});
