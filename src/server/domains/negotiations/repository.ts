import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import type { AppContext } from '../../context.ts';
import type { Row } from '../../crud/crudRepository.ts';
import type { Queryable } from '../../db/Db.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { SEES_ALL, visibleSql, type Viewer } from './visibility.ts';

/** One attachment as stored in the negotiation's `allegati` (schemas/trattativa-cp-allegato.json). */
export interface Allegato {
  id: number;
  /** Where the file lives under DATA_DIR/files. */
  path: string;
  descrizione: string;
  /** The name the browser saves it under. */
  file: string;
}

/**
 * What the domain keeps beside the schemas' table: ids of attachments and the index of their lookup
 * (the list's and the calendar's indexes are declared in schemas/trattativa-cp.json, x-resource.indexes).
 */
export const NEGOTIATION_TABLES: readonly string[] = [
  `CREATE SEQUENCE IF NOT EXISTS "trattativaCpAllegato_id_seq"`,
  `CREATE INDEX IF NOT EXISTS "trattativaCp_allegati_idx" ON "trattativaCp" USING gin ("allegati" jsonb_path_ops)`,
];

export const notFound = () => new HttpError(404, MESSAGES.notFound);

/**
 * The stored negotiation if this viewer may see it, else 404 (never 403: whether someone else's
 * negotiation exists is not the caller's business). With `lock`, the row stays locked until tx ends.
 */
export async function visibleRow(db: Queryable, viewer: Viewer, id: number, lock = false): Promise<Row> {
  const where = visibleSql(viewer, 2);
  const { rows } = await db.query<Row>(
    `SELECT * FROM "trattativaCp" WHERE id = $1 AND ${where.sql}${lock ? ' FOR UPDATE' : ''}`,
    [id, ...where.params],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The negotiation holding an attachment, if this viewer sees it. */
export async function rowWithAttachment(db: Queryable, viewer: Viewer, attachmentId: number, lock = false) {
  const where = visibleSql(viewer, 2);
  const { rows } = await db.query<Row>(
    `SELECT * FROM "trattativaCp" WHERE allegati @> $1::jsonb AND ${where.sql}${lock ? ' FOR UPDATE' : ''}`,
    [JSON.stringify([{ id: attachmentId }]), ...where.params],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export const attachmentsOf = (row: Row): Allegato[] =>
  Array.isArray(row.allegati) ? (row.allegati as Allegato[]) : [];

/** New attachment ids, one per file. */
export async function nextAttachmentIds(db: Queryable, n: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT nextval('"trattativaCpAllegato_id_seq"')::int AS id FROM generate_series(1, $1::int)`,
    [n],
  );
  return rows.map((r) => r.id);
}

/**
 * Attachments and "sent" flags are not fields of the form (readOnly): changing them leaves the version
 * alone, so the salesperson's open form does not turn stale because a file was added or a mail left.
 */
export async function writeAttachments(db: Queryable, id: number, allegati: Allegato[]): Promise<void> {
  await db.query(`UPDATE "trattativaCp" SET allegati = $2::jsonb WHERE id = $1`, [id, JSON.stringify(allegati)]);
}

export async function setFlag(db: Queryable, id: number, flag: string): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(
    `UPDATE "trattativaCp" SET "${flag.replace(/"/g, '')}" = true WHERE id = $1 RETURNING *`,
    [id],
  );
  return rows[0];
}

/** Active users who see a negotiation: those of SEES_ALL, its operator and the members of its CRM group. */
async function watchersOf(db: Queryable, row: Row): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM "user" WHERE active = 'true'
       AND (roles ?| $1::text[] OR id = $2 OR "gruppiCrmIds" @> $3::jsonb)`,
    [SEES_ALL, row.operatoreId ?? 0, JSON.stringify([row.gruppoCrmId ?? 0])],
  );
  return rows.map((r) => r.id);
}

/**
 * Tells every open browser that may show this negotiation that it changed (the push hub, on each
 * watcher's own topic): a page holding an older version says so and offers to reload.
 */
export async function announce(
  ctx: AppContext,
  row: Row,
  event: 'updated' | 'deleted',
  by: Pick<StaffClaims, 'id' | 'name' | 'surname'> | null,
): Promise<void> {
  for (const userId of await watchersOf(ctx.db, row))
    await ctx.hub.publish(`/users/${userId}`, {
      entity: 'trattativaCp',
      event,
      entityId: Number(row.id),
      version: typeof row.version === 'number' ? row.version : null,
      userId: by?.id ?? null,
      byName: by ? `${by.name} ${by.surname}`.trim() : null,
    });
}

export interface SameVat {
  id: number;
  ragioneSociale: string;
  dataInserimento: string | null;
  operatore: string | null;
  accessibile: boolean;
}

/** Non-archived negotiations with this VAT number, newest first, each saying whether the viewer may open it. */
export async function negotiationsWithVat(
  db: Queryable,
  viewer: Viewer,
  vat: string,
  exceptId: number | null,
): Promise<SameVat[]> {
  const where = visibleSql(viewer, 3, 't.');
  const { rows } = await db.query<SameVat>(
    `SELECT t.id, COALESCE(t."ragioneSociale", '') AS "ragioneSociale", t."dataInserimento",
       NULLIF(TRIM(COALESCE(u.name, '') || ' ' || COALESCE(u.surname, '')), '') AS operatore,
       ${where.sql} AS accessibile
     FROM "trattativaCp" t LEFT JOIN "user" u ON u.id = t."operatoreId"
     WHERE t."partitaIva" = $1 AND COALESCE(t.archiviata, 'N') <> 'Y' AND t.id <> $2
     ORDER BY t.id DESC LIMIT 50`,
    [vat, exceptId ?? 0, ...where.params],
  );
  return rows;
}
