import type { WriteRule } from '../../crud/writeRules.ts';
import { HttpError } from '../../httpError.ts';

export const USER_TWICE = "L'utente è già assegnato a questa sede";

// Imported by the generic create (crud/writeRules.ts): nothing here may import the crud layer's values.
export const writeRules: Record<string, WriteRule> = {
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
