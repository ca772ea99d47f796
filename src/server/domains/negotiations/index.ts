import type { ServerModule } from '../../context.ts';
import { attachmentHandlers } from './attachmentHandlers.ts';
import { recordHandlers } from './recordHandlers.ts';
import { NEGOTIATION_TABLES } from './repository.ts';
import { negotiationMailSent, sendHandlers } from './sendHandlers.ts';

/** The negotiations workflow (trattative CP): every operation of the Trattative tag but the public offer's. See README.md. */
export const negotiationsModule: ServerModule = {
  handlers: { ...recordHandlers, ...attachmentHandlers, ...sendHandlers },
  /** Created at start beside the schemas' tables. */
  tables: NEGOTIATION_TABLES,
  /** The delivered e-mails set the negotiations' flags. */
  start(ctx) {
    ctx.mail.onSent(negotiationMailSent(ctx));
  },
};
