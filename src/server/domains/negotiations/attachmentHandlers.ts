import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { defineHandlers, type AppContext } from '../../context.ts';
import { idOf } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import type { AnyRequest } from '../../http/handler.ts';
import { deleteAll, keyOf, NewFiles } from '../../storage/storage.ts';
import { ALLOWED, FILE_MESSAGES, invalid, safeOriginalName } from '../files/index.ts';
import {
  attachmentsOf,
  nextAttachmentIds,
  rowWithAttachment,
  visibleRow,
  writeAttachments,
  type Allegato,
} from './repository.ts';
import { viewerOf } from './visibility.ts';

/** The storage folder of negotiation attachments (in the data directory: files/trattative). */
export const ATTACHMENTS = 'files/trattative';
const MIME_OF = Object.fromEntries(Object.entries(ALLOWED).map(([mime, ext]) => [ext, mime]));

/** Files one request may carry; all of them together at most MAX_UPLOAD_BYTES. */
export const MAX_FILES = 20;
/** What a request with more files hears (SPEC.md has no wording of its own for it). */
export const TOO_MANY_FILES = `Si possono caricare al massimo ${MAX_FILES} file per volta: gli altri in un secondo invio`;
/** @fastify/multipart's codes for a request past one of its part limits. */
const PART_LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

export interface UploadedFile {
  field: string;
  name: string;
  buffer: Buffer;
  mime: string;
  ext: string;
}

/**
 * Every part of a multipart request: text fields by name and the files, each checked on its content
 * (png, jpg, mp4, mov, pdf) and all together within MAX_UPLOAD_BYTES. Malformed input is a 400, too much a 413.
 */
export async function readParts(
  req: Pick<AnyRequest, 'raw'>,
  ctx: AppContext,
  isFileField: (name: string) => boolean,
): Promise<{ fields: Map<string, string>; files: UploadedFile[] }> {
  if (!req.raw.isMultipart()) throw new HttpError(400, MESSAGES.badMultipart);
  const fields = new Map<string, string>();
  const raw: { field: string; name: string; buffer: Buffer }[] = [];
  let total = 0;
  try {
    const limits = { fileSize: ctx.config.maxUploadBytes, files: MAX_FILES, fields: 3 * MAX_FILES + 10 };
    for await (const part of req.raw.parts({ limits })) {
      if (part.type !== 'file') {
        fields.set(part.fieldname, String(part.value));
        continue;
      }
      const buffer = await part.toBuffer();
      total += buffer.length;
      if (part.file.truncated || total > ctx.config.maxUploadBytes) throw new HttpError(413, MESSAGES.tooLarge);
      if (!isFileField(part.fieldname)) throw invalid(part.fieldname, 'campo non previsto');
      if (buffer.length > 0) raw.push({ field: part.fieldname, name: part.filename, buffer });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MESSAGES.tooLarge);
    if (code && PART_LIMIT_CODES.has(code)) throw invalid('file', TOO_MANY_FILES);
    throw new HttpError(400, MESSAGES.badMultipart);
  }
  const files: UploadedFile[] = [];
  for (const f of raw) {
    const type = await fileTypeFromBuffer(f.buffer);
    const ext = type ? ALLOWED[type.mime] : undefined;
    if (!type || !ext) throw invalid(f.field, `${f.name || 'file'}: ${FILE_MESSAGES.type}`);
    files.push({ ...f, mime: type.mime, ext });
  }
  return { fields, files };
}

const positiveInt = (value: string | undefined, field: string): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw invalid(field, 'deve essere un numero intero positivo');
  return n;
};

/** `N` of file-N / descrizione-N / id-N: the attachments of one upload, in order. */
function indexesOf(fields: Map<string, string>, files: UploadedFile[]): number[] {
  const names = [...fields.keys(), ...files.map((f) => f.field)];
  const out = new Set<number>();
  for (const name of names) {
    if (name === 'trattativaCpId') continue;
    const m = /^(?:file|descrizione|id)-(\d{1,2})$/.exec(name);
    if (!m) throw invalid(name, 'campo non previsto');
    out.add(Number(m[1]));
  }
  return [...out].sort((a, b) => a - b);
}

export const attachmentHandlers = defineHandlers({
  /**
   * For each N: file-N with descrizione-N adds an attachment (or replaces the file of id-N); id-N with
   * descrizione-N alone changes that attachment's description. The files are in place if and only if the
   * negotiation that names them is saved (storage/storage.ts, NewFiles): a refused upload leaves nothing.
   */
  uploadTrattativaCpAllegati: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const { fields, files } = await readParts(req, ctx, (name) => /^file-\d{1,2}$/.test(name));
    const negotiationId = positiveInt(fields.get('trattativaCpId'), 'trattativaCpId');
    if (!negotiationId) throw invalid('trattativaCpId', 'Indicare la trattativa');
    await visibleRow(ctx.db, viewer, negotiationId);
    const entries = indexesOf(fields, files).map((n) => {
      const descrizione = (fields.get(`descrizione-${n}`) ?? '').trim();
      if (descrizione.length > 255) throw invalid(`descrizione-${n}`, 'al massimo 255 caratteri');
      return {
        n,
        id: positiveInt(fields.get(`id-${n}`), `id-${n}`),
        descrizione,
        file: files.find((f) => f.field === `file-${n}`),
      };
    });
    for (const e of entries) if (!e.id && !e.file) throw invalid(`file-${e.n}`, FILE_MESSAGES.missing);
    const newFiles = new NewFiles(ctx.storage);
    const written = new Map<number, string>();
    try {
      for (const e of entries) if (e.file) written.set(e.n, await newFiles.add(ATTACHMENTS, e.file.buffer, e.file.ext));
    } catch (err) {
      await newFiles.discard();
      throw err;
    }
    const replaced: Allegato[] = [];
    const allegati = await newFiles.commit(ctx.db, async (tx) => {
      const row = await visibleRow(tx, viewer, negotiationId, true);
      const list = [...attachmentsOf(row)];
      const ids = await nextAttachmentIds(tx, entries.filter((e) => !e.id).length);
      for (const e of entries) {
        const stored = written.get(e.n);
        const file = e.file ? safeOriginalName(e.file.name, e.file.ext, 'allegato') : undefined;
        if (e.id) {
          const i = list.findIndex((a) => a.id === e.id);
          const old = list[i];
          if (!old) throw invalid(`id-${e.n}`, "l'allegato non è di questa trattativa");
          if (stored) replaced.push(old);
          list[i] = {
            ...old,
            descrizione: e.descrizione || old.descrizione,
            ...(stored && file ? { path: `trattative/${stored}`, file } : {}),
          };
        } else if (stored && file) {
          list.push({
            id: ids.shift() as number,
            path: `trattative/${stored}`,
            descrizione: e.descrizione || file,
            file,
          });
        }
      }
      await writeAttachments(tx, negotiationId, list);
      return list;
    });
    // A crash before this leaves the replaced files to the sweep at start: no record names them any more.
    await deleteAll(
      ctx.storage,
      ATTACHMENTS,
      replaced.map((old) => old.path),
    );
    req.reply.code(201);
    return { data: allegati, totalRows: allegati.length };
  },

  downloadTrattativaCpAllegato: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const id = idOf(req.params);
    const row = await rowWithAttachment(ctx.db, viewer, id);
    const a = attachmentsOf(row).find((x) => x.id === id);
    const name = a ? path.basename(a.path) : '';
    const key = keyOf(ATTACHMENTS, name);
    const content = key ? await ctx.storage.stream(key) : null;
    if (!a || !content) throw new HttpError(404, MESSAGES.notFound);
    req.reply
      .type(MIME_OF[path.extname(name).slice(1)] ?? 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(a.file)}`)
      .header('X-Content-Type-Options', 'nosniff');
    return req.reply.send(content);
  },

  deleteTrattativaCpAllegato: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const id = idOf(req.params);
    const removed = await ctx.db.transaction(async (tx) => {
      const row = await rowWithAttachment(tx, viewer, id, true);
      const list = attachmentsOf(row);
      await writeAttachments(
        tx,
        Number(row.id),
        list.filter((a) => a.id !== id),
      );
      return list.find((a) => a.id === id);
    });
    if (removed) await deleteAll(ctx.storage, ATTACHMENTS, [removed.path]);
  },
});
