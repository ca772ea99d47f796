import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  isNotch,
  isOutline,
  newAcceptanceDraft,
  notchesFor,
  type AcceptanceDraft,
} from '../../../domain/acceptance/index.ts';
import { formatFileSize } from '../../../domain/fileSize.ts';
import type { Violation } from '../../http/httpError.ts';
import type { ApiRequest } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';

/** The most photos one acceptance carries (the browser says the same before saving). */
export const MAX_PHOTOS = 20;

export interface UploadedImage {
  buffer: Buffer;
  ext: 'png' | 'jpg';
  sha256: string;
}

export interface AcceptanceUpload {
  draft: AcceptanceDraft;
  idempotencyKey: string | null;
  photos: UploadedImage[];
  /** The hashes of photos already uploaded one by one, in order, when no photo came with the acceptance. */
  staged: string[];
  signature: UploadedImage | null;
  /** The damage marks as sent (JSON text), read against the photos by `readDamageMarks`. */
  marks: string | undefined;
}

const TEXT_LIMITS: Record<string, number> = {
  operatore: 20,
  dataAccettazione: 10,
  danni: 5,
  carburante: 5,
  km: 12,
  ore: 12,
  matricole: 1000,
  noteCliente: 4000,
  noteInterne: 4000,
  motivoLetturaInferiore: 1000,
  sagoma: 30,
  modello: 255,
  danniSegnati: 16000,
  tacche: 200,
  chiaveIdempotenza: 64,
  'controlloId[]': 12,
  'valore[]': 1000,
  'fotoSha256[]': 64,
};
const FIELD_TITLES: Record<string, string> = {
  matricole: 'Matricole',
  noteCliente: 'Note per il cliente',
  noteInterne: 'Note interne',
  motivoLetturaInferiore: 'Motivo lettura inferiore',
  modello: 'Modello',
  danniSegnati: 'Danni segnati',
  'valore[]': 'Valore',
};
export const IMAGE_EXT: Record<string, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const PHOTO_FIELD = /^foto-(\d{1,2})$/;
const KEY = /^[A-Za-z0-9_-]{16,64}$/;
export const SHA256 = /^[0-9a-f]{64}$/;

export const sha256 = (buffer: Buffer | string) => createHash('sha256').update(buffer).digest('hex');

const bad = (violations: Violation[]) => new HttpError(400, MESSAGES.invalid, violations);

/** A whole number typed in the form, or NaN (the acceptance rules name the field). */
function integerOf(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/**
 * Reads the multipart body of `POST /api/accettazioni_mezzi` (SPEC.md sections 5 and 7) into a draft the
 * acceptance rules can check, the photos in the order of their `foto-N` names and the signature; every
 * image is checked by its content (png, jpeg), its size and, when the tablet sent it, its SHA-256.
 */
export async function readAcceptanceUpload(
  req: ApiRequest<'createAccettazioneMezzo'>,
  maxFileBytes: number,
): Promise<AcceptanceUpload> {
  if (!req.raw.isMultipart()) throw bad([{ field: 'operatore', message: "L'operatore è obbligatorio" }]);
  const fields = new Map<string, string[]>();
  const files: { field: string; buffer: Buffer }[] = [];
  const violations: Violation[] = [];
  try {
    const parts = req.raw.parts({
      limits: { fileSize: maxFileBytes, files: MAX_PHOTOS + 2, fields: 400, parts: 430, fieldSize: 4096 * 4 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
          const n = Number(PHOTO_FIELD.exec(part.fieldname)?.[1] ?? -1) + 1;
          const what = n > 0 ? `La foto ${n}` : part.fieldname === 'firma' ? 'La firma' : 'Il file';
          throw bad([
            {
              field: n > 0 ? 'foto' : part.fieldname,
              message: `${what} supera il limite di ${formatFileSize(maxFileBytes)}`,
            },
          ]);
        });
        files.push({ field: part.fieldname, buffer });
      } else {
        const value = String(part.value ?? '');
        const limit = TEXT_LIMITS[part.fieldname];
        if (limit === undefined) violations.push({ field: part.fieldname, message: 'campo non previsto' });
        else if (value.length > limit)
          violations.push({
            field: part.fieldname.replace('[]', ''),
            message: `Il campo «${FIELD_TITLES[part.fieldname] ?? part.fieldname}» può avere al massimo ${limit} caratteri`,
          });
        else fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), value]);
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw bad([{ field: 'foto', message: `Al massimo ${MAX_PHOTOS} foto per accettazione` }]);
    throw new HttpError(400, MESSAGES.badMultipart);
  }
  if (violations.length) throw bad(violations);

  const one = (name: string) => fields.get(name)?.at(-1);
  const controlIds = fields.get('controlloId[]') ?? [];
  const values = fields.get('valore[]') ?? [];
  if (controlIds.length !== values.length)
    throw bad([{ field: 'controlli', message: 'Ogni controllo deve avere il suo valore' }]);
  const controlli: AcceptanceDraft['controlli'] = {};
  for (const [i, id] of controlIds.entries()) {
    if (!/^[1-9]\d{0,9}$/.test(id)) throw bad([{ field: 'controlli', message: 'Controllo non valido' }]);
    controlli[Number(id)] = values[i] ?? '';
  }

  const carburante = integerOf(one('carburante')) ?? 0;
  const danni = one('danni');
  if (danni !== undefined && danni !== 'true' && danni !== 'false')
    throw bad([{ field: 'danni', message: 'Il campo «Danni» deve essere sì o no' }]);
  const key = one('chiaveIdempotenza') ?? null;
  if (key !== null && !KEY.test(key))
    throw bad([{ field: 'chiaveIdempotenza', message: 'La chiave di invio non è valida' }]);

  const draft: AcceptanceDraft = {
    ...newAcceptanceDraft(integerOf(one('operatore')) || null, one('dataAccettazione') ?? ''),
    danni: danni === 'true',
    carburante,
    tacche: notchesFor(isNotch(carburante) ? carburante : 0),
    km: integerOf(one('km')),
    ore: integerOf(one('ore')),
    matricole: (one('matricole') ?? '').trim(),
    noteCliente: one('noteCliente') ?? '',
    noteInterne: one('noteInterne') ?? '',
    motivoLetturaInferiore: (one('motivoLetturaInferiore') ?? '').trim(),
    controlli,
  };
  const sagoma = one('sagoma');
  if (sagoma !== undefined && sagoma !== '') {
    if (!isOutline(sagoma))
      throw bad([{ field: 'sagoma', message: 'La sagoma deve essere furgone, piattaforma o movimento_terra' }]);
    draft.sagoma = sagoma;
  }
  const modello = one('modello')?.trim();
  if (modello) draft.modello = modello;

  const photoFiles = files
    .filter((f) => PHOTO_FIELD.test(f.field))
    .sort((a, b) => Number(PHOTO_FIELD.exec(a.field)?.[1]) - Number(PHOTO_FIELD.exec(b.field)?.[1]));
  const unknown = files.find((f) => f.field !== 'firma' && !PHOTO_FIELD.test(f.field));
  if (unknown) throw bad([{ field: unknown.field, message: 'campo non previsto' }]);
  if (photoFiles.length > MAX_PHOTOS)
    throw bad([{ field: 'foto', message: `Al massimo ${MAX_PHOTOS} foto per accettazione` }]);
  const hashes = fields.get('fotoSha256[]');
  if (hashes && hashes.length > MAX_PHOTOS)
    throw bad([{ field: 'foto', message: `Al massimo ${MAX_PHOTOS} foto per accettazione` }]);
  // Hashes without files name photos uploaded before, one by one (POST /api/accettazioni_mezzi/foto).
  const staged = hashes && photoFiles.length === 0 ? hashes : [];
  if (hashes && ((photoFiles.length > 0 && hashes.length !== photoFiles.length) || hashes.some((h) => !SHA256.test(h))))
    throw bad([{ field: 'foto', message: 'Le impronte delle foto non corrispondono alle foto inviate' }]);

  const photos: UploadedImage[] = [];
  for (const [i, file] of photoFiles.entries()) {
    const n = i + 1;
    const ext = IMAGE_EXT[(await fileTypeFromBuffer(file.buffer))?.mime ?? ''];
    if (!ext)
      throw bad([
        { field: 'foto', message: `La foto ${n} non è un'immagine: sono accettate immagini png, jpg e jpeg` },
      ]);
    const digest = sha256(file.buffer);
    if (hashes && hashes[i] !== digest)
      throw bad([{ field: 'foto', message: `La foto ${n} è arrivata incompleta o alterata: inviarla di nuovo` }]);
    photos.push({ buffer: file.buffer, ext, sha256: digest });
  }

  let signature: UploadedImage | null = null;
  const firma = files.filter((f) => f.field === 'firma');
  if (firma.length > 1) throw bad([{ field: 'firma', message: 'Inviare una sola firma' }]);
  if (firma[0]) {
    const ext = IMAGE_EXT[(await fileTypeFromBuffer(firma[0].buffer))?.mime ?? ''];
    if (ext !== 'png') throw bad([{ field: 'firma', message: "La firma deve essere un'immagine PNG" }]);
    signature = { buffer: firma[0].buffer, ext, sha256: sha256(firma[0].buffer) };
  }
  return { draft, idempotencyKey: key, photos, staged, signature, marks: one('danniSegnati') };
}
