import { fileTypeFromBuffer } from 'file-type';
import { defineHandlers, type AppContext, type RecordOf } from '../../context.ts';
import { crudRepository, type Row } from '../../crud/crudRepository.ts';
import { idOf } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { deleteAll, keyOf, NewFiles } from '../../storage/storage.ts';
import { FILE_MESSAGES, invalid, readUpload, safeOriginalName } from '../files/index.ts';

/** The storage folder of the brochures' PDFs. */
export const BROCHURES = 'brochure';

export const BROCHURE_MESSAGES = {
  notPdf: 'Il file non è un PDF: caricare la brochure in formato PDF',
  noPdf: (name: string) =>
    `La brochure «${name}» non ha il PDF: caricarlo in Configurazioni › Invio brochure prima di inviarla`,
  pdfGone: (name: string) =>
    `Il PDF della brochure «${name}» non si trova più: caricarlo di nuovo in Configurazioni › Invio brochure`,
} as const;

/** The stored brochure's PDF as an e-mail attachment, or a 400 on the brochure saying what is missing. */
export async function brochureAttachment(ctx: AppContext, brochure: Row) {
  const name = String(brochure.description ?? '');
  const key = keyOf(BROCHURES, brochure.pdfFile);
  if (!key) throw invalid('invioBrochureId', BROCHURE_MESSAGES.noPdf(name));
  const content = await ctx.storage.get(key);
  if (!content) throw invalid('invioBrochureId', BROCHURE_MESSAGES.pdfGone(name));
  return {
    filename: typeof brochure.pdfNome === 'string' && brochure.pdfNome ? brochure.pdfNome : `${name || 'brochure'}.pdf`,
    content,
    contentType: 'application/pdf',
  };
}

export const brochureHandlers = defineHandlers({
  // The PDF sent with the brochure: checked on its content (a real PDF), size-limited by the upload.
  uploadPdfInvioBrochure: async (req, ctx) => {
    const id = idOf(req.params);
    const { model, repo } = ctx.resource('InvioBrochure');
    const before = await repo.raw(id);
    if (!before) throw new HttpError(404, MESSAGES.notFound);
    const { file } = await readUpload(req, ctx);
    if (!file || file.buffer.length === 0) throw invalid('file', FILE_MESSAGES.missing);
    if ((await fileTypeFromBuffer(file.buffer))?.mime !== 'application/pdf')
      throw invalid('file', BROCHURE_MESSAGES.notPdf);
    const files = new NewFiles(ctx.storage);
    const stored = await files.add(BROCHURES, file.buffer, 'pdf');
    const data = await files.commit(ctx.db, (tx) =>
      crudRepository<RecordOf<'InvioBrochure'>>(tx, model).update(
        id,
        {},
        {
          pdfFile: stored,
          pdfNome: safeOriginalName(file.name, 'pdf', 'brochure'),
          pdfDimensione: file.buffer.length,
        },
      ),
    );
    // A crash before this leaves the old PDF to the sweep at start: no brochure names it any more.
    await deleteAll(ctx.storage, BROCHURES, [before.pdfFile]);
    return { data };
  },

  downloadPdfInvioBrochure: async (req, ctx) => {
    const row = await ctx.resource('InvioBrochure').repo.raw(idOf(req.params));
    const key = keyOf(BROCHURES, row?.pdfFile);
    const content = key ? await ctx.storage.stream(key) : null;
    if (!row || !content) throw new HttpError(404, MESSAGES.notFound);
    const name = typeof row.pdfNome === 'string' && row.pdfNome ? row.pdfNome : 'brochure.pdf';
    return req.reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(content);
  },
});
