import { defineHandlers, type RecordOf } from '../../context.ts';
import { toRecord } from '../../crud/crudRepository.ts';
import { idOf } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { emailById } from './outboxRepository.ts';

/** The longest body getEmail answers (openapi.yaml, EmailBody): a longer one is cut and says so. */
const MAX_BODY = 200_000;
const cut = (text: unknown) => {
  const s = typeof text === 'string' ? text : '';
  return { text: s.slice(0, MAX_BODY), cut: s.length > MAX_BODY };
};

/** The calls of the e-mail outbox beyond its generic list (listEmail). */
export const mailHandlers = defineHandlers({
  // The row as re-queued: the worker may already be sending it by the time a re-read would run.
  resendEmail: async (req, ctx) => ({
    data: toRecord(ctx.resource('Email').model, await ctx.mail.resend(idOf(req.params))) as RecordOf<'Email'>,
  }),

  // What support tells a customer was sent: the message with its bodies (never its attachments' bytes).
  getEmail: async (req, ctx) => {
    const row = await emailById(ctx.db, idOf(req.params));
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    const html = cut(row.htmlBody);
    const text = cut(row.textBody);
    return {
      data: {
        ...(toRecord(ctx.resource('Email').model, row) as RecordOf<'Email'>),
        htmlBody: html.text,
        textBody: text.text,
        replyTo: typeof row.replyTo === 'string' ? row.replyTo : null,
        troncato: html.cut || text.cut,
      },
    };
  },
});
