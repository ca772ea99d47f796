import { defineHandlers } from '../../context.ts';
import { invalid } from '../files/index.ts';
import { ensureDocumentToken, sendAboutNegotiation, text, viewerOf, visibleRow } from '../negotiations/index.ts';
import { renderOfferPdf } from './pdf/offerPdf.ts';
import { NO_OFFER, freezeOfferVersion } from './pricing/freeze.ts';

export const sendOfferHandlers = defineHandlers({
  sendTrattativaCpOfferta: async (req, ctx) => {
    const body = req.body;
    const viewer = await viewerOf(ctx, req.user);
    const stored = await visibleRow(ctx.db, viewer, body.idTrattativaCp);
    if (stored.offerta !== 'Y') throw invalid('offerta', NO_OFFER);
    // The public page needs a document token: a negotiation made before they were given at creation gets one now.
    const documentToken = await ensureDocumentToken(ctx.db, body.idTrattativaCp);
    // Sending freezes a numbered version of the saved offer, priced again now; its PDF goes with the mail.
    return sendAboutNegotiation(req, ctx, body.idTrattativaCp, async (row, tx, sender) => {
      const version = await freezeOfferVersion(ctx, tx, row, req.user, req.raw.log, body.email);
      return {
        to: body.email,
        ...ctx.mail.render.offerta({
          documentToken: text(row.documentToken) ?? documentToken,
          numeroOfferta: version.number,
          scadenza: version.header.validUntil,
          conPdf: true,
          contatto: text(row.contatto),
          firma: sender.firma,
        }),
        attachments: [
          { filename: `${version.number}.pdf`, content: await renderOfferPdf(version), contentType: 'application/pdf' },
        ],
      };
    });
  },
});
