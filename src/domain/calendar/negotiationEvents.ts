import { Temporal } from 'temporal-polyfill';
import type { TrattativaCp } from '../../../generated/entities.ts';
import { romeDateOf } from './rome.ts';

export type NegotiationEventKind = 'inserimento' | 'richiamo' | 'visita';

/** Colours of SPEC.md section 2 (blue, orange, green), with a text colour that reads on each (contrast ≥ 4.5). */
export const EVENT_COLOURS: Record<NegotiationEventKind, { backgroundColor: string; textColor: string }> = {
  inserimento: { backgroundColor: '#1565c0', textColor: '#ffffff' },
  richiamo: { backgroundColor: '#ef6c00', textColor: '#000000' },
  visita: { backgroundColor: '#2e7d32', textColor: '#ffffff' },
};

const TITLES: Record<NegotiationEventKind, string> = {
  inserimento: 'Inserita',
  richiamo: 'Richiamare',
  visita: 'Visita ripianificata',
};

/** The first slot of a day starts at 08:00; each event lasts one hour; the last slot ends at 21:00. */
export const FIRST_SLOT_HOUR = 8;
export const LAST_SLOT_END_HOUR = 21;
export const EVENT_HOURS = 1;

export type CalendarNegotiation = Pick<
  TrattativaCp,
  'id' | 'ragioneSociale' | 'dataInserimento' | 'richiamareInData' | 'richiamareInOrario' | 'ripianificaVisita'
>;

/** One calendar event (FullCalendar's EventInput shape), in Rome wall time. */
export interface NegotiationEvent {
  id: string;
  negotiationId: number;
  kind: NegotiationEventKind;
  title: string;
  /** `YYYY-MM-DD` for an all-day event, else `YYYY-MM-DDTHH:mm:ss`. */
  start: string;
  end?: string;
  allDay: boolean;
  backgroundColor: string;
  textColor: string;
}

interface Pending {
  negotiationId: number;
  kind: NegotiationEventKind;
  date: string;
  title: string;
  /** A callback time the salesperson chose ("Richiamare alle 10:30"). */
  time?: Temporal.PlainTime;
}

const KIND_ORDER: NegotiationEventKind[] = ['inserimento', 'richiamo', 'visita'];

function pendingOf(n: CalendarNegotiation): Pending[] {
  if (n.id === undefined) return [];
  const name = n.ragioneSociale || `Trattativa ${n.id}`;
  const base = { negotiationId: n.id };
  const list: Pending[] = [];
  if (n.dataInserimento)
    list.push({
      ...base,
      kind: 'inserimento',
      date: romeDateOf(n.dataInserimento),
      title: `${TITLES.inserimento}: ${name}`,
    });
  if (n.richiamareInData)
    list.push({
      ...base,
      kind: 'richiamo',
      date: n.richiamareInData,
      title: `${TITLES.richiamo}: ${name}`,
      ...(n.richiamareInOrario ? { time: Temporal.PlainTime.from(n.richiamareInOrario) } : {}),
    });
  if (n.ripianificaVisita)
    list.push({ ...base, kind: 'visita', date: n.ripianificaVisita, title: `${TITLES.visita}: ${name}` });
  return list;
}

function event(p: Pending, start: Temporal.PlainDateTime | null): NegotiationEvent {
  const common = {
    id: `${p.kind}-${p.negotiationId}`,
    negotiationId: p.negotiationId,
    kind: p.kind,
    title: p.title,
    ...EVENT_COLOURS[p.kind],
  };
  if (!start) return { ...common, start: p.date, allDay: true };
  return { ...common, start: start.toString(), end: start.add({ hours: EVENT_HOURS }).toString(), allDay: false };
}

/**
 * Every negotiation as events (SPEC.md section 2, issue 14 point 5): its insertion date (blue), callback date
 * (orange) and visit-reschedule date (green), within `from`…`to` (inclusive Rome dates) when given.
 * A callback with a chosen time sits at that time. The others of a day fill one-hour slots from 08:00, each
 * starting at the previous end, in the order insertion, callback, visit, then negotiation id. A day with more
 * than the thirteen slots up to 21:00 shows the rest as all-day events at the top of the day: nothing is hidden
 * and nothing runs past 21:00.
 */
export function negotiationEvents(
  negotiations: readonly CalendarNegotiation[],
  range?: { from: string; to: string },
): NegotiationEvent[] {
  const pending = negotiations.flatMap(pendingOf).filter((p) => !range || (p.date >= range.from && p.date <= range.to));
  const events: NegotiationEvent[] = [];
  const byDay = new Map<string, Pending[]>();
  for (const p of pending) byDay.set(p.date, [...(byDay.get(p.date) ?? []), p]);
  for (const [date, ofDay] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const day = Temporal.PlainDate.from(date);
    let next = day.toPlainDateTime({ hour: FIRST_SLOT_HOUR });
    const lastStart = day.toPlainDateTime({ hour: LAST_SLOT_END_HOUR - EVENT_HOURS });
    const sorted = [...ofDay].sort(
      (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.negotiationId - b.negotiationId,
    );
    for (const p of sorted) {
      if (p.time) {
        events.push(event(p, day.toPlainDateTime(p.time)));
        continue;
      }
      if (Temporal.PlainDateTime.compare(next, lastStart) > 0) {
        events.push(event(p, null));
        continue;
      }
      events.push(event(p, next));
      next = next.add({ hours: EVENT_HOURS });
    }
  }
  return events;
}

/** A planning created from the calendar lasts one hour (SPEC.md section 2): its end time, capped at 23:59. */
export function defaultPlanningEnd(startTime: string): string {
  const start = Temporal.PlainTime.from(startTime);
  const end = start.add({ hours: EVENT_HOURS });
  const capped = Temporal.PlainTime.compare(end, start) < 0 ? Temporal.PlainTime.from('23:59') : end;
  return capped.toString({ smallestUnit: 'minute' });
}
