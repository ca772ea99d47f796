import { entryProblem } from '../../../domain/calendar/index.ts';
import type { WriteRules } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { contactCentreRepository } from './repository.ts';

export const USER_TWICE = "L'utente è già assegnato a questa sede";

export const writeRules: WriteRules = {
  WorkingCalendar: {
    async before(ctx, body, id) {
      const stored = id ? await ctx.resource('WorkingCalendar').repo.raw(id) : undefined;
      const pick = (field: 'dateFrom' | 'dateTo') => (field in body ? body[field] : stored?.[field]);
      const dateFrom = pick('dateFrom');
      const dateTo = pick('dateTo');
      if (typeof dateFrom !== 'string') return;
      const problem = entryProblem({ dateFrom, dateTo: typeof dateTo === 'string' ? dateTo : null });
      if (problem) throw new HttpError(400, MESSAGES.invalid, [problem]);
    },
  },
  BranchOfficeUser: {
    async before(ctx, body) {
      if (await contactCentreRepository.isAssigned(ctx.db, body.branchOfficeId, body.appUserId))
        throw new HttpError(409, USER_TWICE, [{ field: 'appUserId', message: USER_TWICE }]);
    },
  },
};
