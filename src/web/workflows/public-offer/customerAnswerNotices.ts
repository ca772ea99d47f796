import { listenHub } from '../../session/hubEvents.ts';
import { notificationBus, type Severity } from '../../ui/notificationBus.ts';

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
