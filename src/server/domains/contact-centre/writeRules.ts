import type { WriteRules } from '../../context.ts';
import { HttpError } from '../../http/httpError.ts';

export const USER_TWICE = "L'utente è già assegnato a questa sede";

export const writeRules: WriteRules = {
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
