import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { AppContext, Handler } from '../../context.ts';
import { HttpError, MESSAGES } from '../../httpError.ts';

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
} as const;

export const invalid = (field: string, message: string) => new HttpError(400, MESSAGES.invalid, [{ field, message }]);

/** The one file part of a multipart request (size-limited) and its JSON `data` part, if any. */
export async function readUpload(req: Parameters<Handler>[0], ctx: AppContext) {
  if (!req.raw.isMultipart()) throw invalid('file', FILE_MESSAGES.missing);
  let file: { buffer: Buffer; name: string } | undefined;
  let data: unknown;
  for await (const part of req.raw.parts({ limits: { fileSize: ctx.config.maxUploadBytes, files: 1 } })) {
    if (part.type === 'file') {
      const buffer = await (part as MultipartFile).toBuffer();
      if ((part as MultipartFile).file.truncated) throw new HttpError(413, MESSAGES.tooLarge);
      file = { buffer, name: (part as MultipartFile).filename };
    } else if (part.fieldname === 'data') {
      try {
        data = JSON.parse(String(part.value));
      } catch {
        throw invalid('data', FILE_MESSAGES.data);
      }
    }
  }
  return { file, data };
}

/** Writes a new file under a random name and syncs it to disk before anyone refers to it. */
export function writeSynced(dir: string, buffer: Buffer, ext: string): string {
  const stored = `${randomUUID()}.${ext}`;
  fs.mkdirSync(dir, { recursive: true });
  const fd = fs.openSync(path.join(dir, stored), 'wx');
  try {
    fs.writeSync(fd, buffer);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return stored;
}
