import { priceOffer, type OfferPricingInput } from '../../../domain/pricing/index.ts';
import { offerValidUntil } from '../../../domain/calendar/offerValidity.ts';
import type { Queryable } from '../../db/Db.ts';
import { versionHash, type OfferHeader, type SentVersion } from '../offers/versions.ts';

/**
 * Freezes a version as the send of an offer does (a row of `offer` with its snapshot), for tests that start
 * from an offer already sent to the customer.
 */
export async function freezeVersion(
  db: Queryable,
  negotiationId: number,
  input: OfferPricingInput,
  number: string,
  sentAt: Date = new Date(),
  validityDays = 30,
): Promise<SentVersion> {
  const result = priceOffer(input);
  const hash = versionHash(input, result);
  const header: OfferHeader = {
    customer: {
      ragioneSociale: 'Edilizia Brambilla S.r.l.',
      partitaIva: '00743110157',
      contatto: 'Paolo Brambilla',
      email: 'paolo@brambilla.it',
      telefono: null,
    },
    site: { address: 'Via Roma 1', town: 'Bergamo' },
    branch: null,
    resourceGroup: { code: input.resourceGroup ?? 'PLT12', description: 'Piattaforma aerea 12 m' },
    period: 'from' in input.duration ? { from: input.duration.from, to: input.duration.to } : { from: null, to: null },
    validUntil: offerValidUntil(sentAt, validityDays),
    note: null,
    sender: { name: 'Venditore CP', email: 'venditore@rossinoleggi.it' },
  };
  const { rows } = await db.query<{ next: number }>(
    `SELECT COALESCE(MAX(versione), 0) + 1 AS next FROM "offer" WHERE "trattativaCpId" = $1`,
    [negotiationId],
  );
  const version = Number(rows[0]?.next ?? 1);
  await db.query(
    `INSERT INTO "offer" ("trattativaCpId", versione, "numeroDocumento", created, "inviataDa", hash, snapshot, "ragioneSociale")
     VALUES ($1, $2, $3, $4, 'venditore.cp', $5, $6, $7)`,
    [
      negotiationId,
      version,
      number,
      sentAt.toISOString(),
      hash,
      JSON.stringify({ input, result, header }),
      header.customer.ragioneSociale,
    ],
  );
  return { version, number, sentAt: sentAt.toISOString(), sentBy: 'venditore.cp', hash, input, result, header };
}
