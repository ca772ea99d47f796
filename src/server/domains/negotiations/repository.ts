import { randomBytes } from 'node:crypto';
import { isLostStatus } from '../../../domain/negotiations/lostStatus.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import type { AppContext } from '../../context.ts';
import type { Row } from '../../crud/crudRepository.ts';
import { historyActorItem, historyEventItem } from '../../crud/history.ts';
import type { Queryable, Transaction } from '../../db/Db.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { activeUserIdsSeeing, fullNamesOf } from '../users/index.ts';
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

/** The stored paths of every negotiation's attachments (what the sweep at start keeps). */
export const ATTACHMENT_PATHS_SQL = `SELECT a->>'path' FROM "trattativaCp" t CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(t.allegati) = 'array' THEN t.allegati ELSE '[]'::jsonb END) a`;

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
  const column = `"${flag.replace(/"/g, '')}"`;
  const params: unknown[] = [id];
  const { rows } = await db.query<Row>(
    `UPDATE "trattativaCp" SET ${column} = true WHERE id = $1 RETURNING *, ${historyActorItem(params)}`,
    params,
  );
  return rows[0];
}

/** Active users who see a negotiation: those of SEES_ALL, its operator and the members of its CRM group. */
const watchersOf = (db: Queryable, row: Row) =>
  activeUserIdsSeeing(db, SEES_ALL, Number(row.operatoreId ?? 0), Number(row.gruppoCrmId ?? 0));

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
  ctx: AppContext,
  viewer: Viewer,
  vat: string,
  exceptId: number | null,
): Promise<SameVat[]> {
  const where = visibleSql(viewer, 3, 't.');
  const { rows } = await ctx.db.query<
    Omit<SameVat, 'stato' | 'operatore'> & {
      operatoreId: number | null;
      archiviata: string;
      acceptedByCustomer: string | null;
      statoTrattativaId: number | null;
    }
  >(
    `SELECT t.id, COALESCE(t."ragioneSociale", '') AS "ragioneSociale", t."dataInserimento",
       t."operatoreId",
       ${where.sql} AS accessibile, t.archiviata, t."acceptedByCustomer", t."statoTrattativaId",
       (v."trattativaCpId" IS NOT NULL) AS vista
     FROM "trattativaCp" t
       LEFT JOIN "trattativaCpPartitaIvaVista" v
         ON v."trattativaCpId" = $2 AND v."altraTrattativaCpId" = t.id AND v."partitaIva" = t."partitaIva"
     WHERE t."partitaIva" = $1 AND t.id <> $2
     ORDER BY (t.archiviata = 'Y'), t.id DESC LIMIT 200`,
    [vat, exceptId ?? 0, ...where.params],
  );
  const order = { aperta: 0, persa: 1, archiviata: 2 };
  const idsOf = (key: 'operatoreId' | 'statoTrattativaId') => [...new Set(rows.flatMap((r) => r[key] ?? []))];
  const [operators, states] = await Promise.all([
    fullNamesOf(ctx.db, idsOf('operatoreId')),
    ctx.resource('StatoTrattativa').repo.where({ id: idsOf('statoTrattativaId') }, { limit: 200 }),
  ]);
  return rows
    .map(({ archiviata, acceptedByCustomer, statoTrattativaId, operatoreId, ...r }): SameVat => {
      const status = states.find((s) => s.id === statoTrattativaId);
      const lost = acceptedByCustomer === 'N' || isLostStatus(status);
      const operatore = (operatoreId && operators.get(operatoreId)) || null;
      return { ...r, operatore, stato: archiviata === 'Y' ? 'archiviata' : lost ? 'persa' : 'aperta' };
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

/** A fresh document token: 192 random bits, base64url. */
export const documentTokenValue = () => randomBytes(24).toString('base64url');

/** The negotiation whose current document token this is, or none. */
export async function negotiationWithDocumentToken(db: Queryable, code: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM "trattativaCp" WHERE "documentToken" = $1 LIMIT 1`, [
    code,
  ]);
  return rows[0]?.id;
}

/**
 * A new document token for a negotiation (192 random bits, base64url): it replaces the previous
 * one, so a link sent before stops opening the offer. The token is no field of the form, so the
 * version stays: the page that asked for it right after saving can still save again.
 */
export async function newDocumentToken(db: Queryable, negotiationId: number): Promise<string> {
  const token = documentTokenValue();
  const { rows } = await db.query(`UPDATE "trattativaCp" SET "documentToken" = $1 WHERE id = $2 RETURNING id`, [
    token,
    negotiationId,
  ]);
  if (!rows[0]) throw notFound();
  return token;
}

/** The negotiation's document token, made now if it has none yet. */
export async function ensureDocumentToken(db: Queryable, negotiationId: number): Promise<string> {
  const { rows } = await db.query<{ documentToken: string | null }>(
    `SELECT "documentToken" FROM "trattativaCp" WHERE id = $1`,
    [negotiationId],
  );
  if (!rows[0]) throw notFound();
  return rows[0].documentToken?.trim() || newDocumentToken(db, negotiationId);
}

/**
 * Sets the customer's answer on the negotiation; a new version, so a salesperson's open form cannot overwrite it.
 * Changed now by nobody on the staff: a stale save then does not name the last colleague.
 */
export async function setCustomerAnswer(tx: Transaction, id: number, fields: Record<string, unknown>): Promise<Row> {
  const names = Object.keys(fields);
  const params: unknown[] = [id, ...names.map((n) => fields[n])];
  const { rows } = await tx.query<Row>(
    `UPDATE "trattativaCp" SET ${names.map((n, i) => `"${n.replace(/"/g, '')}" = $${i + 2}`).join(', ')}, version = version + 1,
       updated = now(), updater = NULL
     WHERE id = $1 RETURNING *, ${historyEventItem(params, { resource: 'trattativaCp', id, event: 'risposta' })}`,
    params,
  );
  return rows[0] as Row;
}

/** The customer opened the offer page: the offer counts as seen (and sent), once. The row when this changed it. */
export async function markOfferSeen(tx: Queryable, id: number): Promise<Row | undefined> {
  const { rows } = await tx.query<{ id: number; viewed: boolean | null }>(
    `SELECT id, "bozzaOffertaVisualizzata" AS viewed FROM "trattativaCp" WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!rows[0] || rows[0].viewed) return undefined;
  const updated = await tx.query<Row>(
    `UPDATE "trattativaCp" SET "bozzaOffertaVisualizzata" = true, "offertaInviata" = true WHERE id = $1 RETURNING *`,
    [id],
  );
  return updated.rows[0];
}

/** Whether each of these negotiations is archived ('Y'/'N'). */
export async function archivedFlags(db: Queryable, ids: number[]): Promise<Map<number, 'Y' | 'N'>> {
  const { rows } = await db.query<{ id: number; archiviata: 'Y' | 'N' | null }>(
    `SELECT id, archiviata FROM "trattativaCp" WHERE id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.archiviata ?? 'N']));
}

/** The SQL of a negotiation's archived flag ('Y'/'N'), for a row whose negotiation id is the column given. */
export const archivedFlagSql = (negotiationIdColumn: string) =>
  `COALESCE((SELECT t.archiviata FROM "trattativaCp" t WHERE t.id = ${negotiationIdColumn}), 'N')`;

/** The negotiation fields the public page and its answers use: nothing else is read for the customer. */
export interface CustomerSide {
  id: number;
  ragioneSociale: string | null;
  contatto: string | null;
  email: string | null;
  destinazioneCantiere: string | null;
  formattedAddress: string | null;
  acceptedByCustomer: string | null;
  operatoreId: number | null;
  documentToken: string | null;
}

export async function customerSideOf(db: Queryable, id: number, lock = false): Promise<CustomerSide | undefined> {
  const { rows } = await db.query<CustomerSide>(
    `SELECT id, "ragioneSociale", contatto, email, "destinazioneCantiere", "formattedAddress", "acceptedByCustomer",
       "operatoreId", "documentToken"
     FROM "trattativaCp" WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/** Negotiations whose phone number, digits only, is one of these (the newest first, at most 1000). */
export async function negotiationsWithPhones(
  db: Queryable,
  digits: string[],
): Promise<{ id: number; name: string; phone: string }[]> {
  const { rows } = await db.query<{ id: number; name: string; phone: string }>(
    `SELECT id, "ragioneSociale" AS name, telefono AS phone FROM "trattativaCp" WHERE regexp_replace(coalesce(telefono, ''), '[^0-9]', '', 'g') = ANY($1) ORDER BY id DESC LIMIT 1000`,
    [digits],
  );
  return rows;
}

/** Of these negotiations, the ones the customer has not answered yet that have an e-mail and a link to the offer. */
export async function awaitingAnswer(
  db: Queryable,
  ids: number[],
): Promise<{ id: number; email: string; contatto: string | null; documentToken: string }[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number; email: string; contatto: string | null; documentToken: string }>(
    `SELECT id, email, contatto, "documentToken" FROM "trattativaCp"
     WHERE id = ANY($1::int[]) AND COALESCE("acceptedByCustomer", '') NOT IN ('Y', 'N')
       AND COALESCE(email, '') <> '' AND COALESCE("documentToken", '') <> ''`,
    [ids],
  );
  return rows;
}
