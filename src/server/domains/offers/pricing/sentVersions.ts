import { createHash } from 'node:crypto';
import { offerFingerprint, type OfferInput, type PricedOffer } from '../../../../domain/pricing/index.ts';
import type { Queryable } from '../../../db/Db.ts';

/** What the PDF prints beside the figures, frozen with the version (a later edit of the negotiation does not change it). */
export interface OfferHeader {
  customer: {
    ragioneSociale: string;
    partitaIva: string | null;
    contatto: string | null;
    email: string | null;
    telefono: string | null;
  };
  /** The site: its address and town as the negotiation had them. */
  site: { address: string | null; town: string | null };
  branch: { name: string; address: string | null } | null;
  resourceGroup: { code: string; description: string };
  /** The rental dates when the offer gives them. */
  period: { from: string | null; to: string | null };
  /** Last day the offer may be confirmed (giorniValiditaOfferta after the send), YYYY-MM-DD. */
  validUntil: string;
  note: string | null;
  /** Who sent it: name and e-mail, for the customer's questions. */
  sender: { name: string | null; email: string | null };
}

/** A sent, frozen version of a negotiation's offer (a row of `offer`). */
export interface SentVersion {
  /** 1, 2, … within the negotiation. */
  version: number;
  /** `OFF-2026-000123` */
  number: string;
  sentAt: string;
  sentBy: string | null;
  /** SHA-256 (hex) of `offerFingerprint({ input, result })`. */
  hash: string;
  input: OfferInput;
  result: PricedOffer;
  header: OfferHeader;
}

/** The JSON kept in `offer.snapshot`. */
export interface VersionSnapshot {
  input: OfferInput;
  result: PricedOffer;
  header: OfferHeader;
}

/** The hash of a version: anyone holding its input and result can recompute it. */
export function versionHash(input: OfferInput, result: PricedOffer): string {
  return createHash('sha256').update(offerFingerprint({ input, result }), 'utf8').digest('hex');
}

interface VersionRow {
  versione: number;
  numeroDocumento: string;
  created: Date | string;
  inviataDa: string | null;
  hash: string;
  snapshot: string;
}

function toVersion(row: VersionRow): SentVersion {
  const snapshot = JSON.parse(row.snapshot) as VersionSnapshot;
  return {
    version: Number(row.versione),
    number: row.numeroDocumento,
    sentAt: new Date(row.created).toISOString(),
    sentBy: row.inviataDa,
    hash: row.hash,
    ...snapshot,
  };
}

const VERSION_COLUMNS = `versione, "numeroDocumento", created, "inviataDa", hash, snapshot`;

/** Every sent version of a negotiation's offer, oldest first. */
export async function sentVersions(db: Queryable, negotiationId: number): Promise<SentVersion[]> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM "offer" WHERE "trattativaCpId" = $1 ORDER BY versione LIMIT 1000`,
    [negotiationId],
  );
  return rows.map(toVersion);
}

/** One sent version of a negotiation's offer, or null. */
export async function sentVersion(db: Queryable, negotiationId: number, version: number): Promise<SentVersion | null> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM "offer" WHERE "trattativaCpId" = $1 AND versione = $2`,
    [negotiationId, version],
  );
  return rows[0] ? toVersion(rows[0]) : null;
}

/** The last version sent to the customer (what the public page shows and the customer confirms), or null. */
export async function latestSentVersion(db: Queryable, negotiationId: number): Promise<SentVersion | null> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM "offer" WHERE "trattativaCpId" = $1 ORDER BY versione DESC LIMIT 1`,
    [negotiationId],
  );
  return rows[0] ? toVersion(rows[0]) : null;
}
