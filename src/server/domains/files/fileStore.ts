import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';

// SPEC.md section 3: images png/jpg/jpeg, videos mp4/mov, pdf. Checked on the content, not the name.
export const ALLOWED: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'application/pdf': 'pdf',
};
export const FILE_MESSAGES = {
  type: 'Tipo di file non ammesso: sono accettati png, jpg, jpeg, mp4, mov e pdf',
  imageType: 'Tipo di file non ammesso: sono accettate immagini png, jpg e jpeg',
  missing: 'Selezionare un file',
  data: 'Indicare a cosa collegare il documento',
  owner: "L'elemento a cui collegare il documento non esiste",
  oneFile: 'Inviare un solo file per volta',
} as const;

export const invalid = (field: string, message: string) => new HttpError(400, MESSAGES.invalid, [{ field, message }]);

/** The `data` part as the contract has it: JSON, sent as a text field or as a part of type application/json. */
function dataPart(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) return value;
  try {
    return JSON.parse(Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
  } catch {
    throw invalid('data', FILE_MESSAGES.data);
  }
}

const PART_LIMITS = { files: 2, fields: 10, parts: 12 };

/** The one file part of a multipart request (size-limited) and its JSON `data` part, if any. Malformed input is a 400. */
export async function readUpload(req: { raw: FastifyRequest }, ctx: AppContext) {
  if (!req.raw.isMultipart()) throw invalid('file', FILE_MESSAGES.missing);
  let file: { buffer: Buffer; name: string } | undefined;
  let data: unknown;
  try {
    for await (const part of req.raw.parts({ limits: { fileSize: ctx.config.maxUploadBytes, ...PART_LIMITS } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, MESSAGES.tooLarge);
        if (part.fieldname === 'data') data = dataPart(buffer);
        else if (file) throw invalid('file', FILE_MESSAGES.oneFile);
        else file = { buffer, name: part.filename };
      } else if (part.fieldname === 'data') data = dataPart(part.value);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MESSAGES.tooLarge);
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw invalid('data', FILE_MESSAGES.data);
    throw new HttpError(400, MESSAGES.badMultipart);
  }
  return { file, data };
}

/** The client's name for a stored file, with the extension of what the file really is. */
export function safeOriginalName(clientName: string | undefined, ext: string, fallback: string): string {
  const base = path.basename(clientName || fallback).replace(/\.[^.]*$/, '') || fallback;
  return `${base.slice(0, 250)}.${ext}`;
}
