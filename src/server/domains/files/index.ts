import type { ServerModule } from '../../context.ts';
import { fileHandlers } from './fileHandlers.ts';
import { imageHandler } from './imageHandlers.ts';

/** Uploaded documents of customers and contacts, and the picture of any resource with an `image` field. */
export const filesModule: ServerModule = {
  handlers: fileHandlers,
  handlerFor: imageHandler,
};
