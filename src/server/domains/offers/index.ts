import { defineHandlers, type ServerModule } from '../../context.ts';
import { idOf, listOptions } from '../../crud/genericHandler.ts';
import { offerHandlers } from './offerHandlers.ts';
import { offerRules } from './offerRules.ts';
import { sendOfferHandlers } from './sendOffer.ts';

/**
 * The offers (issue 15): the offer of a negotiation priced by the server, its sent versions and their PDF,
 * the ERP price list; and the offer configuration (price bands, insurances, offer statuses, resource groups).
 */
export const offersModule: ServerModule = {
  writeRules: offerRules,
  handlers: defineHandlers({
    ...offerHandlers,
    ...sendOfferHandlers,
    // SPEC.md section 7: the offer statuses list shows only the active ones unless asked otherwise.
    listStatoOfferta: (req, ctx) => {
      const { definition, model, repo } = ctx.resource('StatoOfferta');
      const filters = (req.query.filters ?? {}) as Record<string, unknown>;
      return repo.list(listOptions({ ...req.query, filters: { active: true, ...filters } }, definition.sort, model));
    },

    listAttrezzatureGruppoRisorse: async (req, ctx) => {
      const group = await ctx.resource('GruppoRisorse').repo.get(idOf(req.params));
      const data = group.articoliGruppo ?? [];
      return { data, totalRows: data.length };
    },
  }),
};

/**
 * The door: what other workflows may use of the offers (the public offer page, the signed PDF): the sent
 * versions of a negotiation, frozen, and their PDF. Nothing here prices again.
 */
export {
  latestSentVersion,
  latestVersionsExpiringBetween,
  sentVersion,
  sentVersions,
  type ExpiringVersion,
} from './offerRepository.ts';
export { versionHash, type OfferHeader, type SentVersion, type VersionSnapshot } from './pricing/sentVersions.ts';
export { renderOfferPdf, type OfferSignature } from './pdf/offerPdf.ts';
