import type { AppWriteRule } from '../../context.ts';
import { HttpError } from '../../http/httpError.ts';
import { customerWithVat } from './customerRepository.ts';

/** SPEC.md: the words an agent reads when a VAT number already belongs to a customer. */
export const vatTakenMessage = (vat: string, agent: string) =>
  `Il cliente con partita iva ${vat} è già presente. Si prega di contattare l'agente ${agent}`;

/** A VAT number identifies one customer only, whichever path creates or changes it. */
export const customerRule: AppWriteRule = {
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
