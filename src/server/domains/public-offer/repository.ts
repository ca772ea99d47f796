import type { components } from '../../../../generated/api.ts';
import type { AppContext } from '../../context.ts';
import { repositoryOn } from '../../crud/crudRepository.ts';
import type { Queryable } from '../../db/Db.ts';
import { personOf } from '../users/index.ts';

export type PublicOffer = components['schemas']['PublicOffer'];
export type PublicOfferOption = components['schemas']['PublicOfferOption'];
export type OffertaCliente = components['schemas']['OffertaCliente'];
export type CustomerEvent = OffertaCliente['eventi'][number]['evento'];

export { customerSideOf as customerSide, type CustomerSide } from '../negotiations/index.ts';

export interface Acceptance {
  numero: string;
  hash: string;
  accettataIl: string;
  firmatario: string;
  indirizzo: string;
  browser: string;
  assicurazioneTipo: string | null;
  prezzi: PublicOfferOption['figures'];
  pdfPath: string;
  pdfSha256: string;
}

export async function acceptanceOf(db: Queryable, negotiationId: number): Promise<Acceptance | undefined> {
  const { rows } = await db.query<Acceptance & { accettataIl: Date | string }>(
    `SELECT numero, hash, "accettataIl", firmatario, indirizzo, browser, "assicurazioneTipo", prezzi, "pdfPath", "pdfSha256"
     FROM "offertaClienteAccettazione" WHERE "trattativaCpId" = $1`,
    [negotiationId],
  );
  const row = rows[0];
  return row ? { ...row, accettataIl: new Date(row.accettataIl).toISOString() } : undefined;
}

export async function insertAcceptance(db: Queryable, negotiationId: number, a: Acceptance): Promise<void> {
  await db.query(
    `INSERT INTO "offertaClienteAccettazione" ("trattativaCpId", numero, hash, "accettataIl", firmatario, indirizzo,
       browser, "assicurazioneTipo", prezzi, "pdfPath", "pdfSha256")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
    [
      negotiationId,
      a.numero,
      a.hash,
      a.accettataIl,
      a.firmatario,
      a.indirizzo,
      a.browser,
      a.assicurazioneTipo,
      JSON.stringify(a.prezzi),
      a.pdfPath,
      a.pdfSha256,
    ],
  );
}

export interface Visitor {
  ip: string;
  userAgent: string;
}

export async function recordEvent(
  db: Queryable,
  negotiationId: number,
  evento: CustomerEvent,
  at: Date,
  visitor: Visitor | null,
  dettaglio: string | null = null,
): Promise<void> {
  await db.query(
    `INSERT INTO "offertaClienteEvento" ("trattativaCpId", evento, at, indirizzo, browser, dettaglio)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [negotiationId, evento, at.toISOString(), visitor?.ip ?? null, visitor?.userAgent ?? null, dettaglio],
  );
}

/** Whether this event was recorded for the negotiation since `since` (a view or a request is not repeated). */
export async function recordedSince(
  db: Queryable,
  negotiationId: number,
  evento: CustomerEvent,
  since: Date,
  ip?: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM "offertaClienteEvento" WHERE "trattativaCpId" = $1 AND evento = $2 AND at > $3
       AND ($4::text IS NULL OR indirizzo = $4) LIMIT 1`,
    [negotiationId, evento, since.toISOString(), ip ?? null],
  );
  return rows.length > 0;
}

export async function eventsOf(db: Queryable, negotiationId: number): Promise<OffertaCliente['eventi']> {
  const { rows } = await db.query<OffertaCliente['eventi'][number] & { at: Date | string }>(
    `SELECT evento, at, indirizzo, browser, dettaglio FROM "offertaClienteEvento"
     WHERE "trattativaCpId" = $1 ORDER BY at DESC, id DESC LIMIT 200`,
    [negotiationId],
  );
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

/** The company's sender address, shown to the customer to write to. */
export async function companyEmail(ctx: AppContext): Promise<string | null> {
  return (await ctx.resource('AltraConfigurazione').repo.single())?.emailMittente || null;
}

export interface InsuranceRow {
  code: string;
  name: string;
  description: string | null;
  percentage: number;
}

/** The insurances the customer may choose from (at most 20, the default first). */
export async function insurances(ctx: AppContext, db: Queryable): Promise<InsuranceRow[]> {
  const rows = await repositoryOn(db, ctx.resource('Insurance')).where(
    {},
    { orderBy: [{ field: 'defaultInsurance', descending: true }, 'percentage', 'code'], limit: 20 },
  );
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    description: r.description ?? null,
    percentage: r.percentage,
  }));
}

export async function lostReasons(ctx: AppContext): Promise<PublicOffer['motiviPerse']> {
  const rows = await ctx.resource('MotivoPerso').repo.where({}, { orderBy: ['ordinamento'], limit: 100 });
  return rows.map((r) => ({ id: r.id, description: r.description || `Motivo ${r.id}` }));
}

/** One lost reason, if it exists. */
export async function lostReason(ctx: AppContext, db: Queryable, id: number) {
  return repositoryOn(db, ctx.resource('MotivoPerso')).first({ id });
}

/** Offer statuses read to find one by its description (the table holds a handful). */
const OFFER_STATUSES_LIMIT = 1000;

/** The offer status of this description ("Accettata", "Persa"), case aside, if the table has one. */
export async function offerStatusId(ctx: AppContext, db: Queryable, description: string): Promise<number | null> {
  const statuses = await repositoryOn(db, ctx.resource('StatoOfferta')).where({}, { limit: OFFER_STATUSES_LIMIT });
  return statuses.find((s) => s.description.toLowerCase() === description.toLowerCase())?.id ?? null;
}

/** Who follows the negotiation for the customer: its operator's id and e-mail. */
export async function salespersonOf(
  db: Queryable,
  operatoreId: number | null,
): Promise<{ id: number; email: string | null } | null> {
  const user = operatoreId ? await personOf(db, operatoreId) : undefined;
  return user ? { id: user.id, email: user.email } : null;
}

/** The first key of the advisory lock taken on a negotiation while its reminder is recorded. */
const REMINDER_LOCK_CLASS = 0x50524f;

/** The reminders already recorded in the history of each of these negotiations ("number:days" each). */
export async function remindersSent(db: Queryable, negotiationIds: number[]): Promise<Map<number, (string | null)[]>> {
  if (negotiationIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; sent: (string | null)[] }>(
    `SELECT "trattativaCpId" AS id, array_agg(dettaglio) AS sent FROM "offertaClienteEvento"
     WHERE "trattativaCpId" = ANY($1::int[]) AND evento = 'promemoria' GROUP BY "trattativaCpId"`,
    [negotiationIds],
  );
  return new Map(rows.map((r) => [Number(r.id), r.sent]));
}

/**
 * Whether this reminder is already in the negotiation's history; holds the negotiation's reminder lock until
 * the transaction ends (every server process looks for reminders: the one that records it first sends it).
 */
export async function reminderRecorded(tx: Queryable, negotiationId: number, detail: string): Promise<boolean> {
  await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [REMINDER_LOCK_CLASS, negotiationId]);
  const { rows } = await tx.query(
    `SELECT 1 FROM "offertaClienteEvento" WHERE "trattativaCpId" = $1 AND evento = 'promemoria' AND dettaglio = $2`,
    [negotiationId, detail],
  );
  return rows.length > 0;
}

/** The signed PDFs the acceptances still name (what the sweep at start keeps). */
export const SIGNED_PDFS_SQL = `SELECT "pdfPath" FROM "offertaClienteAccettazione"`;
