import { END_BEFORE_START, endsAfterStart } from '../../../domain/timeHhmm.ts';
import type { AppWriteRule } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';

/** An activity ends after it starts; an update may send only some fields, so the stored ones fill in. */
export const planningRule: AppWriteRule = {
  async before(ctx, body, id) {
    const stored = id ? await ctx.resource('Planning').repo.raw(id) : undefined;
    const start = String(body.startTime ?? stored?.startTime ?? '');
    const end = String(body.endTime ?? stored?.endTime ?? '');
    if (!endsAfterStart(start, end))
      throw new HttpError(400, MESSAGES.invalid, [{ field: 'endTime', message: END_BEFORE_START }]);
  },
};
