import type { components } from '../../../../generated/api.ts';
import { DISCOUNT_APPROVERS } from '../../../domain/accessRules.ts';
import {
  centsToEuros,
  confirmOfferMismatches,
  type EffectiveDiscount,
  priceListSummary,
  versionChanges,
  type PricingError,
} from '../../../domain/pricing/index.ts';
import { formatRomeDateTime } from '../../../domain/dates.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import { defineHandlers, type AppContext } from '../../context.ts';
import { crudRepository, type Row } from '../../crud/crudRepository.ts';
import { quote } from '../../crud/entityModel.ts';
import { idOf, listOptions } from '../../crud/genericHandler.ts';
import { serverSetValues } from '../../crud/serverSet.ts';
import type { Queryable } from '../../db/Db.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { announce, archivedFlagSql, archivedFlags, viewerOf, visibleRow } from '../negotiations/index.ts';
import { contactOf } from '../users/index.ts';
import { renderOfferPdf } from './pdf/offerPdf.ts';
import {
  CHOICE_FIELDS,
  approvalRecord,
  choicesOf,
  priceChoices,
  priceLinesOf,
  offerSettings,
  violationsOf,
  type Log,
  type PricedChoices,
} from './pricing/offerInput.ts';
import { sentVersion, sentVersions } from './offerRepository.ts';

type OffertaTrattativa = components['schemas']['OffertaTrattativa'];
type ErroreCalcolo = components['schemas']['ErroreCalcolo'];

const scoreOf = (row: Row) => (typeof row.score === 'number' ? row.score : null);

/** The offer of a negotiation as the builder reads it: choices, the engine's answer, the sent versions. */
async function offerState(db: Queryable, row: Row, priced: PricedChoices): Promise<OffertaTrattativa> {
  const versions = await sentVersions(db, Number(row.id));
  const errori: ErroreCalcolo[] = [
    ...priced.missing.map((v) => ({ code: 'CHOICE_MISSING' as const, field: v.field, message: v.message })),
    ...priced.result.errors.map((e: PricingError) => ({ code: e.code, field: e.field, message: e.message })),
  ];
  return {
    trattativaCpId: Number(row.id),
    version: Number(row.version ?? 0),
    // The choices as a save sends them back, with the version they were read at.
    input: { ...choicesOf(row), version: Number(row.version ?? 1) },
    listini: [...priced.input.priceLines],
    calcolo: {
      prezzi: priced.result.figures,
      voci: priced.result.breakdown,
      errori,
      approvazioneRichiesta: priced.result.approvalRequired,
      durata: priced.result.duration,
      maxScontoOfferta: priced.settings.maxScontoOfferta,
      scontoEffettivo: effectiveDiscountOf(priced.result.effectiveDiscount),
    },
    scontoApprovatoDa: priced.input.discount.approvedBy ?? null,
    versioni: versions.map((v, i) => ({
      versione: v.version,
      numeroDocumento: v.number,
      inviataIl: v.sentAt,
      // Versions sent before the column held the name kept the username there; their snapshot has the name.
      inviataDa: v.header.sender.name ?? v.sentBy,
      hash: v.hash,
      prezzoTotale: v.result.figures?.prezzoTotale ?? 0,
      prezzoTotaleScontato: v.result.figures?.prezzoTotaleScontato ?? 0,
      scontoApprovatoDa: v.input.discount.approvedBy ?? null,
      modifiche: versionChanges(versions[i - 1] ?? null, v),
    })),
  };
}

/** The effective discount in euros, as the builder shows it. */
const effectiveDiscountOf = (d: EffectiveDiscount | null) =>
  d && { prezzoListino: centsToEuros(d.listCents), importo: centsToEuros(d.cents), percentuale: d.percent };

/** The approver's name as the users table has it now (a token's copy may be older). */
async function fullName(db: Queryable, user: StaffClaims): Promise<string> {
  return (await contactOf(db, user.id)).name ?? user.username;
}

/** A save of an older version: 409 saying who saved in between and when, so the builder can say it. */
function staleSave(stored: Row): HttpError {
  // The server writes the saver's name as people read it (serverSet.ts).
  const who = typeof stored.updater === 'string' && stored.updater ? stored.updater : null;
  const when = typeof stored.updated === 'string' ? ` il ${formatRomeDateTime(stored.updated, ' alle ')}` : '';
  return new HttpError(
    409,
    who
      ? `Nel frattempo la trattativa è stata salvata da ${who}${when}: nulla è stato salvato, ricaricare i dati`
      : `Nel frattempo la trattativa è stata modificata da un altro utente${when}: nulla è stato salvato, ricaricare i dati`,
  );
}

async function saveOffer(
  ctx: AppContext,
  user: StaffClaims,
  id: number,
  body: components['schemas']['OffertaTrattativaInput'],
  log: Log,
) {
  const viewer = await viewerOf(ctx, user);
  const { version, prezziAttesi, ...choices } = body;
  const { row, priced } = await ctx.db.transaction(async (tx) => {
    const stored = await visibleRow(tx, viewer, id, true);
    if (version !== stored.version) throw staleSave(stored);
    // An approval given earlier stays while the levers are the ones approved.
    let priced = await priceChoices(ctx, tx, choices, scoreOf(stored), { stored: stored.scontoApprovazione }, log);
    // A supervisor's or an admin's save is their approval of what the offer gives away.
    if (
      priced.result.approvalRequired &&
      !priced.input.discount.approvedBy &&
      user.roles.some((r) => DISCOUNT_APPROVERS.includes(r))
    )
      priced = await priceChoices(ctx, tx, choices, scoreOf(stored), { by: await fullName(tx, user) }, log);
    const approvedBy = priced.input.discount.approvedBy ?? null;
    const violations = violationsOf(priced);
    if (violations.length) throw new HttpError(400, MESSAGES.invalid, violations);
    const figures = priced.result.figures;
    if (!figures) throw new HttpError(400, MESSAGES.invalid);
    if (prezziAttesi) {
      const mismatches = confirmOfferMismatches(prezziAttesi, priced.result);
      if (mismatches.length)
        throw new HttpError(
          409,
          `I prezzi mostrati non sono quelli calcolati dal server: ${mismatches.map((m) => m.message).join('; ')}. Nulla è stato salvato: ricaricare l'offerta`,
          mismatches.map((m) => ({ field: `prezziAttesi.${m.field}`, message: m.message })),
        );
    }
    const duration = priced.result.duration;
    const model = ctx.resource('TrattativaCp').model;
    const patch: Row = Object.fromEntries(CHOICE_FIELDS.map((f) => [f, choices[f] ?? null]));
    // Every field the save writes is the server's own (x-written-by names this operation on the figures).
    const row = await crudRepository(tx, model).update(
      id,
      {},
      {
        ...serverSetValues(model, 'update', user),
        ...patch,
        trasportoAbilitato: choices.trasportoAbilitato ?? true,
        trasporto: choices.trasporto ?? 100,
        trasportoRitorno: choices.trasportoRitorno ?? 100,
        articoli: priced.input.articles.articoli ?? [],
        contributoAmbientale: choices.contributoAmbientale ?? '',
        assicurazioneTipo: choices.assicurazioneTipo ?? '',
        noteOfferta: choices.noteOfferta ?? '',
        durata: duration?.value ?? null,
        durataUnita: duration?.unit ?? 'G',
        offerta: 'Y',
        listiniOfferta: priced.input.priceLines,
        assicurazionePrezzo: figures.prezzoAssicurazione,
        trattativaCpPriceLists: priceListSummary(priced.input.priceLines),
        scontoApprovatoDa: priced.result.approvalRequired ? approvedBy : null,
        scontoApprovazione:
          priced.result.approvalRequired && approvedBy ? approvalRecord(approvedBy, priced.input) : null,
      },
      Number(stored.version),
      // A supervisor's approval of a discount beyond the cap is an event of its own in the history.
      approvedBy && approvedBy !== stored.scontoApprovatoDa ? 'approvazione' : undefined,
    );
    return { row: row, priced };
  });
  await announce(ctx, row, 'updated', user);
  return offerState(ctx.db, row, priced);
}

export const offerHandlers = defineHandlers({
  getTrattativaCpOfferta: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const row = await visibleRow(ctx.db, viewer, idOf(req.params));
    const choices = choicesOf(row);
    const priced = await priceChoices(
      ctx,
      ctx.db,
      choices,
      scoreOf(row),
      { stored: row.scontoApprovazione },
      req.raw.log,
    );
    return { data: await offerState(ctx.db, row, priced) };
  },

  saveTrattativaCpOfferta: async (req, ctx) => {
    if (!req.user) throw new HttpError(401, MESSAGES.tokenMissing);
    return { data: await saveOffer(ctx, req.user, idOf(req.params), req.body, req.raw.log) };
  },

  downloadTrattativaCpOffertaPdf: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const row = await visibleRow(ctx.db, viewer, idOf(req.params));
    const version = await sentVersion(ctx.db, Number(row.id), Number(req.params.versione));
    if (!version) throw new HttpError(404, MESSAGES.notFound);
    const pdf = await renderOfferPdf(version);
    return req.reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${version.number}.pdf"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(pdf);
  },

  // An offer is archived with its negotiation: the filter and the column follow the negotiation's flag.
  listOffer: async (req, ctx) => {
    const { definition, model, repo } = ctx.resource('Offer');
    const { archiviata, ...query } = req.query;
    const flag = archivedFlagSql(`${quote(model.table)}."trattativaCpId"`);
    const page = await repo.list({
      ...listOptions(query, definition.sort, model),
      conditions: archiviata ? [(param) => `${flag} = ${param(archiviata)}`] : [],
    });
    const negotiations = [...new Set(page.data.map((o) => o.trattativaCpId))];
    const archived = await archivedFlags(
      ctx.db,
      negotiations.filter((n): n is number => typeof n === 'number'),
    );
    // SPEC.md section 7: GET /api/offers answers data.data (the page, with its total, inside data).
    return {
      data: { ...page, data: page.data.map((o) => ({ ...o, archiviata: archived.get(o.trattativaCpId ?? 0) ?? 'N' })) },
    };
  },

  listListiniGruppoRisorse: async (req, ctx) => {
    const settings = await offerSettings(ctx, ctx.db);
    const customerCode = req.body.customerCode?.trim() || settings.codiceClienteListini;
    // The offers use one price list (SPEC.md section 9); another customer's prices are not the caller's to read.
    if (customerCode !== settings.codiceClienteListini)
      throw new HttpError(400, MESSAGES.invalid, [
        {
          field: 'customerCode',
          message: `Il listino delle offerte è quello del codice cliente ${settings.codiceClienteListini}`,
        },
      ]);
    const data = await priceLinesOf(ctx, req.raw.log, req.body.groupCode, customerCode);
    return { data, totalRows: data.length };
  },
});
