import { describe, expect, it } from 'vitest';
import {
  normalizeAsteriskCdr,
  normalizeThreeCxCdr,
  normalizeTwilioCall,
  type AsteriskCdr,
} from './normalizeCallRecord.ts';

const cdr: AsteriskCdr = {
  uniqueid: '1727161920.101',
  linkedid: '1727161920.100',
  src: '0039 333 123 4567',
  dst: '0521123456',
  start: '2025-09-24 09:12:00',
  answer: '',
  end: '2025-09-24 09:12:35',
  duration: '35',
  billsec: '0',
  disposition: 'NO ANSWER',
};

describe('normalizeAsteriskCdr', () => {
  it('turns a CDR into one call record: E.164 numbers, UTC instants from Rome wall time', () => {
    expect(normalizeAsteriskCdr(cdr)).toEqual({
      record: {
        source: 'asterisk',
        callId: '1727161920.101',
        linkedId: '1727161920.100',
        from: '+393331234567',
        to: '+390521123456',
        direction: 'inbound',
        startedAt: '2025-09-24T07:12:00Z',
        answeredAt: null,
        endedAt: '2025-09-24T07:12:35Z',
        durationSeconds: 35,
        billSeconds: 0,
        disposition: 'NO ANSWER',
        queue: null,
      },
    });
  });

  it('knows extensions, withheld callers and call directions', () => {
    const out = normalizeAsteriskCdr({ ...cdr, src: '201', dst: '+39 02 4567 8901', disposition: 'ANSWERED' });
    expect(out).toMatchObject({ record: { from: '201', to: '+390245678901', direction: 'outbound' } });
    expect(normalizeAsteriskCdr({ ...cdr, src: '201', dst: 'SIP/305' })).toMatchObject({ errors: [{ field: 'dst' }] });
    expect(normalizeAsteriskCdr({ ...cdr, src: '201', dst: '305' })).toMatchObject({
      record: { direction: 'internal' },
    });
    expect(normalizeAsteriskCdr({ ...cdr, src: 'anonymous' })).toMatchObject({
      record: { from: null, direction: 'inbound' },
    });
    expect(normalizeAsteriskCdr({ ...cdr, linkedid: '' })).toMatchObject({ record: { linkedId: '1727161920.101' } });
  });

  it('makes a queue call the caller abandoned a missed call, although Asterisk answered it for the hold music', () => {
    const out = normalizeAsteriskCdr({
      ...cdr,
      answer: '2025-09-24 09:12:01',
      billsec: 34,
      disposition: 'ANSWERED',
      queue: { queuename: 'vendite', event: 'ABANDON', waittime: 33, position: 2 },
    });
    expect(out).toMatchObject({
      record: {
        disposition: 'NO ANSWER',
        billSeconds: 0,
        queue: { name: 'vendite', waitSeconds: 33, position: 2, abandoned: true },
      },
    });
  });

  it.each<[string, Partial<AsteriskCdr>, string, string]>([
    ['a bad caller number', { src: 'abc' }, 'src', 'Numero chiamante non valido: «abc»'],
    [
      'a bad start date',
      { start: '2025-02-30 10:00:00' },
      'start',
      'Data di inizio della chiamata non valida: «2025-02-30 10:00:00»',
    ],
    ['a bad end date', { end: 'ieri' }, 'end', 'Data di fine della chiamata non valida: «ieri»'],
    [
      'an end before the start',
      { end: '2025-09-24 09:11:00' },
      'end',
      "La fine della chiamata è precedente all'inizio",
    ],
    [
      'an unknown disposition',
      { disposition: 'CONGESTION' },
      'disposition',
      'Esito della chiamata non riconosciuto: «CONGESTION» (ammessi: ANSWERED, NO ANSWER, BUSY, FAILED)',
    ],
    ['a negative duration', { duration: -4 }, 'duration', 'Durata non valida: «-4»'],
    ['no uniqueid', { uniqueid: ' ' }, 'uniqueid', "Manca l'identificativo della chiamata (uniqueid)"],
  ])('refuses %s in Italian, naming the field', (_name, change, field, message) => {
    expect(normalizeAsteriskCdr({ ...cdr, ...change })).toEqual({ errors: [{ field, message }] });
  });

  it('reads timestamps with an offset as they are', () => {
    expect(
      normalizeAsteriskCdr({ ...cdr, start: '2025-09-24T09:12:00+02:00', end: '2025-09-24T07:12:35Z' }),
    ).toMatchObject({
      record: { startedAt: '2025-09-24T07:12:00Z', endedAt: '2025-09-24T07:12:35Z' },
    });
  });
});

describe('normalizeTwilioCall', () => {
  it('maps Twilio names and statuses (RFC 2822 times)', () => {
    expect(
      normalizeTwilioCall({
        sid: 'CA42ed11f93dc08b952027ffbc406d0868',
        parent_call_sid: null,
        from: '+393331234567',
        to: '+390521123456',
        direction: 'inbound',
        status: 'completed',
        start_time: 'Wed, 24 Sep 2025 07:12:00 +0000',
        end_time: 'Wed, 24 Sep 2025 07:14:05 +0000',
        duration: '125',
      }),
    ).toMatchObject({
      record: {
        callId: 'CA42ed11f93dc08b952027ffbc406d0868',
        linkedId: 'CA42ed11f93dc08b952027ffbc406d0868',
        direction: 'inbound',
        startedAt: '2025-09-24T07:12:00Z',
        disposition: 'ANSWERED',
        billSeconds: 125,
      },
    });
  });

  it('treats a queue hang-up as abandoned and outbound-dial as outbound', () => {
    const base = {
      sid: 'CA1',
      from: '+393331234567',
      to: '+390521123456',
      start_time: '2025-09-24T07:12:00Z',
      end_time: '2025-09-24T07:13:00Z',
      duration: 60,
    };
    expect(normalizeTwilioCall({ ...base, status: 'completed', queue_result: 'hangup', queue_time: 58 })).toMatchObject(
      {
        record: { disposition: 'NO ANSWER', billSeconds: 0, queue: { waitSeconds: 58, abandoned: true } },
      },
    );
    expect(normalizeTwilioCall({ ...base, status: 'no-answer', direction: 'outbound-dial' })).toMatchObject({
      record: { direction: 'outbound', disposition: 'NO ANSWER' },
    });
    expect(normalizeTwilioCall({ ...base, status: 'queued' })).toMatchObject({ errors: [{ field: 'status' }] });
  });
});

describe('normalizeThreeCxCdr', () => {
  it('maps the 3CX CDR template names; times without offset are UTC', () => {
    expect(
      normalizeThreeCxCdr({
        historyid: '00000001',
        callid: 'A1',
        'from-no': '3331234567',
        'to-no': '100',
        'dial-no': '0521123456',
        'time-start': '2025/09/24 07:12:00',
        'time-answered': '2025/09/24 07:12:10',
        'time-end': '2025/09/24 07:14:10',
        duration: '00:02:10',
        'reason-terminated': 'TerminatedBySrc',
      }),
    ).toMatchObject({
      record: {
        callId: '00000001',
        linkedId: 'A1',
        to: '+390521123456',
        disposition: 'ANSWERED',
        durationSeconds: 130,
        billSeconds: 120,
      },
    });
  });

  it('reads a busy line from the termination reason', () => {
    expect(
      normalizeThreeCxCdr({
        historyid: '2',
        'from-no': '3331234567',
        'to-no': '0521123456',
        'time-start': '2025-09-24 07:12:00',
        'time-end': '2025-09-24 07:12:05',
        'reason-terminated': 'TargetBusy',
      }),
    ).toMatchObject({ record: { disposition: 'BUSY', durationSeconds: 5 } });
  });
});
