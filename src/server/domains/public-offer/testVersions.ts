import { createHash } from 'node:crypto';
import { offerFingerprint, priceOffer, type OfferPricingInput } from '../../../domain/pricing/index.ts';
import type { Queryable } from '../../db/Db.ts';
import type { SentOfferVersion } from './versionSource.ts';

/** Freezes a version as the send of an offer does (tests only, until the offers domain freezes them). */
export async function freezeVersion(
  db: Queryable,
  negotiationId: number,
  input: OfferPricingInput,
  number: string,
  sentAt: Date = new Date(),
): Promise<SentOfferVersion> {
  const result = priceOffer(input);
  const hash = createHash('sha256').update(offerFingerprint({ input, result })).digest('hex');
  await db.query(
    `INSERT INTO "publicOfferVersionStub" ("trattativaCpId", number, "sentAt", hash, input, result)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
    [negotiationId, number, sentAt.toISOString(), hash, JSON.stringify(input), JSON.stringify(result)],
  );
  return { number, sentAt: sentAt.toISOString(), hash, input, result };
}
