import { machineName } from '../../../domain/machineName.ts';
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { ConfirmOffer } from '../../../../generated/entities.ts';
import { confirmOfferMismatches, formatDuration, priceOffer } from '../../../domain/pricing/index.ts';
import { MAX_SIGNATURE_BYTES, PUBLIC_OFFER_MESSAGES as M } from '../../../domain/publicOffer.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/httpError.ts';
import { NewFiles } from '../../storage/storage.ts';
import { invalid } from '../files/index.ts';
import { announce, negotiationLink, setCustomerAnswer } from '../negotiations/index.ts';
import type { Row } from '../../crud/crudRepository.ts';
import { currentOffer, siteOf, stateOf } from './publicView.ts';
import {
  acceptanceOf,
  customerSide,
  insertAcceptance,
  lostReason,
  offerStatusId,
  recordEvent,
  salespersonOf,
  type Visitor,
} from './repository.ts';
import { signedOfferPdf } from './signedPdf.ts';

/** Where signed offers live: DATA_DIR/files/offerte-firmate. */
export const SIGNED_FOLDER = 'files/offerte-firmate';

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const conflict = (message: string, violations?: { field: string; message: string }[]) =>
  new HttpError(409, message, violations);

/** The drawn signature: a PNG by its content, not empty, within MAX_SIGNATURE_BYTES. */
async function signatureOf(dataUrl: string | undefined): Promise<Buffer> {
  if (!dataUrl) throw invalid('firma', M.signatureRequired);
  const buffer = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (buffer.length > MAX_SIGNATURE_BYTES) throw invalid('firma', 'La firma è troppo grande');
  if ((await fileTypeFromBuffer(buffer))?.mime !== 'image/png')
    throw invalid('firma', "La firma deve essere un'immagine PNG");
  return buffer;
}

/** The state a second answer runs into: already accepted, declined, expired, or nothing sent yet. */
function refuseClosed(state: ReturnType<typeof stateOf>) {
  if (state === 'accettata') throw conflict(M.alreadyAccepted);
  if (state === 'rifiutata') throw conflict(M.alreadyDeclined);
  if (state === 'scaduta') throw conflict(M.expired);
  if (state === 'nessuna') throw conflict(M.noOffer);
}

/** Tells the salesperson at once, on their own topic of the push hub, beside the usual "updated". */
async function tell(ctx: AppContext, row: Row, event: string, byName: string) {
  await announce(ctx, row, 'updated', null);
  if (row.operatoreId)
    await ctx.hub.publish(`/users/${Number(row.operatoreId)}`, {
      entity: 'offertaCliente',
      event,
      entityId: Number(row.id),
      byName: byName.slice(0, 201),
    });
}

/**
 * The customer accepts the latest version: every figure is priced again by the engine, the version must be
 * the one the page showed, the signed PDF is stored and mailed, the salesperson is told.
 */
export async function acceptOffer(
  ctx: AppContext,
  negotiationId: number,
  body: ConfirmOffer,
  visitor: Visitor,
  now: Date,
): Promise<string> {
  if (body.condizioniAccettate !== true) throw invalid('condizioniAccettate', M.conditionsRequired);
  const firmatario = body.firmatario?.trim() ?? '';
  if (firmatario.length < 3) throw invalid('firmatario', M.signerRequired);
  const firma = await signatureOf(body.firma);
  if (!body.hash) throw invalid('hash', "Manca l'impronta della versione dell'offerta");

  // The signed PDF is in place if and only if the acceptance that names it is stored (storage/storage.ts).
  const files = new NewFiles(ctx.storage);
  const row = await files.commit(ctx.db, async (tx) => {
    const side = await customerSide(tx, negotiationId, true);
    if (!side) throw new HttpError(404, 'Risorsa non trovata');
    const offer = await currentOffer(ctx, tx, negotiationId);
    refuseClosed(stateOf(side, offer, !!(await acceptanceOf(tx, negotiationId)), now));
    if (!offer) throw conflict(M.noOffer);
    const v = offer.version;
    if (body.hash !== v.hash)
      throw conflict(M.newVersion(v.number), [{ field: 'hash', message: M.newVersion(v.number) }]);
    const option = offer.options.find((o) => o.code === (body.assicurazioneTipo ?? ''));
    if (!option) throw invalid('assicurazioneTipo', body.assicurazioneTipo ? M.insuranceUnknown : M.insuranceRequired);
    // The figures of the option were priced from the frozen version; price once more here, as it is now.
    const pricing = priceOffer({
      ...v.input,
      insurance: { code: option.code, name: option.name, percentage: option.percentage },
    });
    const mismatches = confirmOfferMismatches(body, pricing);
    if (mismatches.length || !pricing.figures) throw conflict(M.pricesChanged, mismatches);
    const figures = pricing.figures;

    const pdf = await signedOfferPdf({
      company: ctx.mail.config.company,
      ragioneSociale: side.ragioneSociale ?? '',
      numero: v.number,
      inviataIl: v.sentAt,
      hash: v.hash,
      dal: v.header.period.from,
      al: v.header.period.to,
      durata: pricing.duration ? formatDuration(pricing.duration.value, pricing.duration.unit) : null,
      cantiere: siteOf(v),
      gruppoRisorse: machineName(v.header.resourceGroup),
      option: { ...option, figures, breakdown: pricing.breakdown },
      firmatario,
      firma,
      accettataIl: now,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
    });
    const stored = await files.add(SIGNED_FOLDER, pdf, 'pdf');
    await insertAcceptance(tx, negotiationId, {
      numero: v.number,
      hash: v.hash,
      accettataIl: now.toISOString(),
      firmatario,
      indirizzo: visitor.ip,
      browser: visitor.userAgent,
      assicurazioneTipo: option.code || null,
      prezzi: figures,
      pdfPath: stored,
      pdfSha256: sha256(pdf),
    });
    await recordEvent(tx, negotiationId, 'accettata', now, visitor, v.number);
    const statoOfferta = await offerStatusId(ctx, tx, 'Accettata');
    const updated = await setCustomerAnswer(tx, negotiationId, {
      acceptedByCustomer: 'Y',
      bozzaOffertaVisualizzata: true,
      offertaInviata: true,
      assicurazioneTipo: option.code || null,
      assicurazionePrezzo: figures.prezzoAssicurazione,
      ...(statoOfferta ? { statoOfferta } : {}),
    });
    const filename = `Offerta_${v.number}_firmata.pdf`;
    // The page tells the signer the document was mailed to them: to whom the offer went, not the negotiation's address.
    const signer = v.header.recipients?.length ? [...v.header.recipients] : side.email ? [side.email] : [];
    if (signer.length)
      await ctx.mail.enqueue(tx, {
        to: signer,
        ...ctx.mail.render.offertaFirmata({ numeroOfferta: v.number, contatto: side.contatto }),
        attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
        cause: { entity: 'trattativaCp', id: negotiationId, user: null },
      });
    const seller = await salespersonOf(tx, side.operatoreId);
    if (seller?.email)
      await ctx.mail.enqueue(tx, {
        to: seller.email,
        ...ctx.mail.render.offertaAccettata({
          ragioneSociale: side.ragioneSociale ?? '',
          numeroOfferta: v.number,
          accettataIl: now.toISOString(),
          link: negotiationLink(ctx.mail.config.publicUrl, negotiationId),
        }),
        attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
        cause: { entity: 'trattativaCp', id: negotiationId, user: null },
      });
    return updated;
  });
  await tell(ctx, row, 'accettata', `${firmatario} (${String(row.ragioneSociale ?? '')})`);
  return M.accepted;
}

/** The customer declines with a lost reason: the offer becomes lost with it, and the salesperson is told. */
export async function declineOffer(
  ctx: AppContext,
  negotiationId: number,
  body: ConfirmOffer,
  visitor: Visitor,
  now: Date,
): Promise<string> {
  const reasonId = body.motivoPersaId;
  if (!reasonId) throw invalid('motivoPersaId', M.reasonRequired);
  const note = body.notePersa?.trim() || null;
  const row = await ctx.db.transaction(async (tx) => {
    const side = await customerSide(tx, negotiationId, true);
    if (!side) throw new HttpError(404, 'Risorsa non trovata');
    const offer = await currentOffer(ctx, tx, negotiationId);
    const state = stateOf(side, offer, !!(await acceptanceOf(tx, negotiationId)), now);
    // An expired offer may still be declined: the salesperson learns why.
    if (state !== 'scaduta') refuseClosed(state);
    const reason = await lostReason(ctx, tx, reasonId);
    if (!reason) throw invalid('motivoPersaId', M.reasonUnknown);
    const motivo = reason.description ?? '';
    await recordEvent(tx, negotiationId, 'rifiutata', now, visitor, [motivo, note].filter(Boolean).join(' — '));
    const statoOfferta = await offerStatusId(ctx, tx, 'Persa');
    const updated = await setCustomerAnswer(tx, negotiationId, {
      acceptedByCustomer: 'N',
      offertaInviata: true,
      motivoPersaId: body.motivoPersaId,
      notePersa: note ?? '',
      ...(statoOfferta ? { statoOfferta } : {}),
    });
    const seller = await salespersonOf(tx, side.operatoreId);
    if (seller?.email)
      await ctx.mail.enqueue(tx, {
        to: seller.email,
        ...ctx.mail.render.offertaRifiutata({
          ragioneSociale: side.ragioneSociale ?? '',
          numeroOfferta: offer?.version.number,
          motivo,
          note,
          link: negotiationLink(ctx.mail.config.publicUrl, negotiationId),
        }),
        cause: { entity: 'trattativaCp', id: negotiationId, user: null },
      });
    return updated;
  });
  await tell(ctx, row, 'rifiutata', String(row.ragioneSociale ?? ''));
  return M.declined;
}
