import type { Queryable } from '../../db/Db.ts';
import { quote } from '../../crud/entityModel.ts';

/** Every band of a price or increase table but one: its id and its bounds. */
export async function bandsExcept(db: Queryable, table: string, fromField: string, toField: string, id: number | null) {
  const { rows } = await db.query<{ id: number; from: number; to: number }>(
    `SELECT id, ${quote(fromField)} AS "from", ${quote(toField)} AS "to" FROM ${quote(table)} WHERE id <> $1`,
    [id ?? 0],
  );
  return rows;
}

/** Only this insurance stays the default one. */
export async function clearOtherDefaultInsurances(db: Queryable, id: unknown): Promise<void> {
  await db.query(
    `UPDATE "insurance" SET "defaultInsurance" = false, version = version + 1 WHERE id <> $1 AND "defaultInsurance"`,
    [id],
  );
}
