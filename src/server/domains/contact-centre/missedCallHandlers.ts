import {
  callbackTexts,
  caseWait,
  formatWait,
  holdsRecall,
  RECALL_HOLD_MS,
  nextCallbackSlot,
  officeHours,
} from '../../../domain/contact-centre/index.ts';
import { romeDateOf, type WorkingCalendar } from '../../../domain/calendar/index.ts';
import { TEAM_TOPICS } from '../../../domain/hubTopics.ts';
import { personName } from '../../../domain/personName.ts';
import { defineHandlers, type AppContext, type RecordOf } from '../../context.ts';
import { crudRepository, type Row } from '../../crud/crudRepository.ts';
import { idOf, listOptions } from '../../crud/genericHandler.ts';
import { HttpError } from '../../http/httpError.ts';
import { isOpenActivity, movePersonalActivity, planPersonalActivity } from '../plannings/index.ts';
import { officeCalendars } from './calendars.ts';
import { checkedFieldValue } from './fieldUpdate.ts';
import { contactCentreRepository as repo, type Office } from './repository.ts';

export const RECALL_MESSAGES = {
  alreadyRecalled: 'La chiamata è già stata richiamata',
  takenBy: (operator: string) => `La chiamata è già presa in carico da ${operator}`,
  notYours: 'Prima premere «Richiama»: la richiamata senza risposta è di chi ha richiamato',
} as const;

const DEFAULT_THRESHOLD = 60;

type MissedCall = RecordOf<'MissedCall'>;

const fullName = personName;

const told = (ctx: AppContext) =>
  ctx.hub.publish(TEAM_TOPICS.contactCentre.topic, { entity: 'missedCall', event: 'changed', userId: null });

type CalendarOf = (branchOfficeId: number | null | undefined) => WorkingCalendar;

/**
 * The business-hours wait of each case, with its office's hours, working calendar (public holidays, closures,
 * holidays, its patron saint) and threshold (the row turns red past it).
 */
function withWait(row: MissedCall, offices: Map<number, Office>, calendarOf: CalendarOf, now: Date): MissedCall {
  const officeId = typeof row.branchOfficeId === 'number' ? row.branchOfficeId : null;
  const office = officeId ? offices.get(officeId) : undefined;
  const wait = caseWait(
    { firstMissedAt: String(row.receivedAt), closedAt: (row.closedAt as string | null) ?? null },
    now,
    officeHours(office),
    calendarOf(officeId),
    office?.thresholdMinutes ?? DEFAULT_THRESHOLD,
  );
  return {
    ...row,
    wait: formatWait(wait.minutes),
    overdue: row.closedAt || row.recalled === 'Y' ? false : wait.overdue,
  };
}

async function stored(ctx: AppContext, id: number): Promise<MissedCall> {
  return ctx.resource('MissedCall').repo.get(id);
}

/** The offices and their calendars for waits that started at the earliest of these instants. */
async function waitContext(ctx: AppContext, receivedAts: unknown[], now: Date) {
  const since = receivedAts.map((at) => romeDateOf(String(at))).reduce((a, b) => (b < a ? b : a), romeDateOf(now));
  const offices = new Map((await repo.offices(ctx.db)).map((o) => [o.id, o]));
  return { offices, calendarOf: await officeCalendars(ctx.db, since) };
}

async function answer(ctx: AppContext, id: number) {
  const row = await stored(ctx, id);
  const now = new Date();
  const { offices, calendarOf } = await waitContext(ctx, [row.receivedAt], now);
  return { data: withWait(row, offices, calendarOf, now) };
}

export const missedCallHandlers = defineHandlers({
  listMissedCall: async (req, ctx) => {
    const { definition, model, repo: missed } = ctx.resource('MissedCall');
    const page = await missed.list(listOptions(req.query, definition.sort, model));
    const now = new Date();
    const { offices, calendarOf } = await waitContext(
      ctx,
      page.data.map((row) => row.receivedAt),
      now,
    );
    return { ...page, data: page.data.map((row) => withWait(row, offices, calendarOf, now)) };
  },

  updateMissedCall: async (req, ctx) => {
    const id = idOf(req.params);
    const value = checkedFieldValue(ctx, 'MissedCall', req.body);
    const extra: Row = {};
    if ('branchOfficeId' in value) {
      const office = value.branchOfficeId
        ? (await repo.offices(ctx.db)).find((o) => o.id === value.branchOfficeId)
        : undefined;
      if (value.branchOfficeId && !office)
        throw new HttpError(400, 'Dati non validi', [{ field: 'value', message: 'La sede indicata non esiste' }]);
      extra.branchOffice = office?.nome ?? null;
    }
    await ctx.resource('MissedCall').repo.update(id, value, extra);
    await told(ctx);
    return answer(ctx, id);
  },

  // "Richiama": the caller of the list takes the case; others see who is calling back.
  recallMissedCall: async (req, ctx) => {
    const id = idOf(req.params);
    const me = req.user;
    if (!me) throw new HttpError(401, 'Token mancante');
    const row = await stored(ctx, id);
    if (row.recalled === 'Y') throw new HttpError(409, RECALL_MESSAGES.alreadyRecalled);
    const since = row.recallStartedAt ? Date.parse(String(row.recallStartedAt)) : 0;
    if (row.operatorUserId && row.operatorUserId !== me.id && Date.now() - since < RECALL_HOLD_MS)
      throw new HttpError(409, RECALL_MESSAGES.takenBy(String(row.operator ?? '')));
    await ctx
      .resource('MissedCall')
      .repo.update(
        id,
        { operator: fullName(me) },
        { operatorUserId: me.id, recallStartedAt: new Date().toISOString() },
        typeof row.version === 'number' ? row.version : undefined,
      );
    await told(ctx);
    return answer(ctx, id);
  },

  // Nobody answered the call-back: an activity in the operator's planning at the office's next slot. Only under
  // one's own "Richiama" (it ends the hold, so a repeated request is refused), and one open call-back per call: a
  // new try moves the one still open instead of adding another.
  recallMissedCallNoAnswer: async (req, ctx) => {
    const id = idOf(req.params);
    const me = req.user;
    if (!me) throw new HttpError(401, 'Token mancante');
    const row = await stored(ctx, id);
    if (row.recalled === 'Y') throw new HttpError(409, RECALL_MESSAGES.alreadyRecalled);
    if (!holdsRecall(row, me.id, new Date())) throw new HttpError(409, RECALL_MESSAGES.notYours);
    const office = (await repo.offices(ctx.db)).find((o) => o.id === row.branchOfficeId);
    const now = new Date();
    const calendarOf = await officeCalendars(ctx.db, romeDateOf(now));
    const slot = nextCallbackSlot(now, officeHours(office), calendarOf(office?.id));
    const { subject, description, note } = callbackTexts({
      senderPhone: String(row.senderPhone),
      callerName: row.callerName,
      receivedAt: String(row.receivedAt),
      attempts: typeof row.attempts === 'number' ? row.attempts : 1,
      triedAt: now.toISOString(),
      slot,
    });
    await ctx.db.transaction(async (tx) => {
      // The hold ends first, on the version read: of two requests at once, the second gets 409 and plans nothing.
      await crudRepository(tx, ctx.resource('MissedCall').model).update(
        id,
        {},
        { recallStartedAt: null, callLog: [row.callLog, note].filter(Boolean).join('\n').slice(-4000) },
        typeof row.version === 'number' ? row.version : undefined,
      );
      const activity = {
        ...slot,
        subject,
        description,
        customerId: row.customerId ?? null,
        // The operator's own: in their home and agenda, not in the sales team's.
        agentId: null,
        completed: false,
        codiceLingua: 'it',
      };
      const previous = row.callbackPlanningId;
      const open = typeof previous === 'number' && (await isOpenActivity(tx, ctx, previous)) ? previous : null;
      const planned = open
        ? await movePersonalActivity(tx, ctx, me, open, activity)
        : await planPersonalActivity(tx, ctx, me, activity);
      await repo.setCallback(tx, id, planned.id);
    });
    await told(ctx);
    return answer(ctx, id);
  },
});
