import canonicalize from 'canonicalize';
import type { FastifyReply } from 'fastify';
import {
  checkValueText,
  readDamageMarks,
  validateAcceptance,
  type AcceptanceError,
} from '../../../domain/acceptance/index.ts';
import { romeToday } from '../../../domain/calendar/index.ts';
import { defineHandlers, type AppContext, type Handler, type ServerModule } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { NewFiles } from '../../storage/storage.ts';
import { namedBy } from '../../storage/sweep.ts';
import { ACCEPTANCE_FOLDER, acceptanceKey, isStored } from './acceptanceFiles.ts';
import { acceptancePdf } from './acceptancePdf.ts';
import { ACCEPTANCE_FILES, acceptanceRepository as repo } from './acceptanceRepository.ts';
import { readAcceptanceUpload, sha256 } from './acceptanceUpload.ts';
import { uploadPhoto } from './photoUpload.ts';
import { personName } from '../../../domain/personName.ts';

/** Who may choose another operator than themselves (issue 17: "changeable by supervisors"). */
const CHOOSES_OPERATOR = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'];

const refuse = (errors: AcceptanceError[]) =>
  new HttpError(
    400,
    MESSAGES.invalid,
    errors.map((e) => ({ field: e.field, message: e.message })),
  );

const create: Handler<'createAccettazioneMezzo'> = async (req, ctx) => {
  const user = req.user;
  if (!user) throw new HttpError(401, MESSAGES.tokenMissing);
  const upload = await readAcceptanceUpload(req, ctx.config.maxUploadBytes);
  const { draft, idempotencyKey: key } = upload;

  // A retried send (the tablet lost the answer) gets the acceptance it already stored, never a second one.
  if (key) {
    const known = await repo.byKey(ctx, key);
    if (known) {
      if (known.creatoDa !== user.id) throw new HttpError(409, MESSAGES.duplicate);
      return { data: known.record };
    }
  }

  const previous = draft.matricole ? await repo.lastOf(ctx, draft.matricole) : null;
  const types = await repo.controlTypes(ctx);
  const errors = validateAcceptance(draft, types, repo.previousReading(previous), { signed: !!upload.signature });
  const read = readDamageMarks(upload.marks, upload.staged.length || upload.photos.length);
  const marks = 'marks' in read ? read.marks : [];
  if ('errors' in read) errors.push(...read.errors.map((e) => ({ ...e, step: 1 as const })));
  if (marks.length && !draft.sagoma)
    errors.push({ step: 1, field: 'sagoma', message: 'Scegliere la sagoma del mezzo su cui sono segnati i danni' });
  if (errors.length) throw refuse(errors);
  if (draft.operatore !== user.id && !user.roles.some((r) => CHOOSES_OPERATOR.includes(r)))
    throw refuse([
      { step: 1, field: 'operatore', message: 'Solo un supervisore può registrare a nome di un altro operatore' },
    ]);
  const operator = draft.operatore ? await repo.user(ctx, draft.operatore) : null;
  if (!operator?.active)
    throw refuse([{ step: 1, field: 'operatore', message: "L'operatore scelto non esiste o non è attivo" }]);

  const controlli = types.flatMap((t) => {
    const answer = t.id === undefined ? null : checkValueText(t, draft.controlli[t.id]);
    return t.id !== undefined && answer && 'value' in answer ? [{ controlloId: t.id, valore: answer.value }] : [];
  });
  const created = new Date().toISOString();
  const sealed = {
    operatore: operator.id,
    operatoreNome: operator.nome,
    dataAccettazione: draft.dataAccettazione,
    // A marked damage is damage, whatever the switch says.
    danni: (draft.danni ?? false) || marks.length > 0,
    carburante: draft.carburante,
    tacche: draft.tacche,
    controlli,
    km: draft.km ?? null,
    ore: draft.ore ?? null,
    matricole: draft.matricole ?? '',
    noteCliente: draft.noteCliente ?? '',
    noteInterne: draft.noteInterne ?? '',
    motivoLetturaInferiore: draft.motivoLetturaInferiore ?? '',
    sagoma: draft.sagoma ?? null,
    modello: draft.modello ?? '',
    // The marks are part of what the customer signs, so of the record's fingerprint.
    danniSegnati: marks,
    fotoSha256: upload.staged.length ? upload.staged : upload.photos.map((p) => p.sha256),
    firmaSha256: upload.signature?.sha256 ?? null,
    created,
  };
  const recordHash = sha256(canonicalize(sealed) ?? '');

  // Photos uploaded one by one before: each must be here, the user's own, with its file.
  const stagedFiles: string[] = [];
  for (const [i, hash] of upload.staged.entries()) {
    const file = await repo.stagedFile(ctx, user.id, hash);
    if (!file || !(await isStored(ctx, file)))
      throw refuse([
        { step: 2, field: 'foto', message: `La foto ${i + 1} non è ancora arrivata al server: inviarla di nuovo` },
      ]);
    stagedFiles.push(file);
  }

  // The files are in place if and only if the row that names them is stored (storage/storage.ts, NewFiles).
  const files = new NewFiles(ctx.storage);
  const photos: string[] = [];
  let firma = '';
  try {
    for (const photo of upload.photos) photos.push(await files.add(ACCEPTANCE_FOLDER, photo.buffer, photo.ext));
    if (upload.signature) firma = await files.add(ACCEPTANCE_FOLDER, upload.signature.buffer, 'png');
  } catch (err) {
    await files.discard();
    throw err;
  }
  const row = await files.commit(ctx.db, async (tx) => {
    const stored = await repo.insert(tx, {
      ...sealed,
      foto: upload.staged.length ? stagedFiles : photos,
      firma,
      sha256: recordHash,
      addenda: [],
      riparazioni: [],
      chiaveIdempotenza: key,
      creatoDa: user.id,
    });
    if (stored) await repo.unstage(tx, user.id, upload.staged);
    return stored;
  });
  if (row) return { data: repo.toRecord(ctx, row) };
  // The same key arrived twice at once: the other request stored it.
  await files.discard();
  const known = key ? await repo.byKey(ctx, key) : null;
  if (!known) throw new HttpError(409, MESSAGES.duplicate);
  return { data: known.record };
};

/** The stored photo or signature by name; 404 when there is none. */
async function sendImage(reply: FastifyReply, ctx: AppContext, name: unknown) {
  const key = acceptanceKey(name);
  const content = key ? await ctx.storage.stream(key) : null;
  if (!key || !content) throw new HttpError(404, MESSAGES.notFound);
  return reply
    .type(key.endsWith('.png') ? 'image/png' : 'image/jpeg')
    .header('Cache-Control', 'private, max-age=31536000, immutable')
    .header('X-Content-Type-Options', 'nosniff')
    .send(content);
}

async function rowOr404(id: number, ctx: AppContext) {
  const row = await repo.raw(ctx, id);
  if (!row) throw new HttpError(404, MESSAGES.notFound);
  return row;
}

/**
 * The workshop marks damage n of an acceptance repaired (issue 32): on a day from the acceptance's to today, once.
 * The acceptance itself stays as signed; the repair is kept beside it, with who marked it.
 */
const markRepaired: Handler<'createRiparazioneDannoAccettazione'> = async (req, ctx) => {
  const row = await rowOr404(req.params.id, ctx);
  const n = req.params.n;
  const marks = (row.danniSegnati as unknown[] | null) ?? [];
  if (n >= marks.length) throw new HttpError(404, MESSAGES.notFound);
  const { data } = req.body;
  const bad = (message: string) => new HttpError(400, MESSAGES.invalid, [{ field: 'data', message }]);
  if (data > romeToday()) throw bad('La data della riparazione non può essere futura');
  if (data < String(row.dataAccettazione))
    throw bad("La data della riparazione non può precedere l'accettazione che ha segnato il danno");
  const repaired = await repo.addRepair(ctx, Number(row.id), {
    indice: n,
    data,
    autore: req.user ? personName(req.user) : '',
    creato: new Date().toISOString(),
  });
  if (!repaired) throw new HttpError(409, 'Il danno è già segnato come riparato');
  return { data: repaired };
};

/** Vehicle acceptance (issue 17): the wizard's save, the machine's last check-in, photos, signature, PDF, addenda. */
export const acceptanceModule: ServerModule = {
  files: () => [{ folder: ACCEPTANCE_FOLDER, referenced: namedBy(ACCEPTANCE_FILES) }],
  handlers: defineHandlers({
    createAccettazioneMezzo: create,
    uploadAccettazioneMezzoFoto: uploadPhoto,

    getUltimaAccettazioneMezzo: async (req, ctx) => ({ data: await repo.lastOf(ctx, String(req.query.matricole)) }),

    listOperatoriAccettazioneMezzo: async (_req, ctx) => ({ data: await repo.operators(ctx) }),

    downloadAccettazioneMezzoFoto: async (req, ctx) => {
      const row = await rowOr404(req.params.id, ctx);
      const name = (row.foto as unknown[] | null)?.[Number(req.params.n)];
      return sendImage(req.reply, ctx, name);
    },

    downloadAccettazioneMezzoFirma: async (req, ctx) => {
      return sendImage(req.reply, ctx, (await rowOr404(req.params.id, ctx)).firma);
    },

    listDanniPrecedentiAccettazioneMezzo: async (req, ctx) => ({
      data: await repo.earlierMarks(ctx, req.query.matricole, req.query.prima),
    }),

    getMacchinaErpAccettazioneMezzo: async (req, ctx) => ({
      data: await ctx.erp.machineBySerial(req.query.matricola.trim()),
    }),

    createRiparazioneDannoAccettazione: markRepaired,

    downloadAccettazioneMezzoPdf: async (req, ctx) => {
      const row = await rowOr404(req.params.id, ctx);
      const earlier = row.matricole ? await repo.earlierMarks(ctx, String(row.matricole), Number(row.id)) : [];
      const pdf = await acceptancePdf(ctx, row, await repo.controlTypes(ctx), earlier);
      return req.reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="accettazione-${Number(row.id)}.pdf"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },

    createAccettazioneMezzoAddendum: async (req, ctx) => {
      const { testo } = req.body;
      if (!testo.trim())
        throw new HttpError(400, MESSAGES.invalid, [
          { field: 'testo', message: "Il testo dell'integrazione è obbligatorio" },
        ]);
      const user = req.user;
      const autore = user ? personName(user) : '';
      const data = await repo.addAddendum(ctx, req.params.id, {
        testo: testo.trim(),
        autore,
        creato: new Date().toISOString(),
      });
      if (!data) throw new HttpError(404, MESSAGES.notFound);
      return { data };
    },
  }),
};
