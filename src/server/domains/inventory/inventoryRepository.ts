import type { Queryable } from '../../db/Db.ts';

/** How many items an inventory has in all, and how many still without a status. */
export async function itemCounts(db: Queryable, inventoryId: number) {
  const { rows } = await db.query<{ all: number; without: number }>(
    `SELECT count(*)::int AS "all", (count(*) FILTER (WHERE "statusId" IS NULL))::int AS without FROM "inventarioMezziItem" WHERE "idInventarioMezzi" = $1`,
    [inventoryId],
  );
  return { all: rows[0]?.all ?? 0, without: rows[0]?.without ?? 0 };
}
