import type { CountEntry } from '../../../domain/inventory/counting.ts';
import type { ErpMachine } from '../../../domain/inventory/closingLists.ts';
import type { RecordOf } from '../../context.ts';
import type { Queryable } from '../../db/Db.ts';
import { historyEventItem } from '../../crud/history.ts';
import { branchIdsOf } from '../users/index.ts';

/** Tables of the generic layer (schemas/inventario-mezzi*.json); this workflow reads and writes them itself. */
const INV = '"inventarioMezzi"';
const ITEM = '"inventarioMezziItem"';
const STATO = '"inventarioMezziItemStato"';
const FILIALE = '"filialeInventario"';

/**
 * Not verified: no status, not added by hand and not moved between branches during the count (the "senza stato"
 * filter and counter).
 */
const UNVERIFIED = `(i."statusId" IS NULL AND i.manuale <> 'Y' AND i."trasferitoAId" IS NULL AND i."trasferitoDaId" IS NULL)`;
/** An anomaly: added by hand, a status that says the machine is not on the yard, or never counted once closed. */
const ANOMALY = `(i.manuale = 'Y' OR s.presente = false OR (v.concluso AND ${UNVERIFIED}))`;

const INVENTORY_SELECT = `
  SELECT v.id, v.version, v."filialeInventarioId", v.concluso, v.created, v."createdBy", v.updated, v."updatedBy",
         v."dataConclusione", v."conclusoDa",
         CASE WHEN v.concluso THEN 'Concluso' ELSE 'In corso' END AS status,
         json_build_object('id', f.id, 'nome', f.nome) AS "filialeInventario",
         f."codiceMago" AS "codiceMago",
         (SELECT count(*)::int FROM ${ITEM} i LEFT JOIN ${STATO} s ON s.id = i."statusId"
           WHERE i."idInventarioMezzi" = v.id AND ${ANOMALY}) AS anomalie
    FROM ${INV} v JOIN ${FILIALE} f ON f.id = v."filialeInventarioId"`;

export type InventoryRow = RecordOf<'InventarioMezzi'> & { id: number; concluso: boolean; codiceMago: string | null };
export type ItemRow = RecordOf<'InventarioMezziItem'> & { id: number };

const ITEM_COLUMNS = `i.id, i.version, i."idInventarioMezzi", i.manuale, i."statusId", s.description AS status, i.note,
  i."resourceMago", i.descrizione, i.zona, i."contatoDa", i."contatoIl",
  i."trasferitoAId", fa.nome AS "trasferitoA", i."trasferitoDaId", fd.nome AS "trasferitoDa", i."spostatoDa", i."spostatoIl"`;
/** The items with their status and the branches they were moved to or from. */
const ITEM_FROM = `${ITEM} i LEFT JOIN ${STATO} s ON s.id = i."statusId"
  LEFT JOIN ${FILIALE} fa ON fa.id = i."trasferitoAId" LEFT JOIN ${FILIALE} fd ON fd.id = i."trasferitoDaId"`;
/** Fields an item answers as null rather than leaving out (the schema allows it). */
const NULLABLE = new Set(['statusId', 'contatoIl', 'trasferitoAId', 'trasferitoDaId', 'spostatoIl']);

/** An API record: the schema leaves no room for nulls in these optional text fields. */
function itemRecord(row: Record<string, unknown>): ItemRow {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (v !== null || NULLABLE.has(k)) out[k] = v;
  return out as unknown as ItemRow;
}

function inventoryRecord(row: Record<string, unknown>): InventoryRow {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row))
    if (v !== null || k === 'created' || k === 'updated' || k === 'dataConclusione' || k === 'codiceMago') out[k] = v;
  return out as unknown as InventoryRow;
}

/** Columns the inventory list sorts on (the branch by its name, the status by concluded or not). */
export const INVENTORY_SORTS = {
  created: 'v.created',
  id: 'v.id',
  concluso: 'v.concluso',
  status: 'v.concluso',
  filialeInventarioId: 'f.nome',
  dataConclusione: 'v."dataConclusione"',
  anomalie: 'anomalie',
  createdBy: 'v."createdBy"',
} as const;
export type InventorySort = keyof typeof INVENTORY_SORTS;

export interface ItemQuery {
  inventoryId: number;
  withoutStatus: boolean;
  search: string;
  /** A counter before closing: only verified items, and the one whose code is searched exactly. */
  blind: boolean;
  descending: boolean;
  sortBy: ItemSort;
}

/** Columns the item list sorts on: text ones without regard to case, empty values last. */
export const ITEM_SORTS = {
  resourceMago: 'i."resourceMago"',
  descrizione: 'i.descrizione',
  status: 's.description',
  note: 'i.note',
  zona: 'i.zona',
  contatoDa: 'i."contatoDa"',
  contatoIl: 'i."contatoIl"',
  manuale: 'i.manuale',
} as const;
export type ItemSort = keyof typeof ITEM_SORTS;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** WHERE of the item list: inventory, blindness, search across fields, without status. */
function itemWhere(q: ItemQuery, params: unknown[], withFilters: boolean): string {
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = [`i."idInventarioMezzi" = ${p(q.inventoryId)}`];
  const code = q.search.replace(/\s+/g, '').toUpperCase();
  if (q.blind)
    where.push(`(NOT ${UNVERIFIED}${code ? ` OR upper(replace(i."resourceMago", ' ', '')) = ${p(code)}` : ''})`);
  if (!withFilters) return where.join(' AND ');
  if (q.search.trim()) {
    const like = p(`%${escapeLike(q.search.trim())}%`);
    where.push(
      `(${['i."resourceMago"', 'i.descrizione', 'i.note', 'i.zona', 'i."contatoDa"', 's.description']
        .map((c) => `${c} ILIKE ${like}`)
        .join(' OR ')})`,
    );
  }
  if (q.withoutStatus) where.push(UNVERIFIED);
  return where.join(' AND ');
}

export function inventoryRepository(db: Queryable) {
  return {
    /** The inventory branches a user belongs to (`filialiIds`). */
    async branchIdsOfUser(userId: number): Promise<number[]> {
      return branchIdsOf(db, userId);
    },

    async listInventories(options: {
      branchIds: readonly number[] | null;
      sortBy: InventorySort;
      descending: boolean;
      limit: number;
      offset: number;
    }): Promise<{ data: InventoryRow[]; totalRows: number }> {
      const where = options.branchIds ? `WHERE v."filialeInventarioId" = ANY($1::int[])` : '';
      const params: unknown[] = options.branchIds ? [options.branchIds] : [];
      const order = `${INVENTORY_SORTS[options.sortBy]} ${options.descending ? 'DESC' : 'ASC'} NULLS LAST, v.id DESC`;
      const [{ rows }, { rows: total }] = await Promise.all([
        db.query(
          `${INVENTORY_SELECT} ${where} ORDER BY ${order} LIMIT ${options.limit} OFFSET ${options.offset}`,
          params,
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${INV} v ${where}`, params),
      ]);
      return { data: rows.map(inventoryRecord), totalRows: total[0]?.n ?? 0 };
    },

    async inventory(id: number, tx: Queryable = db): Promise<InventoryRow | undefined> {
      const { rows } = await tx.query(`${INVENTORY_SELECT} WHERE v.id = $1`, [id]);
      return rows[0] ? inventoryRecord(rows[0]) : undefined;
    },

    /** Locks the inventory row until the transaction ends: writes to one inventory and its closing queue up. */
    async lock(tx: Queryable, id: number): Promise<{ concluso: boolean; filialeInventarioId: number } | undefined> {
      const { rows } = await tx.query<{ concluso: boolean; filialeInventarioId: number }>(
        `SELECT concluso, "filialeInventarioId" FROM ${INV} WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return rows[0];
    },

    async openInventoryOfBranch(tx: Queryable, branchId: number): Promise<number | undefined> {
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM ${INV} WHERE "filialeInventarioId" = $1 AND NOT concluso LIMIT 1`,
        [branchId],
      );
      return rows[0]?.id;
    },

    /** A new inventory of a branch, filled with the branch's machines as the ERP has them now. */
    async createInventory(
      tx: Queryable,
      branchId: number,
      /** Who creates it, by name (as the inventory shows it: "Creato da Mario Rossi"). */
      who: string,
      machines: readonly ErpMachine[],
    ): Promise<number> {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO ${INV} (version, "filialeInventarioId", concluso, created, "createdBy", updated, "updatedBy")
         VALUES (1, $1, false, now(), $2, now(), $2) RETURNING id`,
        [branchId, who],
      );
      const id = (rows[0] as { id: number }).id;
      await tx.query(
        `INSERT INTO ${ITEM} (version, "idInventarioMezzi", manuale, "resourceMago", descrizione)
         SELECT 1, $1, 'N', m.code, m.description FROM unnest($2::text[], $3::text[]) AS m(code, description)`,
        [id, machines.map((m) => m.code), machines.map((m) => m.description ?? null)],
      );
      return id;
    },

    async touchInventory(tx: Queryable, id: number, who: string): Promise<void> {
      await tx.query(`UPDATE ${INV} SET version = version + 1, updated = now(), "updatedBy" = $2 WHERE id = $1`, [
        id,
        who,
      ]);
    },

    /** Concludes the inventory: an event of its history ('conclusione'). */
    async conclude(tx: Queryable, id: number, who: string): Promise<void> {
      const params: unknown[] = [id, who];
      const event = historyEventItem(params, { resource: 'inventarioMezzi', id, event: 'conclusione' });
      await tx.query(
        `UPDATE ${INV} SET concluso = true, "dataConclusione" = now(), "conclusoDa" = $2, version = version + 1,
                updated = now(), "updatedBy" = $2 WHERE id = $1 RETURNING ${event}`,
        params,
      );
    },

    async deleteInventory(tx: Queryable, id: number): Promise<void> {
      await tx.query(`DELETE FROM ${ITEM} WHERE "idInventarioMezzi" = $1`, [id]);
      await tx.query(`DELETE FROM ${INV} WHERE id = $1`, [id]);
    },

    /** A page of items and the counters of the progress; counters follow the caller's view (blind or not). */
    async listItems(
      q: ItemQuery,
      page: { limit: number; offset: number },
    ): Promise<{ data: ItemRow[]; totalRows: number; totalRowsNoFiltered: number; totalRowsWithoutStatus: number }> {
      const params: unknown[] = [];
      const where = itemWhere(q, params, true);
      const base: unknown[] = [];
      const unfiltered = itemWhere({ ...q, search: '' }, base, false);
      const order = `${ITEM_SORTS[q.sortBy]} ${q.descending ? 'DESC' : 'ASC'} NULLS LAST, i.id`;
      const from = `FROM ${ITEM_FROM}`;
      const [{ rows }, { rows: counts }, { rows: totals }] = await Promise.all([
        db.query(
          `SELECT ${ITEM_COLUMNS} ${from} WHERE ${where} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
          params,
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${where}`, params),
        db.query<{ all: number; without: number }>(
          `SELECT count(*)::int AS "all", count(*) FILTER (WHERE ${UNVERIFIED})::int AS without
             ${from} WHERE ${unfiltered}`,
          base,
        ),
      ]);
      return {
        data: rows.map(itemRecord),
        totalRows: counts[0]?.n ?? 0,
        totalRowsNoFiltered: totals[0]?.all ?? 0,
        totalRowsWithoutStatus: totals[0]?.without ?? 0,
      };
    },

    /** Items of the list after a cursor, by code then id: the export reads them batch by batch, never OFFSET. */
    async itemBatch(q: ItemQuery, after: { code: string; id: number } | null, limit: number): Promise<ItemRow[]> {
      const params: unknown[] = [];
      let where = itemWhere(q, params, true);
      if (after) where += ` AND (i."resourceMago", i.id) > ($${params.push(after.code)}, $${params.push(after.id)})`;
      const { rows } = await db.query(
        `SELECT ${ITEM_COLUMNS} FROM ${ITEM_FROM} WHERE ${where} ORDER BY i."resourceMago", i.id LIMIT ${limit}`,
        params,
      );
      return rows.map(itemRecord);
    },

    async item(id: number, tx: Queryable = db): Promise<ItemRow | undefined> {
      const { rows } = await tx.query(`SELECT ${ITEM_COLUMNS} FROM ${ITEM_FROM} WHERE i.id = $1`, [id]);
      return rows[0] ? itemRecord(rows[0]) : undefined;
    },

    async itemWithCode(tx: Queryable, inventoryId: number, code: string): Promise<ItemRow | undefined> {
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM ${ITEM} WHERE "idInventarioMezzi" = $1 AND upper(replace("resourceMago", ' ', '')) = $2 LIMIT 1`,
        [inventoryId, code],
      );
      return rows[0] ? this.item(rows[0].id, tx) : undefined;
    },

    async status(id: number): Promise<{ id: number; description: string; presente: boolean } | undefined> {
      const { rows } = await db.query<{ id: number; description: string; presente: boolean | null }>(
        `SELECT id, description, presente FROM ${STATO} WHERE id = $1`,
        [id],
      );
      return rows[0] ? { ...rows[0], presente: rows[0].presente === true } : undefined;
    },

    async insertManualItem(
      tx: Queryable,
      item: { inventoryId: number; code: string; note: string; zona: string | null; statusId: number | null },
      countedBy: string,
    ): Promise<number> {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO ${ITEM} (version, "idInventarioMezzi", manuale, "resourceMago", note, zona, "statusId", "contatoDa", "contatoIl")
         VALUES (1, $1, 'Y', $2, $3, $4, $5, $6, now()) RETURNING id`,
        [item.inventoryId, item.code, item.note, item.zona, item.statusId, countedBy],
      );
      return (rows[0] as { id: number }).id;
    },

    /** Note, zone and, for an item added by hand, its code; with a version, only the version that was read. */
    async updateItem(
      tx: Queryable,
      id: number,
      fields: { note?: string; zona?: string | null; resourceMago?: string },
      version: number | undefined,
    ): Promise<boolean> {
      const sets: string[] = ['version = version + 1'];
      const params: unknown[] = [id];
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) sets.push(`"${k}" = $${params.push(v)}`);
      const guard = version === undefined ? '' : ` AND version = $${params.push(version)}`;
      const { rows } = await tx.query(
        `UPDATE ${ITEM} SET ${sets.join(', ')} WHERE id = $1${guard} RETURNING id`,
        params,
      );
      return rows.length === 1;
    },

    /**
     * Sets or clears an item's status. The first status counts the machine (who and when are kept); a later
     * change keeps that first count; clearing forgets it.
     */
    async setStatus(tx: Queryable, id: number, statusId: number | null, countedBy: string): Promise<void> {
      if (statusId === null)
        await tx.query(
          `UPDATE ${ITEM} SET "statusId" = NULL, "contatoDa" = NULL, "contatoIl" = NULL, version = version + 1 WHERE id = $1`,
          [id],
        );
      else
        await tx.query(
          `UPDATE ${ITEM} SET "statusId" = $2, version = version + 1,
                  "contatoDa" = COALESCE("contatoDa", $3), "contatoIl" = COALESCE("contatoIl", now())
            WHERE id = $1`,
          [id, statusId, countedBy],
        );
    },

    async deleteItem(tx: Queryable, id: number): Promise<void> {
      await tx.query(`DELETE FROM ${ITEM} WHERE id = $1`, [id]);
    },

    /** Records that an item left for another branch during the count: it is no longer this branch's to count. */
    async markMovedOut(tx: Queryable, id: number, toBranchId: number, who: string): Promise<void> {
      await tx.query(
        `UPDATE ${ITEM} SET "trasferitoAId" = $2, "spostatoDa" = $3, "spostatoIl" = now(), version = version + 1
          WHERE id = $1`,
        [id, toBranchId, who],
      );
    },

    /**
     * A machine moved here from another branch during the count: found where it is, counted by who moved it. An
     * item of the same code already in the inventory (added by hand, or moved away earlier) takes the move.
     */
    async receiveMoved(
      tx: Queryable,
      inventoryId: number,
      machine: { code: string; description: string | null },
      fromBranchId: number,
      who: string,
    ): Promise<void> {
      const existing = await this.itemWithCode(tx, inventoryId, machine.code);
      if (existing)
        await tx.query(
          `UPDATE ${ITEM} SET "trasferitoDaId" = $2, "trasferitoAId" = NULL, "spostatoDa" = $3, "spostatoIl" = now(),
                  "contatoDa" = COALESCE("contatoDa", $3), "contatoIl" = COALESCE("contatoIl", now()),
                  version = version + 1
            WHERE id = $1`,
          [existing.id, fromBranchId, who],
        );
      else
        await tx.query(
          `INSERT INTO ${ITEM} (version, "idInventarioMezzi", manuale, "resourceMago", descrizione, "trasferitoDaId",
                  "spostatoDa", "spostatoIl", "contatoDa", "contatoIl")
           VALUES (1, $1, 'N', $2, $3, $4, $5, now(), $5, now())`,
          [inventoryId, machine.code, machine.description, fromBranchId, who],
        );
    },

    /** The moves of an inventory's count: machines that left for another branch, and those that came from one. */
    async transfers(inventoryId: number): Promise<{
      out: {
        code: string;
        description: string | null;
        toBranch: string;
        movedBy: string | null;
        movedAt: string | null;
      }[];
      in: Map<string, { fromBranch: string; movedBy: string | null; movedAt: string | null }>;
    }> {
      const { rows } = await db.query<{
        code: string;
        description: string | null;
        toBranch: string | null;
        fromBranch: string | null;
        movedBy: string | null;
        movedAt: string | null;
      }>(
        `SELECT i."resourceMago" AS code, i.descrizione AS description, fa.nome AS "toBranch", fd.nome AS "fromBranch",
                i."spostatoDa" AS "movedBy", i."spostatoIl" AS "movedAt"
           FROM ${ITEM_FROM}
          WHERE i."idInventarioMezzi" = $1 AND (i."trasferitoAId" IS NOT NULL OR i."trasferitoDaId" IS NOT NULL)
          ORDER BY i."resourceMago", i.id`,
        [inventoryId],
      );
      return {
        out: rows.flatMap((r) => (r.toBranch ? [{ ...r, toBranch: r.toBranch }] : [])),
        in: new Map(
          rows.flatMap((r) =>
            r.fromBranch && !r.toBranch
              ? [[r.code, { fromBranch: r.fromBranch, movedBy: r.movedBy, movedAt: r.movedAt }]]
              : [],
          ),
        ),
      };
    },

    /**
     * The sightings of an inventory for its closing: items counted with a status that means "on the yard", and
     * items added by hand (found on the yard) unless their status says otherwise.
     */
    async sightings(inventoryId: number): Promise<CountEntry[]> {
      const { rows } = await db.query<{
        code: string;
        countedBy: string | null;
        countedAt: string | null;
        zone: string | null;
      }>(
        `SELECT i."resourceMago" AS code, i."contatoDa" AS "countedBy", i."contatoIl" AS "countedAt", i.zona AS zone
           FROM ${ITEM} i LEFT JOIN ${STATO} s ON s.id = i."statusId"
          WHERE i."idInventarioMezzi" = $1 AND i."trasferitoAId" IS NULL
            AND (s.presente = true OR (i."statusId" IS NULL AND (i.manuale = 'Y' OR i."trasferitoDaId" IS NOT NULL)))`,
        [inventoryId],
      );
      return rows.map((r) => ({
        code: r.code,
        countedBy: r.countedBy ?? '',
        countedAt: r.countedAt ?? new Date(0).toISOString(),
        zone: r.zone,
      }));
    },
  };
}

export type InventoryRepository = ReturnType<typeof inventoryRepository>;
