import { describe, expect, it } from 'vitest';
import { defaultPlanningEnd, negotiationEvents, type CalendarNegotiation } from './negotiationEvents.ts';

const negotiation = (id: number, change: Partial<CalendarNegotiation> = {}): CalendarNegotiation => ({
  id,
  ragioneSociale: `Cliente ${id}`,
  dataInserimento: null,
  richiamareInData: null,
  richiamareInOrario: null,
  ripianificaVisita: null,
  ...change,
});

describe('negotiationEvents (SPEC.md section 2)', () => {
  it('gives each date its colour and stacks one-hour slots from 08:00', () => {
    const events = negotiationEvents([
      negotiation(2, {
        dataInserimento: '2025-09-23T23:30:00Z',
        richiamareInData: '2025-09-24',
        ripianificaVisita: '2025-09-24',
      }),
      negotiation(1, { dataInserimento: '2025-09-24T09:30:00+02:00' }),
    ]);
    expect(events.map((e) => [e.title, e.start, e.end, e.backgroundColor])).toEqual([
      ['Inserita: Cliente 1', '2025-09-24T08:00:00', '2025-09-24T09:00:00', '#1565c0'],
      ['Inserita: Cliente 2', '2025-09-24T09:00:00', '2025-09-24T10:00:00', '#1565c0'],
      ['Richiamare: Cliente 2', '2025-09-24T10:00:00', '2025-09-24T11:00:00', '#ef6c00'],
      ['Visita ripianificata: Cliente 2', '2025-09-24T11:00:00', '2025-09-24T12:00:00', '#2e7d32'],
    ]);
    expect(events[0]).toMatchObject({ id: 'inserimento-1', negotiationId: 1, kind: 'inserimento', allDay: false });
  });

  it('puts a callback with a chosen time at that time', () => {
    const [event] = negotiationEvents([
      negotiation(1, { richiamareInData: '2025-09-24', richiamareInOrario: '10:30' }),
    ]);
    expect(event).toMatchObject({ start: '2025-09-24T10:30:00', end: '2025-09-24T11:30:00', textColor: '#000000' });
  });

  it('fills the day up to 21:00 and shows the rest as all-day events', () => {
    const many = Array.from({ length: 15 }, (_, i) => negotiation(i + 1, { ripianificaVisita: '2025-09-24' }));
    const events = negotiationEvents(many);
    expect(events.filter((e) => !e.allDay).map((e) => e.start.slice(11, 16))).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
    ]);
    expect(events.filter((e) => !e.allDay).at(-1)?.end).toBe('2025-09-24T21:00:00');
    expect(events.filter((e) => e.allDay).map((e) => [e.negotiationId, e.start])).toEqual([
      [14, '2025-09-24'],
      [15, '2025-09-24'],
    ]);
  });

  it('keeps only the visible range', () => {
    const events = negotiationEvents(
      [negotiation(1, { richiamareInData: '2025-09-20', ripianificaVisita: '2025-09-24' })],
      { from: '2025-09-22', to: '2025-09-28' },
    );
    expect(events.map((e) => e.kind)).toEqual(['visita']);
  });

  it.each([
    ['09:00', '10:00'],
    ['20:30', '21:30'],
    ['23:15', '23:59'],
  ])('a planning from %s ends at %s', (start, end) => {
    expect(defaultPlanningEnd(start)).toBe(end);
  });
});
