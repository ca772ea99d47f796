import { entryProblem } from '../../../domain/calendar/index.ts';
import type { WriteRules } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';

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
      const { rows } = await ctx.db.query(
        `SELECT 1 FROM "branchOfficeUser" WHERE "branchOfficeId" = $1 AND "appUserId" = $2 LIMIT 1`,
        [body.branchOfficeId, body.appUserId],
      );
      if (rows.length) throw new HttpError(409, USER_TWICE, [{ field: 'appUserId', message: USER_TWICE }]);
    },
  },
};
