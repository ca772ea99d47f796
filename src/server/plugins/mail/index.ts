/** The mail plugin: outbox, worker and templates. See README.md beside this file. */
export { createMail, NOT_CONFIGURED, type Mail, type OutgoingMail, type RenderedMail } from './mailer.ts';
export { mailOptionsFromEnv, type MailOptions } from './mailConfig.ts';
export { mailHandlers } from './mailHandlers.ts';
export { offerLink } from './templates/messages.ts';
export type { OutboxAttachment } from './outboxRepository.ts';
