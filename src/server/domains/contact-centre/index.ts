import { isOpenAt, officeHours, officeLines, romeDateTime, wasAnswered } from '../../../domain/contact-centre/index.ts';
import { endOfRomeDay, romeToday, startOfRomeDay } from '../../../domain/calendar/index.ts';
import { defineHandlers, type ServerModule } from '../../context.ts';
import { idOf } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { officeCalendars } from './calendars.ts';
import { checkedFieldValue } from './fieldUpdate.ts';
import { ingestCalls } from './ingest.ts';
import { writeRules } from './writeRules.ts';
import { missedCallHandlers } from './missedCallHandlers.ts';
import { readPbxBatch } from './pbxPayload.ts';
import { contactCentreRepository } from './repository.ts';

/** A PBX token is configured once on the switchboard: it lasts a year, or until its user changes. */
const PBX_TOKEN_TTL = 365 * 24 * 3600;

export const PBX_MESSAGES = {
  notApiUser: 'Il token del centralino si dà solo a un utente attivo con il ruolo ROLE_API',
} as const;

/** The contact centre (issue 19): PBX ingestion, missed calls and call-backs, call report, branch offices. */
export const contactCentreModule: ServerModule = {
  writeRules,
  handlers: {
    ...missedCallHandlers,
    ...defineHandlers({
      ingestPbxCalls: async (req, ctx) => {
        const read = readPbxBatch(req.body.source, req.body.calls);
        if ('violations' in read) throw new HttpError(400, MESSAGES.invalid, read.violations);
        return { data: await ingestCalls(ctx, read.records) };
      },

      createPbxToken: async (req, ctx) => {
        const id = idOf(req.params);
        const user = await ctx.resource('User').repo.raw(id);
        if (!user) throw new HttpError(404, MESSAGES.notFound);
        const roles = Array.isArray(user.roles) ? (user.roles as string[]) : [];
        if (user.active !== 'true' || !roles.includes('ROLE_API')) throw new HttpError(409, PBX_MESSAGES.notApiUser);
        const token = await ctx.tokens.signPbx({ userId: id, ver: Number(user.tokenVersion ?? 0) }, PBX_TOKEN_TTL);
        return { data: { token, expiresAt: new Date(Date.now() + PBX_TOKEN_TTL * 1000).toISOString() } };
      },

      updateBranchOffice: async (req, ctx) => ({
        data: await ctx
          .resource('BranchOffice')
          .repo.update(idOf(req.params), checkedFieldValue(ctx, 'BranchOffice', req.body)),
      }),

      // Calls, not legs: a queue call that rang three agents counts once, answered if any of them answered.
      // A call missed while its office was closed (outside its hours, a public holiday, a closure) is told apart.
      getReportCallTotals: async (req, ctx) => {
        const callDate = req.query.callDate ?? romeToday();
        const legs = await contactCentreRepository.legsBetween(
          ctx.db,
          startOfRomeDay(callDate).toString(),
          endOfRomeDay(callDate).toString(),
        );
        const calendarOf = await officeCalendars(ctx.db, callDate);
        const offices = await contactCentreRepository.offices(ctx.db);
        const lines = new Map(offices.flatMap((o) => officeLines(o.phoneNumbers).map((n) => [n, o] as const)));
        const openAt = (leg: (typeof legs)[number]) => {
          const office = lines.get(leg.to);
          return isOpenAt(leg.startedAt, officeHours(office), calendarOf(office?.id));
        };
        const calls = new Map<string, typeof legs>();
        for (const l of legs) calls.set(l.linkedId, [...(calls.get(l.linkedId) ?? []), l]);
        const hours = new Map<number, { hour: number; answered: number; missed: number }>();
        let answered = 0,
          missed = 0,
          missedWhileClosed = 0,
          outbound = 0,
          waited = 0;
        for (const group of calls.values()) {
          const first = group[0];
          if (!first) continue;
          if (first.direction === 'outbound') outbound++;
          if (first.direction !== 'inbound') continue;
          const hour = Number(romeDateTime(first.startedAt).slice(11, 13));
          const bucket = hours.get(hour) ?? { hour, answered: 0, missed: 0 };
          const taken = group.find(wasAnswered);
          if (taken) {
            answered++;
            bucket.answered++;
            waited +=
              taken.queue?.waitSeconds ||
              (Date.parse(taken.answeredAt ?? taken.startedAt) - Date.parse(first.startedAt)) / 1000;
          } else {
            missed++;
            bucket.missed++;
            if (!openAt(first)) missedWhileClosed++;
          }
          hours.set(hour, bucket);
        }
        return {
          data: {
            callDate,
            closure: calendarOf(null).closure(callDate)?.name ?? null,
            answered,
            missed,
            missedWhileClosed,
            outbound,
            averageWaitSeconds: answered ? Math.round(waited / answered) : 0,
            hours: [...hours.values()].sort((a, b) => a.hour - b.hour),
          },
        };
      },
    }),
  },
};

export { ingestCalls } from './ingest.ts';
export { demoWeekOfCalls } from './demoCalls.ts';
export { lastCallsOf } from './repository.ts';
