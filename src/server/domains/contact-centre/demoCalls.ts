import { Temporal } from 'temporal-polyfill';
import { ROME, workingCalendar } from '../../../domain/calendar/index.ts';
import type { CallRecord } from '../../../domain/contact-centre/index.ts';

/** The demo offices' lines (schemas/branch-office.json `phoneNumbers`). */
export const DEMO_LINES = { milano: '+390212345678', bergamo: '+39035412000', brescia: '+39030240000' } as const;

// The demo customers (seed/demoData.ts), and other people who call a rental company.
const KNOWN = ['+390245678901', '+39035223344', '+39030778899', '+390332112233'];
const OTHERS = [
  '+393331234567',
  '+393479876543',
  '+390516543210',
  '+393201122334',
  '+390612345678',
  '+393391928374',
  '+390354455667',
  '+393405566778',
  '+390302223344',
  '+393287766554',
];
const AGENTS = ['201', '202', '203', '204'];

/** A small deterministic generator, so every demo start tells the same week. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const leg = (
  callId: string,
  from: string,
  to: string,
  start: Temporal.Instant,
  ring: number,
  talk: number,
  more: Partial<CallRecord> = {},
): CallRecord => ({
  source: 'asterisk',
  callId,
  linkedId: callId,
  from,
  to,
  direction: from.startsWith('+') ? 'inbound' : 'outbound',
  startedAt: start.toString(),
  answeredAt: talk > 0 ? start.add({ seconds: ring }).toString() : null,
  endedAt: start.add({ seconds: ring + talk }).toString(),
  durationSeconds: ring + talk,
  billSeconds: talk,
  disposition: talk > 0 ? 'ANSWERED' : 'NO ANSWER',
  queue: null,
  ...more,
});

/** The national public holidays: the demo switchboard, like the offices, rests on them. */
const ITALY = workingCalendar([]);
const closed = (day: Temporal.PlainDate) => day.dayOfWeek > 5 || ITALY.has(day.toString());

/** Now during office hours (Monday to Friday 09:00–18:00, Rome, not a holiday), else the end of the last working day. */
function latestWorkingMoment(now: Temporal.Instant): Temporal.Instant {
  let at = now.toZonedDateTimeISO(ROME);
  if (!closed(at.toPlainDate()) && at.hour >= 9 && at.hour < 18) return now;
  if (at.hour < 9) at = at.subtract({ days: 1 });
  while (closed(at.toPlainDate())) at = at.subtract({ days: 1 });
  return at.with({ hour: 18, minute: 0, second: 0, millisecond: 0 }).toInstant();
}

/**
 * A week of the switchboard up to `now`: on working days 20–35 calls to the three offices between 08:30 and
 * 18:00, four in five answered, the rest missed (some abandoned in the queue after ringing several agents),
 * most missed calls called back within hours, a few callers trying again; then two customers still waiting.
 */
export function demoWeekOfCalls(now: Date = new Date()): CallRecord[] {
  const next = random(19);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const lines = Object.values(DEMO_LINES);
  const end = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  // The week stops three hours before the two customers still waiting call, so nothing closes their cases.
  const last = latestWorkingMoment(end);
  const cutoff = last.subtract({ minutes: 180 });
  const today = end.toZonedDateTimeISO(ROME).toPlainDate();
  const calls: CallRecord[] = [];
  let n = 0;
  for (let back = 6; back >= 0; back--) {
    const day = today.subtract({ days: back });
    if (closed(day)) continue;
    const count = 20 + Math.floor(next() * 16);
    for (let i = 0; i < count; i++) {
      const minute = 8 * 60 + 30 + Math.floor(next() * (9.5 * 60));
      const start = day
        .toZonedDateTime({
          timeZone: ROME,
          plainTime: Temporal.PlainTime.from({
            hour: Math.floor(minute / 60),
            minute: minute % 60,
            second: Math.floor(next() * 60),
          }),
        })
        .toInstant();
      if (Temporal.Instant.compare(start, cutoff) > 0) continue;
      const caller = next() < 0.4 ? pick(KNOWN) : pick(OTHERS);
      const line = pick(lines);
      const id = `demo.${++n}`;
      const ring = 4 + Math.floor(next() * 20);
      if (next() < 0.8) {
        calls.push(leg(id, caller, line, start, ring, 40 + Math.floor(next() * 360)));
        continue;
      }
      // Missed: sometimes a queue that rang two or three agents before the caller gave up.
      const agents = next() < 0.4 ? 2 + Math.floor(next() * 2) : 1;
      const wait = 15 + Math.floor(next() * 60);
      for (let a = 0; a < agents; a++)
        calls.push(
          leg(a === 0 ? id : `${id}.${a}`, caller, a === 0 ? line : (AGENTS[a] ?? line), start, wait, 0, {
            linkedId: id,
            queue: agents > 1 ? { name: 'centralino', waitSeconds: wait, position: 1 + a, abandoned: true } : null,
          }),
        );
      if (next() < 0.25)
        calls.push(leg(`demo.${++n}`, caller, line, start.add({ minutes: 5 + Math.floor(next() * 40) }), 20, 0));
      if (next() < 0.75) {
        const back = start.add({ minutes: 20 + Math.floor(next() * 180) });
        if (Temporal.Instant.compare(back, cutoff) < 0)
          calls.push(leg(`demo.${++n}`, pick(AGENTS), caller, back, 8, 30 + Math.floor(next() * 200)));
      }
    }
  }
  // Two customers still waiting, one of them past the Bergamo office's 90 minutes.
  calls.push(leg('demo.bergamo', '+39035223344', DEMO_LINES.bergamo, last.subtract({ minutes: 150 }), 25, 0));
  calls.push(leg('demo.milano', '+390245678901', DEMO_LINES.milano, last.subtract({ minutes: 20 }), 30, 0));
  return calls;
}
