import type { AppContext } from '../../context.ts';
import type { WriteRule } from '../../crud/writeRules.ts';
import { HttpError } from '../../httpError.ts';

/** SPEC.md: the words an agent reads when a VAT number already belongs to a customer. */
export const vatTakenMessage = (vat: string, agent: string) =>
  `Il cliente con partita iva ${vat} è già presente. Si prega di contattare l'agente ${agent}`;

/** Who already has this VAT number, with their agent's name; the unique index settles two creates at once. */
export async function customerWithVat(ctx: AppContext, vat: string, exceptId: number | null) {
  const { rows } = await ctx.db.query<{ id: number; agentName: string | null }>(
    `SELECT c.id, a.name AS "agentName" FROM "customer" c LEFT JOIN "agent" a ON a.id = c."agentId" WHERE c."vatNumber" = $1 AND c.id <> $2 LIMIT 1`,
    [vat, exceptId ?? 0],
  );
  return rows[0];
}

/** A VAT number identifies one customer only, whichever path creates or changes it. */
export const customerRule: WriteRule = {
  async before(ctx, body, id) {
    const vat = typeof body.vatNumber === 'string' ? body.vatNumber : '';
    if (!vat) return;
    const other = await customerWithVat(ctx, vat, id);
    if (other) {
      const message = vatTakenMessage(vat, other.agentName ?? 'non assegnato');
      throw new HttpError(409, message, [{ field: 'vatNumber', message }]);
    }
  },
};
