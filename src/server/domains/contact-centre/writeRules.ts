import type { WriteRules } from '../../context.ts';
import { HttpError } from '../../http/httpError.ts';
import { contactCentreRepository } from './repository.ts';

export const USER_TWICE = "L'utente è già assegnato a questa sede";

export const writeRules: WriteRules = {
  BranchOfficeUser: {
    async before(ctx, body) {
      if (await contactCentreRepository.isAssigned(ctx.db, body.branchOfficeId, body.appUserId))
        throw new HttpError(409, USER_TWICE, [{ field: 'appUserId', message: USER_TWICE }]);
    },
  },
};
