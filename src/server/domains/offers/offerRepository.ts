import type { Queryable } from '../../db/Db.ts';
import type { SentVersion, VersionSnapshot } from './pricing/sentVersions.ts';

/** The next number of the year's offers: the row lock of the upsert makes two sends wait for each other. */
export async function nextNumberOfYear(tx: Queryable, year: number): Promise<number> {
  const { rows } = await tx.query<{ last: number }>(
    `INSERT INTO "offerNumber" (year, last) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last = "offerNumber".last + 1 RETURNING last`,
    [year],
  );
  return Number(rows[0]?.last ?? 1);
}

/** The last version sent of a negotiation's offer, 0 for none. */
export async function lastVersion(tx: Queryable, negotiationId: number): Promise<number> {
  const { rows } = await tx.query<{ v: number | null }>(
    `SELECT MAX(versione) AS v FROM "offer" WHERE "trattativaCpId" = $1`,
    [negotiationId],
  );
  return Number(rows[0]?.v ?? 0);
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

/** The latest sent version of a negotiation, by number and validity: what a reminder is about. */
export interface ExpiringVersion {
  trattativaCpId: number;
  numero: string;
  validUntil: string;
}

/**
 * The latest sent version of each negotiation after `after` (by id) whose validity ends between `from` and `to`,
 * by negotiation, at most `limit`: a page of what may be reminded of.
 */
export async function latestVersionsExpiringBetween(
  db: Queryable,
  from: string,
  to: string,
  after: number,
  limit: number,
): Promise<ExpiringVersion[]> {
  const { rows } = await db.query<ExpiringVersion>(
    `SELECT * FROM (
       SELECT DISTINCT ON ("trattativaCpId") "trattativaCpId", "numeroDocumento" AS numero,
         snapshot::jsonb #>> '{header,validUntil}' AS "validUntil"
       FROM "offer" WHERE "trattativaCpId" > $3
       ORDER BY "trattativaCpId", versione DESC) latest
     WHERE "validUntil" BETWEEN $1 AND $2
     ORDER BY "trattativaCpId" LIMIT $4`,
    [from, to, after, limit],
  );
  return rows.map((r) => ({ ...r, trattativaCpId: Number(r.trattativaCpId) }));
}

/** The last version sent to the customer (what the public page shows and the customer confirms), or null. */
export async function latestSentVersion(db: Queryable, negotiationId: number): Promise<SentVersion | null> {
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM "offer" WHERE "trattativaCpId" = $1 ORDER BY versione DESC LIMIT 1`,
    [negotiationId],
  );
  return rows[0] ? toVersion(rows[0]) : null;
}
