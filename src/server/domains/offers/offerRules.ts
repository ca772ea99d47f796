import { rangesOverlap } from '../../../domain/ranges.ts';
import type { AppWriteRule, ResourceTypeName, WriteRules } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';

/** Rows a rule reads of a configuration table at most (as many bands as an offer's pricing reads). */
const LOOKUP_LIMIT = 1000;

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
      const bands = await ctx.resource(typeName).repo.where({}, { limit: LOOKUP_LIMIT });
      const clash = bands
        .filter((band) => band.id !== id)
        .map((band: Record<string, unknown>) => ({ from: Number(band[fromField]), to: Number(band[toField]) }))
        .find((band) => rangesOverlap({ from, to }, band));
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
      if (saved.defaultInsurance !== true) return;
      const { repo } = ctx.resource('Insurance');
      for (const other of await repo.where({ defaultInsurance: true }, { limit: LOOKUP_LIMIT }))
        if (other.id !== saved.id) await repo.update(other.id, { defaultInsurance: false });
    },
  },
};
