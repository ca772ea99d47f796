import { registerResourceExtension } from '../../resources/resourceExtensions.ts';
import { registerHubHandler } from '../../session/hubEvents.ts';
import { brochurePdf } from './BrochurePdfPanel.tsx';
import { useStatusColors } from './useStatusColors.ts';

/** The negotiation list shows each row in the colours of its status; brochures get their PDF. */
export function registerNegotiations(): void {
  registerResourceExtension('trattativaCp', { useRowColors: useStatusColors });
  // Configurazioni › Invio brochure: each brochure's PDF, the file its e-mails carry.
  registerResourceExtension('invioBrochure', { rowActions: { uploadPdfInvioBrochure: brochurePdf } });
  // A negotiation changed (a save, a delivered e-mail setting its flag, the customer's answer): open lists and
  // the calendar read it again; a copy kept for a page not open now is read again when that page opens. The open
  // negotiation page decides for itself (useLiveNegotiation), so that nothing typed in it is lost.
  registerHubHandler('trattativaCp', (event, queryClient) => {
    void queryClient.invalidateQueries({ queryKey: ['list', 'trattativaCp'] });
    void queryClient.invalidateQueries({
      queryKey: ['record', 'trattativaCp', String(event.entityId)],
      refetchType: 'none',
    });
  });
}
