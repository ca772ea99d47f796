import type { ServerModule } from '../../context.ts';
import { namedBy } from '../../storage/sweep.ts';
import { DOCUMENTS, fileHandlers } from './fileHandlers.ts';
import { documentFilesSql, pictureFilesSql } from './fileRepository.ts';
import { imageHandler, PICTURES } from './imageHandlers.ts';

/** Uploaded documents of customers and contacts, and the picture of any resource with an `image` field. */
export const filesModule: ServerModule = {
  handlers: fileHandlers,
  handlerFor: imageHandler,
  files(ctx) {
    const pictures = pictureFilesSql(
      [...ctx.resources.values()].filter((r) => r.model.byName.has('image')).map((r) => r.model.table),
    );
    return [
      { folder: DOCUMENTS, referenced: namedBy(documentFilesSql(ctx.resource('Document').model.table)) },
      ...(pictures ? [{ folder: PICTURES, referenced: namedBy(pictures) }] : []),
    ];
  },
};

// The door: the upload checks other workflows' files go through.
export { ALLOWED, FILE_MESSAGES, invalid, readUpload, safeOriginalName } from './fileStore.ts';
