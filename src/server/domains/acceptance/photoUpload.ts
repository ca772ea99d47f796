import { fileTypeFromBuffer } from 'file-type';
import { formatFileSize } from '../../../domain/fileSize.ts';
import type { AppContext, ApiRequest } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { NewFiles } from '../../storage/storage.ts';
import { ACCEPTANCE_FOLDER, isStored } from './acceptanceFiles.ts';
import { acceptanceRepository as repo } from './acceptanceRepository.ts';
import { IMAGE_EXT, SHA256, sha256 } from './acceptanceUpload.ts';

/** Photos a user may have uploaded and not yet used in an acceptance. */
export const MAX_STAGED = 100;

const bad = (field: string, message: string) => new HttpError(400, MESSAGES.invalid, [{ field, message }]);

/**
 * `POST /api/accettazioni_mezzi/foto`: one photo and the SHA-256 the tablet computed. Checked by content, size and
 * hash, kept under a random name until an acceptance names it; the same bytes sent again are the same photo.
 */
export async function uploadPhoto(req: ApiRequest<'uploadAccettazioneMezzoFoto'>, ctx: AppContext) {
  const user = req.user;
  if (!user) throw new HttpError(401, MESSAGES.tokenMissing);
  if (!req.raw.isMultipart()) throw bad('foto', 'Selezionare una foto');
  let buffer: Buffer | null = null;
  let claimed: string | null = null;
  try {
    const parts = req.raw.parts({ limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 1, parts: 2 } });
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'foto') buffer = await part.toBuffer();
      else if (part.type === 'field' && part.fieldname === 'sha256') claimed = String(part.value);
      else throw bad(part.fieldname, 'campo non previsto');
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw bad('foto', `La foto supera il limite di ${formatFileSize(ctx.config.maxUploadBytes)}`);
    throw new HttpError(400, MESSAGES.badMultipart);
  }
  if (!buffer?.length) throw bad('foto', 'Selezionare una foto');
  if (!claimed || !SHA256.test(claimed)) throw bad('sha256', "L'impronta SHA-256 della foto non è valida");
  const ext = IMAGE_EXT[(await fileTypeFromBuffer(buffer))?.mime ?? ''];
  if (!ext) throw bad('foto', "La foto non è un'immagine: sono accettate immagini png, jpg e jpeg");
  if (sha256(buffer) !== claimed) throw bad('foto', 'La foto è arrivata incompleta o alterata: inviarla di nuovo');

  const known = await repo.stagedFile(ctx, user.id, claimed);
  if (known && (await isStored(ctx, known))) return { data: { sha256: claimed } };
  if (!known && (await repo.stagedCount(ctx, user.id)) >= MAX_STAGED)
    throw bad('foto', `Troppe foto in attesa di un'accettazione (al massimo ${MAX_STAGED})`);
  const files = new NewFiles(ctx.storage);
  const file = await files.add(ACCEPTANCE_FOLDER, buffer, ext);
  const kept = await files.commit(ctx.db, async (tx) => {
    if (!known) return repo.stage(tx, user.id, claimed, file);
    await repo.restage(tx, user.id, claimed, file);
    return true;
  });
  // The same photo arrived twice at once: the other request kept it.
  if (!kept) await files.discard();
  return { data: { sha256: claimed } };
}
