import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/Db.ts';

/** Who already has this VAT number, with their agent's name; the unique index settles two creates at once. */
export async function customerWithVat(ctx: AppContext, vat: string, exceptId: number | null) {
  const { rows } = await ctx.db.query<{ id: number; agentId: number | null }>(
    `SELECT id, "agentId" FROM "customer" WHERE "vatNumber" = $1 AND id <> $2 LIMIT 1`,
    [vat, exceptId ?? 0],
  );
  const found = rows[0];
  if (!found) return undefined;
  const agent = found.agentId === null ? undefined : await ctx.resource('Agent').repo.first({ id: found.agentId });
  return { id: found.id, agentName: agent?.name ?? null };
}

/** Customers whose phone number, digits only, is one of these (the oldest first, at most 1000). */
export async function customersWithPhones(
  db: Queryable,
  digits: string[],
): Promise<{ id: number; name: string; phone: string }[]> {
  const { rows } = await db.query<{ id: number; name: string; phone: string }>(
    `SELECT id, "companyName" AS name, phone FROM "customer" WHERE regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') = ANY($1) ORDER BY id LIMIT 1000`,
    [digits],
  );
  return rows;
}
