import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_OFFER_MESSAGES as M } from '../../../domain/publicOffer.ts';
import { defineHandlers, type AppContext, type ServerModule } from '../../context.ts';
import { idOf } from '../../crud/genericHandler.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { announce, markOfferSeen, negotiationLink, viewerOf, visibleRow } from '../negotiations/index.ts';
import { keyOf } from '../../storage/storage.ts';
import { namedBy } from '../../storage/sweep.ts';
import { acceptOffer, declineOffer, SIGNED_FOLDER } from './confirm.ts';
import { publicView } from './publicView.ts';
import { startReminders } from './reminders.ts';
import {
  acceptanceOf,
  customerSide,
  eventsOf,
  insurances,
  recordedSince,
  recordEvent,
  SIGNED_PDFS_SQL,
  salespersonOf,
  type Visitor,
} from './repository.ts';

/** A view is recorded once per address in this time, a new-offer request told once: the history stays short. */
const VIEW_EVERY_MS = 10 * 60_000;
const REQUEST_EVERY_MS = 10 * 60_000;

const visitorOf = (raw: FastifyRequest): Visitor => ({
  ip: raw.ip,
  userAgent: String(raw.headers['user-agent'] ?? '').slice(0, 500) || 'sconosciuto',
});

/** The negotiation of the public token; the access guard has checked it against the path's code already. */
function negotiationOf(req: { publicOffer: { negotiationId: number } | null }): number {
  if (!req.publicOffer) throw new HttpError(404, MESSAGES.notFound);
  return req.publicOffer.negotiationId;
}

/** The signed PDF of a negotiation's accepted offer, as stored at the signature; 404 before it. */
async function sendSignedPdf(ctx: AppContext, reply: FastifyReply, id: number) {
  const a = await acceptanceOf(ctx.db, id);
  const key = a ? keyOf(SIGNED_FOLDER, path.basename(a.pdfPath)) : null;
  const content = key ? await ctx.storage.stream(key) : null;
  if (!a || !content) throw new HttpError(404, MESSAGES.notFound);
  reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="Offerta_${a.numero}_firmata.pdf"`)
    .header('X-Content-Type-Options', 'nosniff');
  return reply.send(content);
}

/**
 * The customer's public offer page (issue 16): the offer as the customer sees it, the draft viewed, the
 * signed acceptance or the decline, a new offer asked for; and what the staff read of it. See README.md.
 */
export const publicOfferModule: ServerModule = {
  files: () => [{ folder: SIGNED_FOLDER, referenced: namedBy(SIGNED_PDFS_SQL) }],
  /** Reminders to the customer three days and one day before the offer expires. */
  start: startReminders,
  handlers: defineHandlers({
    getTrattativaCpPublic: async (req, ctx) => ({ data: await publicView(ctx, negotiationOf(req), new Date()) }),

    setTrattativaCpDraftViewed: async (req, ctx) => {
      const id = negotiationOf(req);
      const visitor = visitorOf(req.raw);
      const now = new Date();
      const first = await ctx.db.transaction(async (tx) => {
        // A customer who opened the offer's link has received the offer, whatever the outbox could tell.
        const seen = await markOfferSeen(tx, id);
        if (!(await recordedSince(tx, id, 'visualizzata', new Date(now.getTime() - VIEW_EVERY_MS), visitor.ip)))
          await recordEvent(tx, id, 'visualizzata', now, visitor);
        return seen ?? null;
      });
      if (first) await announce(ctx, first, 'updated', null);
      return { message: 'Operazione completata con successo' };
    },

    confirmTrattativaCpOffer: async (req, ctx) => {
      const id = negotiationOf(req);
      const visitor = visitorOf(req.raw);
      const now = new Date();
      const message =
        req.body.acceptedByCustomer === 'Y'
          ? await acceptOffer(ctx, id, req.body, visitor, now)
          : await declineOffer(ctx, id, req.body, visitor, now);
      return { message };
    },

    requestTrattativaCpNewOffer: async (req, ctx) => {
      const id = negotiationOf(req);
      const visitor = visitorOf(req.raw);
      const now = new Date();
      const row = await ctx.db.transaction(async (tx) => {
        const side = await customerSide(tx, id, true);
        if (!side) throw new HttpError(404, MESSAGES.notFound);
        if (await recordedSince(tx, id, 'nuovaOffertaRichiesta', new Date(now.getTime() - REQUEST_EVERY_MS)))
          return null;
        await recordEvent(tx, id, 'nuovaOffertaRichiesta', now, visitor);
        const seller = await salespersonOf(tx, side.operatoreId);
        if (seller?.email)
          await ctx.mail.enqueue(tx, {
            to: seller.email,
            ...ctx.mail.render.richiestaNuovaOfferta({
              ragioneSociale: side.ragioneSociale ?? '',
              contatto: side.contatto,
              email: side.email,
              messaggio: "L'offerta è scaduta: il cliente chiede una nuova offerta.",
              link: negotiationLink(ctx.mail.config.publicUrl, id),
            }),
            cause: { entity: 'trattativaCp', id, user: null },
          });
        return side;
      });
      if (row?.operatoreId)
        await ctx.hub.publish(`/users/${row.operatoreId}`, {
          entity: 'offertaCliente',
          event: 'nuovaOffertaRichiesta',
          entityId: id,
          byName: (row.ragioneSociale ?? '').slice(0, 201),
        });
      return { message: M.requestTaken };
    },

    getTrattativaCpOffertaCliente: async (req, ctx) => {
      const id = idOf(req.params);
      await visibleRow(ctx.db, await viewerOf(ctx, req.user), id);
      const a = await acceptanceOf(ctx.db, id);
      return {
        data: {
          accettazione: a
            ? {
                numero: a.numero,
                hash: a.hash,
                accettataIl: a.accettataIl,
                firmatario: a.firmatario,
                indirizzo: a.indirizzo,
                browser: a.browser,
                assicurazioneTipo: a.assicurazioneTipo,
                // Staff read the insurance by its name, as the customer chose it, not by its code.
                assicurazioneNome: a.assicurazioneTipo
                  ? ((await insurances(ctx, ctx.db)).find((i) => i.code === a.assicurazioneTipo)?.name ??
                    a.assicurazioneTipo)
                  : null,
                pdfSha256: a.pdfSha256,
                prezzi: a.prezzi,
              }
            : null,
          eventi: await eventsOf(ctx.db, id),
        },
      };
    },

    downloadTrattativaCpOffertaFirmata: async (req, ctx) => {
      const id = idOf(req.params);
      await visibleRow(ctx.db, await viewerOf(ctx, req.user), id);
      return sendSignedPdf(ctx, req.reply, id);
    },

    // The customer keeps the signed document from the page too, not only from the e-mail.
    downloadTrattativaCpOffertaFirmataPublic: (req, ctx) => sendSignedPdf(ctx, req.reply, negotiationOf(req)),
  }),
};
