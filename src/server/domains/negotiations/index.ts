import type { AppContext, Handler } from '../../context.ts';
import { attachmentHandlers } from './attachmentHandlers.ts';
import { recordHandlers } from './recordHandlers.ts';
import { NEGOTIATION_TABLES } from './repository.ts';
import { negotiationMailSent, sendHandlers } from './sendHandlers.ts';

/** The negotiations workflow (trattative CP): every operation of the Trattative tag but the public offer's. See README.md. */
export const negotiations = {
  handlers: { ...recordHandlers, ...attachmentHandlers, ...sendHandlers } satisfies Record<string, Handler>,
  /** Created at start beside the schemas' tables. */
  tables: NEGOTIATION_TABLES,
  /** What the app wires once its context exists: the delivered e-mails set the negotiations' flags. */
  start(ctx: AppContext) {
    ctx.mail.onSent(negotiationMailSent(ctx));
  },
};
