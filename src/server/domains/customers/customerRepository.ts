import type { Queryable } from '../../db/Db.ts';

/** Who already has this VAT number, with their agent's name; the unique index settles two creates at once. */
export async function customerWithVat(db: Queryable, vat: string, exceptId: number | null) {
  const { rows } = await db.query<{ id: number; agentName: string | null }>(
    `SELECT c.id, a.name AS "agentName" FROM "customer" c LEFT JOIN "agent" a ON a.id = c."agentId" WHERE c."vatNumber" = $1 AND c.id <> $2 LIMIT 1`,
    [vat, exceptId ?? 0],
  );
  return rows[0];
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
