import { historyActorItem, historyEventItem } from '../../crud/history.ts';
import type { DannoSegnato, EarlierMark, PreviousReading } from '../../../domain/acceptance/index.ts';
import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import type { TipoControllo } from '../../../../generated/entities.ts';
import type { AppContext, RecordOf } from '../../context.ts';
import { toRecord, type Row } from '../../crud/crudRepository.ts';
import type { Queryable } from '../../db/Db.ts';
import { activeUsersWithAnyRole, displayName, personOf } from '../users/index.ts';

const TABLE = '"accettazioneMezzo"';
/** The most earlier marks the wizard and the PDF show (the contract's bound). */
const MAX_EARLIER_MARKS = 200;

export interface Repair {
  indice: number;
  data: string;
  autore: string;
  creato: string;
}
const STAGED = '"accettazioneMezzoFotoCaricata"';

/** Every file name an acceptance or a waiting photo holds, in one statement (a photo passes from one to the other). */
export const ACCEPTANCE_FILES = `SELECT firma FROM ${TABLE}
  UNION ALL SELECT f FROM ${TABLE} a CROSS JOIN LATERAL jsonb_array_elements_text(
    CASE WHEN jsonb_typeof(a.foto) = 'array' THEN a.foto ELSE '[]'::jsonb END) f
  UNION ALL SELECT file FROM ${STAGED}`;

const model = (ctx: AppContext) => ctx.resource('AccettazioneMezzo').model;

export type Acceptance = RecordOf<'AccettazioneMezzo'>;
/** A stored row as the API shows it: the table was built from the same schema (as the generic repository does). */
const record = (ctx: AppContext, row: Row) => toRecord(model(ctx), row) as Acceptance;

export const acceptanceRepository = {
  async byKey(ctx: AppContext, key: string): Promise<{ record: Acceptance; creatoDa: number | null } | null> {
    const { rows } = await ctx.db.query<Row>(`SELECT * FROM ${TABLE} WHERE "chiaveIdempotenza" = $1`, [key]);
    const row = rows[0];
    return row ? { record: record(ctx, row), creatoDa: (row.creatoDa as number | null) ?? null } : null;
  },

  async raw(ctx: AppContext, id: number): Promise<Row | undefined> {
    return (await ctx.db.query<Row>(`SELECT * FROM ${TABLE} WHERE id = $1`, [id])).rows[0];
  },

  /** The last acceptance of the same machine (serial numbers compared without case). */
  async lastOf(ctx: AppContext, matricole: string): Promise<Acceptance | null> {
    const { rows } = await ctx.db.query<Row>(
      `SELECT * FROM ${TABLE} WHERE lower(matricole) = lower($1) ORDER BY "dataAccettazione" DESC, id DESC LIMIT 1`,
      [matricole.trim()],
    );
    return rows[0] ? record(ctx, rows[0]) : null;
  },

  previousReading: (last: Acceptance | null): PreviousReading | null =>
    last ? { km: last.km ?? null, ore: last.ore ?? null, dataAccettazione: last.dataAccettazione } : null,

  async controlTypes(ctx: AppContext): Promise<Pick<TipoControllo, 'id' | 'nome' | 'tipo' | 'valori'>[]> {
    const rows = await ctx.resource('TipoControllo').repo.where({}, { orderBy: ['nome'], limit: 1000 });
    return rows.map(({ id, nome, tipo, valori }) => ({ id, nome, tipo, valori: valori ?? undefined }));
  },

  async user(ctx: AppContext, id: number): Promise<{ id: number; nome: string; active: boolean } | null> {
    const u = await personOf(ctx.db, id);
    return u ? { id: u.id, nome: displayName(u), active: u.active === 'true' } : null;
  },

  /** Active users with an acceptance role: whom a supervisor may choose as operator. */
  operators: (ctx: AppContext) => activeUsersWithAnyRole(ctx.db, ROLE_GROUPS.accettazione),

  async insert(tx: Queryable, values: Row): Promise<Row | undefined> {
    const entries = Object.entries(values).map(
      ([k, v]) => [k, v !== null && typeof v === 'object' ? JSON.stringify(v) : v] as const,
    );
    const { rows } = await tx.query<Row>(
      `INSERT INTO ${TABLE} (${entries.map(([k]) => `"${k}"`).join(', ')})
       VALUES (${entries.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT ("chiaveIdempotenza") DO NOTHING RETURNING *`,
      entries.map(([, v]) => v),
    );
    return rows[0];
  },

  async addAddendum(ctx: AppContext, id: number, addendum: { testo: string; autore: string; creato: string }) {
    const params: unknown[] = [id, JSON.stringify([addendum])];
    const event = historyEventItem(params, {
      resource: 'accettazioneMezzo',
      id,
      event: 'aggiunta',
      note: addendum.testo,
    });
    const { rows } = await ctx.db.query<Row>(
      `UPDATE ${TABLE} SET addenda = COALESCE(addenda, '[]'::jsonb) || $2::jsonb WHERE id = $1
       RETURNING *, ${historyActorItem(params)}, ${event}`,
      params,
    );
    return rows[0] ? record(ctx, rows[0]) : null;
  },

  toRecord: record,

  /**
   * The damage marked on earlier acceptances of the same machine (serial numbers without case), oldest first, with
   * the date each was repaired: of the last 50 acceptances with marks, at most 200 marks (the most recent).
   * `before`: only acceptances stored before that one (its PDF).
   */
  async earlierMarks(ctx: AppContext, matricole: string, before?: number): Promise<EarlierMark[]> {
    const { rows } = await ctx.db.query<Row>(
      `SELECT id, "dataAccettazione", "danniSegnati", riparazioni FROM ${TABLE}
        WHERE lower(matricole) = lower($1) AND ($2::int IS NULL OR id < $2)
          AND jsonb_typeof("danniSegnati") = 'array' AND jsonb_array_length("danniSegnati") > 0
        ORDER BY "dataAccettazione" DESC, id DESC LIMIT 50`,
      [matricole.trim(), before ?? null],
    );
    const marks = rows.reverse().flatMap((row) => {
      const repairs = new Map(((row.riparazioni as Repair[] | null) ?? []).map((r) => [r.indice, r.data]));
      return ((row.danniSegnati as DannoSegnato[] | null) ?? []).map(
        ({ foto: _photos, ...mark }, indice): EarlierMark => ({
          ...mark,
          accettazioneId: Number(row.id),
          dataAccettazione: String(row.dataAccettazione),
          indice,
          riparatoIl: repairs.get(indice) ?? null,
        }),
      );
    });
    return marks.slice(-MAX_EARLIER_MARKS);
  },

  /** Marks mark n of an acceptance repaired, once: null when there is no such mark or it is already repaired. */
  async addRepair(ctx: AppContext, id: number, repair: Repair): Promise<Acceptance | null> {
    const params: unknown[] = [id, JSON.stringify([repair]), repair.indice];
    const { rows } = await ctx.db.query<Row>(
      `UPDATE ${TABLE} SET riparazioni = COALESCE(riparazioni, '[]'::jsonb) || $2::jsonb
        WHERE id = $1 AND jsonb_typeof("danniSegnati") = 'array' AND jsonb_array_length("danniSegnati") > $3
          AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(riparazioni, '[]'::jsonb)) r
                           WHERE (r->>'indice')::int = $3)
        RETURNING *, ${historyActorItem(params)}`,
      params,
    );
    return rows[0] ? record(ctx, rows[0]) : null;
  },

  async stagedFile(ctx: AppContext, userId: number, sha256: string): Promise<string | null> {
    const { rows } = await ctx.db.query<{ file: string }>(
      `SELECT file FROM ${STAGED} WHERE "creatoDa" = $1 AND sha256 = $2`,
      [userId, sha256],
    );
    return rows[0]?.file ?? null;
  },
  async stagedCount(ctx: AppContext, userId: number): Promise<number> {
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${STAGED} WHERE "creatoDa" = $1`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  },
  /** Keeps an uploaded photo; false when the same user already sent the same bytes. */
  async stage(tx: Queryable, userId: number, sha256: string, file: string): Promise<boolean> {
    const { rows } = await tx.query(
      `INSERT INTO ${STAGED} (sha256, "creatoDa", file) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING sha256`,
      [sha256, userId, file],
    );
    return rows.length > 0;
  },
  /** A photo whose file went missing is sent again: the new file replaces it. */
  async restage(tx: Queryable, userId: number, sha256: string, file: string): Promise<void> {
    await tx.query(`UPDATE ${STAGED} SET file = $3, created = now() WHERE "creatoDa" = $1 AND sha256 = $2`, [
      userId,
      sha256,
      file,
    ]);
  },
  /** An acceptance takes its photos: they are no longer waiting. */
  async unstage(tx: Queryable, userId: number, hashes: readonly string[]): Promise<void> {
    if (hashes.length)
      await tx.query(`DELETE FROM ${STAGED} WHERE "creatoDa" = $1 AND sha256 = ANY($2::text[])`, [userId, [...hashes]]);
  },
};
