import type { ListOptions } from '../../crud/listQuery.ts';
import type { Queryable } from '../../db/Db.ts';

type Condition = NonNullable<ListOptions['conditions']>[number];

/** Whether the activity exists and meets the condition (none: any activity). */
export async function planningExists(db: Queryable, id: number, condition: Condition | null): Promise<boolean> {
  const params: unknown[] = [id];
  const where = condition ? ` AND (${condition((v) => `$${params.push(v)}`)})` : '';
  const { rows } = await db.query(`SELECT 1 FROM planning WHERE id = $1${where}`, params);
  return rows.length > 0;
}
