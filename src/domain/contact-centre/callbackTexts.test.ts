import { describe, expect, it } from 'vitest';
import { callbackTexts } from './callbackTexts.ts';

const facts = {
  senderPhone: '+390245678901',
  callerName: 'Edilizia Brambilla',
  // 13:22 in Rome (winter, UTC+1).
  receivedAt: '2026-11-26T12:22:00.000Z',
  attempts: 1,
  triedAt: '2026-11-26T12:40:00.000Z',
  slot: { date: '2026-11-26', startTime: '14:45' },
};

describe('the texts of a call-back nobody answered', () => {
  it('say the call as Rome reads it, DD-MM-YYYY HH:mm, and one attempt in the singular', () => {
    expect(callbackTexts(facts)).toEqual({
      subject: 'Richiamare 02.4567.8901 - Edilizia Brambilla',
      description: 'Chiamata persa del 26-11-2026 13:22, 1 tentativo. Nessuna risposta alla richiamata.',
      note: 'Richiamato senza risposta il 26-11-2026 13:40: attività di richiamata il 26-11-2026 alle 14:45',
    });
  });

  it('say several attempts in the plural, and summer time in Rome (UTC+2)', () => {
    const texts = callbackTexts({
      ...facts,
      callerName: null,
      receivedAt: '2026-07-01T22:30:00.000Z',
      attempts: 2,
      triedAt: '2026-07-02T06:05:00.000Z',
      slot: { date: '2026-07-02', startTime: '09:15' },
    });
    expect(texts.subject).toBe('Richiamare 02.4567.8901');
    expect(texts.description).toBe(
      'Chiamata persa del 02-07-2026 00:30, 2 tentativi. Nessuna risposta alla richiamata.',
    );
    expect(texts.note).toBe(
      'Richiamato senza risposta il 02-07-2026 08:05: attività di richiamata il 02-07-2026 alle 09:15',
    );
  });
});
