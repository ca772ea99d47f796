import type { Handler } from '../../context.ts';
import { idOf } from '../../crud/genericHandler.ts';

/** The calls of the e-mail outbox beyond its generic list (listEmail). */
export const mailHandlers: Record<string, Handler> = {
  async resendEmail(req, ctx) {
    const id = idOf(req.params);
    await ctx.mail.resend(id);
    return { data: await ctx.resource('Email').repo.get(id) };
  },
};
