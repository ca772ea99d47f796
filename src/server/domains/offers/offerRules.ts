import { rangesOverlap } from '../../../domain/ranges.ts';
import type { AppWriteRule, ResourceTypeName, WriteRules } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { bandsExcept, clearOtherDefaultInsurances } from './offerRepository.ts';

/** Price and increase tables are bands: a new band may not overlap another (SPEC.md, offer configuration). */
function noOverlap(typeName: ResourceTypeName, fromField: string, toField: string): AppWriteRule {
  return {
    async before(ctx, body, id) {
      const from = Number(body[fromField]);
      const to = Number(body[toField]);
      if (to < from)
        throw new HttpError(400, MESSAGES.invalid, [
          { field: toField, message: `deve essere maggiore o uguale a ${from}` },
        ]);
      const rows = await bandsExcept(ctx.db, ctx.resource(typeName).model.table, fromField, toField, id);
      const clash = rows.find((r) => rangesOverlap({ from, to }, r));
      if (clash) throw new HttpError(409, `L'intervallo si sovrappone a quello da ${clash.from} a ${clash.to}`);
    },
  };
}

/** The offer configuration's rules: bands that may not overlap, one default insurance. */
export const offerRules: WriteRules = {
  TransportPrice: noOverlap('TransportPrice', 'minFrom', 'minTo'),
  TransportIncreaseDuration: noOverlap('TransportIncreaseDuration', 'durationFrom', 'durationTo'),
  TransportIncreaseScore: noOverlap('TransportIncreaseScore', 'scoreFrom', 'scoreTo'),
  // Only one insurance is the default one: choosing another takes the flag away from the old.
  Insurance: {
    async after(ctx, saved) {
      if (saved.defaultInsurance === true) await clearOtherDefaultInsurances(ctx.db, saved.id);
    },
  },
};
