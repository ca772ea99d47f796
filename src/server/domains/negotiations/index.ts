import type { ServerModule } from '../../context.ts';
import { namedBy } from '../../storage/sweep.ts';
import { ATTACHMENTS, attachmentHandlers } from './attachmentHandlers.ts';
import { BROCHURES, brochureHandlers } from './brochureHandlers.ts';
import { recordHandlers } from './recordHandlers.ts';
import { brochureFilesSql } from './brochureRepository.ts';
import { ATTACHMENT_PATHS_SQL } from './repository.ts';
import { negotiationMailSent, sendHandlers } from './sendHandlers.ts';

/** The negotiations workflow (trattative CP): every operation of the Trattative tag but the public offer's. See README.md. */
export const negotiationsModule: ServerModule = {
  handlers: { ...recordHandlers, ...attachmentHandlers, ...brochureHandlers, ...sendHandlers },
  files: (ctx) => [
    {
      folder: ATTACHMENTS,
      referenced: namedBy(ATTACHMENT_PATHS_SQL),
    },
    {
      folder: BROCHURES,
      referenced: namedBy(brochureFilesSql(ctx.resource('InvioBrochure').model.table)),
    },
  ],
  /** The delivered e-mails set the negotiations' flags. */
  start(ctx) {
    ctx.mail.onSent(negotiationMailSent(ctx));
  },
};

// The door: what other workflows may use of the negotiations (nothing else of this folder).
export {
  announce,
  archivedFlags,
  awaitingAnswer,
  archivedFlagSql,
  customerSideOf,
  type CustomerSide,
  ensureDocumentToken,
  markOfferSeen,
  negotiationsWithPhones,
  negotiationWithDocumentToken,
  negotiationsWithVat,
  setCustomerAnswer,
  visibleRow,
} from './repository.ts';
export { sendAboutNegotiation, text, type Sender } from './sendHandlers.ts';
export { viewerOf, visibleSql, type Viewer } from './visibility.ts';

/** The staff page of a negotiation, as a link in an e-mail (the web app's negotiation route). */
export const negotiationLink = (publicUrl: string, id: number) => `${publicUrl}/trattativeCp/trattativa/${id}`;
