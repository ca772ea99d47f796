import { fileTypeFromBuffer } from 'file-type';
import { GENERIC_OPERATION } from '../../../domain/resourceDefinition.ts';
import type { ApiOperation } from '../../contract/contract.ts';
import type { AppContext } from '../../context.ts';
import type { AnyHandler } from '../../http/handler.ts';
import { idOf } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { crudRepository } from '../../crud/crudRepository.ts';
import { deleteAll, keyOf, NewFiles } from '../../storage/storage.ts';
import { FILE_MESSAGES, invalid, readUpload } from './fileStore.ts';

const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
/** The storage folder of the pictures of records with an `image` field. */
export const PICTURES = 'images';
const FOLDER = PICTURES;

/**
 * uploadImage<Type> and downloadImage<Type>: the picture of a record whose schema has an `image`
 * field. The field keeps the stored name; replacing a picture removes the old file.
 */
export function imageHandler(op: ApiOperation, ctx: AppContext): AnyHandler<AppContext> | undefined {
  const m = GENERIC_OPERATION.exec(op.operationId);
  const resource = m?.[2] ? ctx.resources.get(m[2]) : undefined;
  if (!resource || !resource.model.byName.has('image')) return undefined;
  const { repo, model } = resource;

  if (m?.[1] === 'uploadImage') {
    return async (req) => {
      const id = idOf(req.params);
      const before = await repo.raw(id);
      if (!before) throw new HttpError(404, MESSAGES.notFound);
      const { file } = await readUpload(req, ctx);
      if (!file || file.buffer.length === 0) throw invalid('file', FILE_MESSAGES.missing);
      const ext = IMAGE_TYPES[(await fileTypeFromBuffer(file.buffer))?.mime ?? ''];
      if (!ext) throw invalid('file', FILE_MESSAGES.imageType);
      const files = new NewFiles(ctx.storage);
      const stored = await files.add(FOLDER, file.buffer, ext);
      const data = await files.commit(ctx.db, (tx) => crudRepository(tx, model).update(id, {}, { image: stored }));
      // A crash before this leaves the old picture to the sweep at start: no record names it any more.
      await deleteAll(ctx.storage, FOLDER, [before.image]);
      return { data };
    };
  }
  if (m?.[1] === 'downloadImage') {
    return async (req) => {
      const row = await repo.raw(idOf(req.params));
      const name = typeof row?.image === 'string' ? row.image.split('/').pop() : '';
      const key = keyOf(FOLDER, name);
      const content = key ? await ctx.storage.stream(key) : null;
      if (!name || !content) throw new HttpError(404, MESSAGES.notFound);
      return req.reply
        .type(name.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('Cache-Control', 'private, no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .send(content);
    };
  }
  return undefined;
}
