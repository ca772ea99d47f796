import type { components } from '../../../../generated/api.ts';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/apiError.ts';
import { listenHub } from '../../session/hubEvents.ts';
import { notificationBus, type Severity } from '../../ui/notificationBus.ts';

export type OffertaCliente = components['schemas']['OffertaCliente'];

// Files come from this origin, past any proxy that checks JSON answers against the contract.
const files = { baseUrl: window.location.origin };

export const customerAnswerApi = {
  async read(id: number): Promise<OffertaCliente> {
    return (await unwrap(api.GET('/api/trattative_cp/{id}/offerta-cliente', { params: { path: { id } } }))).data;
  },
  async downloadSigned(id: number, numero: string): Promise<void> {
    const blob = await unwrap(
      api.GET('/api/trattative_cp/{id}/offerta-firmata', { ...files, params: { path: { id } }, parseAs: 'blob' }),
    );
    const url = URL.createObjectURL(blob);
    Object.assign(document.createElement('a'), { href: url, download: `Offerta_${numero}_firmata.pdf` }).click();
    URL.revokeObjectURL(url);
  },
};

const NOTICES: Record<string, [Severity, (who: string) => string]> = {
  accettata: ['success', (who) => `Offerta accettata e firmata: ${who}`],
  rifiutata: ['warning', (who) => `Offerta rifiutata dal cliente: ${who}`],
  nuovaOffertaRichiesta: ['warning', (who) => `Il cliente chiede una nuova offerta: ${who}`],
};

/** The salesperson is told at once, on any page, when a customer answers an offer on the public page. */
export function registerCustomerAnswerNotices(): void {
  listenHub('offertaCliente', (event) => {
    const notice = NOTICES[event.event];
    if (notice) notificationBus.publish(notice[0], notice[1](event.byName ?? ''));
  });
}
