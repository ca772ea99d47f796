import { defineHandlers, type RecordOf } from '../../context.ts';
import { toRecord } from '../../crud/crudRepository.ts';
import { idOf } from '../../crud/genericHandler.ts';

/** The calls of the e-mail outbox beyond its generic list (listEmail). */
export const mailHandlers = defineHandlers({
  // The row as re-queued: the worker may already be sending it by the time a re-read would run.
  resendEmail: async (req, ctx) => ({
    data: toRecord(ctx.resource('Email').model, await ctx.mail.resend(idOf(req.params))) as RecordOf<'Email'>,
  }),
});
