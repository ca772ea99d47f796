import { rangesOverlap } from '../../../domain/ranges.ts';
import { quote } from '../../crud/entityModel.ts';
import { HttpError, MESSAGES } from '../../httpError.ts';
import type { WriteRule } from '../../crud/writeRules.ts';

/** Price and increase tables are bands: a new band may not overlap another (SPEC.md, offer configuration). */
function noOverlap(typeName: string, fromField: string, toField: string): WriteRule {
  return {
    async before(ctx, body, id) {
      const from = Number(body[fromField]);
      const to = Number(body[toField]);
      if (to < from)
        throw new HttpError(400, MESSAGES.invalid, [
          { field: toField, message: `deve essere maggiore o uguale a ${from}` },
        ]);
      const { table } = ctx.resource(typeName).model;
      const { rows } = await ctx.db.query<{ id: number; from: number; to: number }>(
        `SELECT id, ${quote(fromField)} AS "from", ${quote(toField)} AS "to" FROM ${quote(table)} WHERE id <> $1`,
        [id ?? 0],
      );
      const clash = rows.find((r) => rangesOverlap({ from, to }, r));
      if (clash) throw new HttpError(409, `L'intervallo si sovrappone a quello da ${clash.from} a ${clash.to}`);
    },
  };
}

/** The offer configuration's rules: bands that may not overlap, one default insurance. */
export const offerRules: Record<string, WriteRule> = {
  TransportPrice: noOverlap('TransportPrice', 'minFrom', 'minTo'),
  TransportIncreaseDuration: noOverlap('TransportIncreaseDuration', 'durationFrom', 'durationTo'),
  TransportIncreaseScore: noOverlap('TransportIncreaseScore', 'scoreFrom', 'scoreTo'),
  // Only one insurance is the default one: choosing another takes the flag away from the old.
  Insurance: {
    async after(ctx, saved) {
      if (saved.defaultInsurance === true)
        await ctx.db.query(
          `UPDATE "insurance" SET "defaultInsurance" = false, version = version + 1 WHERE id <> $1 AND "defaultInsurance"`,
          [saved.id],
        );
    },
  },
};
