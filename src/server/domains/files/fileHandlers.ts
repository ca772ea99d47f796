import { fileTypeFromBuffer } from 'file-type';
import { defineHandlers, type RecordOf } from '../../context.ts';
import { idOf } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { crudRepository } from '../../crud/crudRepository.ts';
import { keyOf, NewFiles } from '../../storage/storage.ts';
import { documentByFilename } from './fileRepository.ts';
import { ALLOWED, FILE_MESSAGES, invalid, readUpload, safeOriginalName } from './fileStore.ts';

/** The storage folder of customers' and contacts' documents. */
export const DOCUMENTS = 'files';
const FOLDER = DOCUMENTS;

export const fileHandlers = defineHandlers({
  uploadDocument: async (req, ctx) => {
    const { file, data } = await readUpload(req, ctx);
    if (!file || file.buffer.length === 0) throw invalid('file', FILE_MESSAGES.missing);
    const meta = (data ?? {}) as { entity?: unknown; entityId?: unknown; description?: unknown };
    if (
      (meta.entity !== 'customer' && meta.entity !== 'contact') ||
      !Number.isInteger(meta.entityId) ||
      Number(meta.entityId) < 1
    )
      throw invalid('data', FILE_MESSAGES.data);
    if (meta.description !== undefined && (typeof meta.description !== 'string' || meta.description.length > 255))
      throw invalid('data.description', 'al massimo 255 caratteri');
    const owner = meta.entity === 'customer' ? 'Customer' : 'Contact';
    if (!(await ctx.resource(owner).repo.raw(Number(meta.entityId)))) throw new HttpError(404, FILE_MESSAGES.owner);
    const type = await fileTypeFromBuffer(file.buffer);
    const ext = type ? ALLOWED[type.mime] : undefined;
    if (!type || !ext) throw invalid('file', FILE_MESSAGES.type);
    // The file is in place if and only if its row is stored (storage/storage.ts, NewFiles).
    const files = new NewFiles(ctx.storage);
    const stored = await files.add(FOLDER, file.buffer, ext);
    const { model } = ctx.resource('Document');
    const data2 = await files.commit(ctx.db, (tx) =>
      crudRepository<RecordOf<'Document'>>(tx, model).create(
        { entity: meta.entity, entityId: meta.entityId, description: meta.description ?? '' },
        {
          file: stored,
          filename: stored,
          // The name the browser will save it under: never an extension the content does not have (poly.html).
          originalFilename: safeOriginalName(file.name, ext, 'documento'),
          mimeType: type.mime,
          size: file.buffer.length,
          created: new Date().toISOString(),
        },
      ),
    );
    return { data: data2 };
  },

  deleteDocument: async (req, ctx) => {
    const repo = ctx.resource('Document').repo;
    const row = await repo.raw(idOf(req.params));
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    await repo.remove(idOf(req.params));
    const key = keyOf(FOLDER, row.filename);
    if (key) await ctx.storage.delete(key);
  },

  downloadDocument: async (req, ctx) => {
    const filename = String(req.params.filename);
    const row = await documentByFilename(ctx.db, filename);
    const key = keyOf(FOLDER, filename);
    const content = row && key ? await ctx.storage.stream(key) : null;
    if (!row || !content) throw new HttpError(404, MESSAGES.notFound);
    req.reply
      .type(row.mimeType)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.originalFilename)}`)
      .header('X-Content-Type-Options', 'nosniff');
    return req.reply.send(content);
  },
});
