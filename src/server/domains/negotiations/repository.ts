import { isLostStatus } from '../../../domain/negotiations/lostStatus.ts';
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
  // Other negotiations with the same VAT number a user has seen and saved over: not asked about again.
  `CREATE TABLE IF NOT EXISTS "trattativaCpPartitaIvaVista" (
     "trattativaCpId" integer NOT NULL,
     "altraTrattativaCpId" integer NOT NULL,
     "partitaIva" text NOT NULL,
     "vistaDa" integer,
     "vistaIl" timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY ("trattativaCpId", "altraTrattativaCpId"))`,
  `CREATE INDEX IF NOT EXISTS "trattativaCpPartitaIvaVista_altra_idx" ON "trattativaCpPartitaIvaVista" ("altraTrattativaCpId")`,
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
  /** Open, lost (a lost status or declined by the customer) or archived. */
  stato: 'aperta' | 'persa' | 'archiviata';
  /** Already seen and saved over from the negotiation `exceptId`, with this same VAT number. */
  vista: boolean;
}

/**
 * The other negotiations with this VAT number, open ones first, then lost and archived ones, newest first within
 * each (at most 50), each saying whether the viewer may open it and whether it was already seen from `exceptId`.
 */
export async function negotiationsWithVat(
  db: Queryable,
  viewer: Viewer,
  vat: string,
  exceptId: number | null,
): Promise<SameVat[]> {
  const where = visibleSql(viewer, 3, 't.');
  const { rows } = await db.query<
    Omit<SameVat, 'stato'> & {
      archiviata: string;
      acceptedByCustomer: string | null;
      code: unknown;
      description: unknown;
    }
  >(
    `SELECT t.id, COALESCE(t."ragioneSociale", '') AS "ragioneSociale", t."dataInserimento",
       NULLIF(TRIM(COALESCE(u.name, '') || ' ' || COALESCE(u.surname, '')), '') AS operatore,
       ${where.sql} AS accessibile, t.archiviata, t."acceptedByCustomer", s.code, s.description,
       (v."trattativaCpId" IS NOT NULL) AS vista
     FROM "trattativaCp" t LEFT JOIN "user" u ON u.id = t."operatoreId"
       LEFT JOIN "statoTrattativa" s ON s.id = t."statoTrattativaId"
       LEFT JOIN "trattativaCpPartitaIvaVista" v
         ON v."trattativaCpId" = $2 AND v."altraTrattativaCpId" = t.id AND v."partitaIva" = t."partitaIva"
     WHERE t."partitaIva" = $1 AND t.id <> $2
     ORDER BY (t.archiviata = 'Y'), t.id DESC LIMIT 200`,
    [vat, exceptId ?? 0, ...where.params],
  );
  const order = { aperta: 0, persa: 1, archiviata: 2 };
  return rows
    .map(({ archiviata, acceptedByCustomer, code, description, ...r }): SameVat => {
      const lost = acceptedByCustomer === 'N' || isLostStatus({ code, description });
      return { ...r, stato: archiviata === 'Y' ? 'archiviata' : lost ? 'persa' : 'aperta' };
    })
    .sort((x, y) => order[x.stato] - order[y.stato] || y.id - x.id)
    .slice(0, 50);
}

/**
 * Records that the user saw these other negotiations with the same VAT number as `id` and saved anyway. Only
 * negotiations that have that VAT number now are recorded; any other id is refused by name, nothing stored.
 */
export async function acknowledgeSameVat(db: Queryable, id: number, vat: string, others: number[], userId: number) {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM "trattativaCp" WHERE id = ANY($1::int[]) AND "partitaIva" = $2 AND id <> $3`,
    [others, vat, id],
  );
  const found = new Set(rows.map((r) => r.id));
  const wrong = others.findIndex((o) => !found.has(o));
  if (wrong >= 0)
    throw new HttpError(400, MESSAGES.invalid, [
      {
        field: `trattative.${wrong}`,
        message: `La trattativa ${others[wrong]} non ha la partita IVA ${vat}`,
      },
    ]);
  await db.query(
    `INSERT INTO "trattativaCpPartitaIvaVista" ("trattativaCpId", "altraTrattativaCpId", "partitaIva", "vistaDa")
     SELECT $1, other, $2, $3 FROM unnest($4::int[]) AS other
     ON CONFLICT ("trattativaCpId", "altraTrattativaCpId")
     DO UPDATE SET "partitaIva" = EXCLUDED."partitaIva", "vistaDa" = EXCLUDED."vistaDa", "vistaIl" = now()`,
    [id, vat, userId, others],
  );
}
