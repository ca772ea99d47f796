import type { ServerModule } from '../../context.ts';
import { quote } from '../../crud/entityModel.ts';
import { namedBy } from '../../storage/sweep.ts';
import { DOCUMENTS, fileHandlers } from './fileHandlers.ts';
import { imageHandler, PICTURES } from './imageHandlers.ts';

/** Uploaded documents of customers and contacts, and the picture of any resource with an `image` field. */
export const filesModule: ServerModule = {
  handlers: fileHandlers,
  handlerFor: imageHandler,
  files(ctx) {
    const documents = quote(ctx.resource('Document').model.table);
    const pictures = [...ctx.resources.values()]
      .filter((r) => r.model.byName.has('image'))
      .map((r) => `SELECT image FROM ${quote(r.model.table)}`);
    return [
      {
        folder: DOCUMENTS,
        referenced: namedBy(`SELECT filename FROM ${documents} UNION ALL SELECT file FROM ${documents}`),
      },
      ...(pictures.length ? [{ folder: PICTURES, referenced: namedBy(pictures.join(' UNION ALL ')) }] : []),
    ];
  },
};

// The door: the upload checks other workflows' files go through.
export { ALLOWED, FILE_MESSAGES, invalid, safeOriginalName } from './fileStore.ts';
