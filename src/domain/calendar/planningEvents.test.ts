import { describe, expect, it } from 'vitest';
import { planningEventTitle } from './planningEvents.ts';

describe('planningEventTitle', () => {
  it('names the subject and the customer', () => {
    expect(planningEventTitle('Telefonata di aggiornamento', 'Edilizia Brambilla S.r.l.', 'Attività')).toBe(
      'Telefonata di aggiornamento – Edilizia Brambilla S.r.l.',
    );
  });

  it('falls back to the word for an activity, and leaves out a customer it has not', () => {
    expect(planningEventTitle('', 'Edilizia Brambilla S.r.l.', 'Attività')).toBe(
      'Attività – Edilizia Brambilla S.r.l.',
    );
    expect(planningEventTitle(null, undefined, 'Attività')).toBe('Attività');
    expect(planningEventTitle('Visita', undefined, 'Attività')).toBe('Visita');
  });
});
