import { END_BEFORE_START, endsAfterStart } from '../../domain/timeHhmm.ts';
import type { AppContext } from '../context.ts';
import { writeRules as contactCentreRules } from '../domains/contact-centre/writeRules.ts';
import { customerRule } from '../domains/customers/customerRules.ts';
import { offerRules } from '../domains/offers/offerRules.ts';
import { HttpError, MESSAGES } from '../httpError.ts';
import type { Row } from './crudRepository.ts';

/** A check run before a generic create or update writes, and what must follow it. */
export interface WriteRule {
  before?(ctx: AppContext, body: Row, id: number | null): Promise<void>;
  after?(ctx: AppContext, saved: Row): Promise<void>;
}

/** Every rule the generic create and update apply, by type name. */
export const writeRules: Record<string, WriteRule> = {
  ...offerRules,
  ...contactCentreRules,
  Customer: customerRule,
  // An activity ends after it starts; an update may send only some fields, so the stored ones fill in.
  Planning: {
    async before(ctx, body, id) {
      const stored = id ? await ctx.resource('Planning').repo.raw(id) : undefined;
      const start = String(body.startTime ?? stored?.startTime ?? '');
      const end = String(body.endTime ?? stored?.endTime ?? '');
      if (!endsAfterStart(start, end))
        throw new HttpError(400, MESSAGES.invalid, [{ field: 'endTime', message: END_BEFORE_START }]);
    },
  },
};
