import type { DannoSegnato, GravitaDanno, SagomaMezzo, TipoDanno, VistaSagoma } from '../../../generated/entities.ts';
import { GravitaDannoValues, TipoDannoValues, VistaSagomaValues, SagomaMezzoValues } from '../../../generated/enums.ts';

export type { DannoSegnato, GravitaDanno, SagomaMezzo, TipoDanno, VistaSagoma };

/** The most marks one check-in carries: a machine is seldom worse, and the PDF stays readable. */
export const MAX_MARKS = 30;

/** A mark while the wizard holds it: its photos by their key on the tablet, and an id of its own. */
export interface DraftMark extends Omit<DannoSegnato, 'foto'> {
  id: string;
  foto: string[];
}

/** A mark of an earlier check-in of the same serial number, as the server answers it. */
export interface EarlierMark extends Omit<DannoSegnato, 'foto'> {
  accettazioneId: number;
  dataAccettazione: string;
  indice: number;
  riparatoIl?: string | null;
}

/** What a view of the outline shows: the earlier marks (black, grey once repaired) and the new ones (red). */
export interface ShownMark {
  key: string;
  /** The number printed in the circle: new marks 1, 2…; earlier ones P1, P2… */
  label: string;
  vista: VistaSagoma;
  x: number;
  y: number;
  state: 'new' | 'earlier' | 'repaired';
}

const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;

/**
 * The point of a tap on a view drawn in `rect`, as a fraction of its width and height (0..1, four decimals):
 * the same mark on any screen size and in the PDF. A tap just outside the drawing is kept on its edge.
 */
export function normalisePoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0, y: 0 };
  return { x: round((clientX - rect.left) / rect.width), y: round((clientY - rect.top) / rect.height) };
}

/** The earlier marks (numbered P1… in the order the server gives, oldest acceptance first) and the new ones. */
export function marksToShow(earlier: readonly EarlierMark[], current: readonly Pick<DraftMark, 'vista' | 'x' | 'y'>[]) {
  const shown: ShownMark[] = earlier.map((m, i) => ({
    key: `p-${m.accettazioneId}-${m.indice}`,
    label: `P${i + 1}`,
    vista: m.vista,
    x: m.x,
    y: m.y,
    state: m.riparatoIl ? 'repaired' : 'earlier',
  }));
  current.forEach((m, i) =>
    shown.push({ key: `n-${i}`, label: String(i + 1), vista: m.vista, x: m.x, y: m.y, state: 'new' }),
  );
  return shown;
}

/**
 * The marks as they travel (`danniSegnati`): each names its photos by their position among the acceptance's photos,
 * which are the general ones followed by those of the marks (a photo taken for two marks travels once).
 */
export function marksPayload(
  generalPhotos: readonly string[],
  marks: readonly DraftMark[],
): { photos: string[]; danniSegnati: DannoSegnato[] } {
  const photos = [...generalPhotos];
  for (const m of marks) for (const p of m.foto) if (!photos.includes(p)) photos.push(p);
  const danniSegnati = marks.map(({ vista, x, y, tipo, gravita, note, foto }) => ({
    vista,
    x,
    y,
    tipo,
    gravita,
    ...(note?.trim() ? { note: note.trim() } : {}),
    foto: foto.map((p) => photos.indexOf(p)),
  }));
  return { photos, danniSegnati };
}

export interface MarkError {
  field: string;
  message: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const inUnit = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;

/**
 * The server's reading of `danniSegnati` (the JSON text of the multipart field): each mark on a view of the list, at a
 * point within the drawing, of a type and severity of the lists, with at least one of this acceptance's
 * `photoCount` photos. Errors name the field as `danniSegnati.<n>.<field>` and the mark by its number.
 */
export function readDamageMarks(
  text: string | undefined,
  photoCount: number,
): { marks: DannoSegnato[] } | { errors: MarkError[] } {
  if (text === undefined || text.trim() === '') return { marks: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {
      errors: [{ field: 'danniSegnati', message: 'I danni segnati non sono leggibili: rifare la segnalazione' }],
    };
  }
  if (!Array.isArray(parsed))
    return { errors: [{ field: 'danniSegnati', message: 'I danni segnati devono essere un elenco' }] };
  if (parsed.length > MAX_MARKS)
    return { errors: [{ field: 'danniSegnati', message: `Al massimo ${MAX_MARKS} danni per accettazione` }] };
  const errors: MarkError[] = [];
  const marks: DannoSegnato[] = [];
  parsed.forEach((raw: unknown, i) => {
    const n = i + 1;
    const at = (field: string, message: string) => errors.push({ field: `danniSegnati.${i}.${field}`, message });
    if (!isRecord(raw)) return at('vista', `Il danno ${n} non è valido`);
    const { vista, x, y, tipo, gravita, note, foto } = raw;
    const before = errors.length;
    if (!VistaSagomaValues.includes(vista as VistaSagoma))
      at('vista', `Danno ${n}: la vista deve essere una di ${VistaSagomaValues.join(', ')}`);
    if (!inUnit(x) || !inUnit(y))
      at(inUnit(x) ? 'y' : 'x', `Danno ${n}: la posizione deve essere sulla sagoma (coordinate da 0 a 1)`);
    if (!TipoDannoValues.includes(tipo as TipoDanno))
      at('tipo', `Danno ${n}: scegliere il tipo (${TipoDannoValues.join(', ')})`);
    if (!GravitaDannoValues.includes(gravita as GravitaDanno)) at('gravita', `Danno ${n}: la gravità va da 1 a 3`);
    if (note !== undefined && (typeof note !== 'string' || note.length > 500))
      at('note', `Danno ${n}: la descrizione può avere al massimo 500 caratteri`);
    const photos = Array.isArray(foto) ? foto : [];
    if (!photos.length) at('foto', `Danno ${n}: scattare almeno una foto del danno`);
    else if (photos.length > 5 || !photos.every((p) => Number.isInteger(p) && p >= 0 && p < photoCount))
      at('foto', `Danno ${n}: le sue foto devono essere tra le foto di questa accettazione`);
    if (errors.length === before)
      marks.push({
        vista: vista as VistaSagoma,
        x: x as number,
        y: y as number,
        tipo: tipo as TipoDanno,
        gravita: gravita as GravitaDanno,
        ...(typeof note === 'string' && note.trim() ? { note: note.trim() } : {}),
        foto: photos as number[],
      });
  });
  return errors.length ? { errors } : { marks };
}

export const isOutline = (v: unknown): v is SagomaMezzo => SagomaMezzoValues.includes(v as SagomaMezzo);
