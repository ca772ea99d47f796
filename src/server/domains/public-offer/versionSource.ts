import type { OfferPricing, OfferPricingInput } from '../../../domain/pricing/index.ts';
import type { Queryable } from '../../db/Db.ts';

/** An offer version as it was sent to the customer: frozen input, the engine's result, its number and hash. */
export interface SentOfferVersion {
  number: string;
  sentAt: string;
  hash: string;
  input: OfferPricingInput;
  result: OfferPricing;
}

// Until the offers domain (issue 15) freezes versions on send, the versions are read from this table.
export const VERSION_STUB_SQL = [
  `CREATE TABLE IF NOT EXISTS "publicOfferVersionStub" (
     "trattativaCpId" integer NOT NULL, number text NOT NULL, "sentAt" timestamptz NOT NULL,
     hash text NOT NULL, input jsonb NOT NULL, result jsonb NOT NULL)`,
];

/** The latest version of a negotiation's offer sent to the customer, or none. */
export async function latestVersion(db: Queryable, negotiationId: number): Promise<SentOfferVersion | null> {
  const { rows } = await db.query<SentOfferVersion & { sentAt: Date | string }>(
    `SELECT number, "sentAt", hash, input, result FROM "publicOfferVersionStub"
     WHERE "trattativaCpId" = $1 ORDER BY "sentAt" DESC, number DESC LIMIT 1`,
    [negotiationId],
  );
  const row = rows[0];
  return row ? { ...row, sentAt: new Date(row.sentAt).toISOString() } : null;
}
