import type { components } from '../../../../../generated/api.ts';
import type { PriceListLine, TimeUnit } from '../../../../../generated/entities.ts';
import type { ArticoloGruppo } from '../../../../../generated/entities.ts';
import {
  discountLevers,
  OFFER_CHOICE_FIELDS,
  priceOffer,
  type OfferInput,
  type PricedOffer,
  type PricingError,
} from '../../../../domain/pricing/index.ts';
import type { Violation } from '../../../http/httpError.ts';
import type { AppContext } from '../../../context.ts';
import { repositoryOn, type Row } from '../../../crud/crudRepository.ts';
import type { Queryable } from '../../../db/Db.ts';
import { HttpError } from '../../../http/httpError.ts';
import { branchToSite } from './distance.ts';

type Schemas = components['schemas'];
/** What the user chooses in the offer builder: no total, ever. */
export type OfferChoices = Omit<Schemas['OffertaTrattativaInput'], 'version' | 'prezziAttesi'>;

/** The negotiation columns the offer owns (the choices) — the save writes these and nothing else of the form. */
export const CHOICE_FIELDS = OFFER_CHOICE_FIELDS satisfies readonly (keyof OfferChoices)[];

/** The offer's choices as the negotiation stores them (SPEC.md defaults where it has none). */
export function choicesOf(row: Row): OfferChoices {
  const out: Record<string, unknown> = {};
  for (const f of CHOICE_FIELDS) if (row[f] !== null && row[f] !== undefined) out[f] = row[f];
  return {
    trasportoAbilitato: true,
    trasporto: 100,
    trasportoRitorno: 100,
    durataUnita: 'G',
    articoli: [],
    ...out,
  };
}

/**
 * A supervisor's approval of what an offer gives away (the effective discount above the maximum, an article
 * under its list price), kept server-side with the levers it approved (`scontoApprovazione`: the offer's
 * discount, the transport legs, each selected article's price and discounts, `discountLevers`): it covers those
 * levers only, so any of them changed later, by any route, needs a new approval.
 */
interface DiscountApproval {
  by: string;
  levers?: string;
  /** Approvals recorded before the rule covered the offer's discount alone. */
  percent?: number;
  amount?: number;
}

/** The levers of an approval recorded before every lever counted: the offer's discount, nothing else given away. */
function legacyLevers(input: Pick<OfferInput, 'discount' | 'transport' | 'articles'>, approval: DiscountApproval) {
  const neutral = Object.fromEntries(
    Object.entries(input.articles).map(([list, items]) => [
      list,
      items.map((a) => ({ ...a, discountPercentage: 0, discountAmount: 0 })),
    ]),
  );
  return discountLevers({
    discount: { ...input.discount, percent: approval.percent ?? 0, amount: approval.amount ?? 0 },
    transport: { ...input.transport, outboundPercent: 100, returnPercent: 100 },
    articles: neutral,
  });
}

/** Who approved this offer's levers, if the stored approval is of these very levers. */
export function approverOf(
  stored: unknown,
  input: Pick<OfferInput, 'discount' | 'transport' | 'articles'>,
): string | null {
  if (typeof stored !== 'string' || !stored) return null;
  let approval: Partial<DiscountApproval>;
  try {
    approval = JSON.parse(stored) as Partial<DiscountApproval>;
  } catch {
    return null;
  }
  if (typeof approval.by !== 'string') return null;
  const approved = approval.levers ?? legacyLevers(input, { ...approval, by: approval.by });
  return approved === discountLevers(input) ? approval.by : null;
}

/** The stored form of an approval of these levers. */
export function approvalRecord(by: string, input: Pick<OfferInput, 'discount' | 'transport' | 'articles'>): string {
  return JSON.stringify({ by, levers: discountLevers(input) } satisfies DiscountApproval);
}

export interface OfferSettings {
  maxScontoOfferta: number;
  giorniValiditaOfferta: number;
  codiceClienteListini: string;
  contributoAmbientaleBase: number;
  contributoAmbientaleAllInclusive: number;
}

/** The general settings the offer uses (altre-configurazioni, one row), with the contract's defaults. */
export async function offerSettings(ctx: AppContext, db: Queryable): Promise<OfferSettings> {
  const r: Partial<Record<keyof OfferSettings, unknown>> =
    (await repositoryOn(db, ctx.resource('AltraConfigurazione')).single()) ?? {};
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return {
    maxScontoOfferta: num(r.maxScontoOfferta, 5),
    giorniValiditaOfferta: num(r.giorniValiditaOfferta, 30),
    codiceClienteListini:
      typeof r.codiceClienteListini === 'string' && r.codiceClienteListini.trim()
        ? r.codiceClienteListini.trim()
        : '111',
    contributoAmbientaleBase: num(r.contributoAmbientaleBase, 2),
    contributoAmbientaleAllInclusive: num(r.contributoAmbientaleAllInclusive, 3.5),
  };
}

/** Where a failure of the ERP is written (the request's logger). */
export interface Log {
  error(details: object, message: string): void;
}

export const ERP_DOWN = 'Il gestionale (Mago) non ha risposto: listino non disponibile, riprovare più tardi';

/** The ERP price list of a group for the configured price-list customer (111); an ERP failure is a 502. */
export async function priceLinesOf(
  ctx: AppContext,
  log: Log,
  groupCode: string,
  customerCode: string,
): Promise<PriceListLine[]> {
  try {
    // A group's list is a handful of lines; a thousand is a wrong answer, and no list here is unbounded.
    return (await ctx.erp.priceList(groupCode, customerCode)).slice(0, 1000);
  } catch (err) {
    log.error({ err, erp: ctx.erp.name }, 'ERP: listino non disponibile');
    throw new HttpError(502, ERP_DOWN);
  }
}

/** Engine fields → the fields of the offer input the message belongs next to. */
const FIELD_OF: Record<string, string> = {
  listiniOfferta: 'gruppoRisorsaId',
  al: 'fine',
  sconto: 'scontoPercentuale',
  assicurazione: 'assicurazioneTipo',
};
export const inputField = (field: string) => FIELD_OF[field] ?? field;
const onInput = (e: PricingError): PricingError => ({ ...e, field: inputField(e.field) });

export interface GroupRef {
  id: number;
  code: string;
  description: string;
}
export interface BranchRef {
  id: number;
  name: string;
  address: string | null;
}

/** Everything a priced offer needs besides its figures: what was looked up, and what could not be. */
export interface PricedChoices {
  input: OfferInput;
  /** The engine's result, errors named by the offer input's fields. */
  result: PricedOffer;
  group: GroupRef | null;
  branch: BranchRef | null;
  settings: OfferSettings;
  /** Choices that do not lead to an engine input at all (no group, no duration, an unknown insurance). */
  missing: Violation[];
}

/** Rows a transport table may have at most. */
const TRANSPORT_LIMIT = 1000;

/** The transport price bands and increases, each in its order: the fields the engine reads, nothing else. */
async function transportTables(ctx: AppContext, db: Queryable) {
  const limit = TRANSPORT_LIMIT;
  const [prices, durations, scores] = await Promise.all([
    repositoryOn(db, ctx.resource('TransportPrice')).where({}, { orderBy: ['minFrom'], limit }),
    repositoryOn(db, ctx.resource('TransportIncreaseDuration')).where({}, { orderBy: ['durationFrom'], limit }),
    repositoryOn(db, ctx.resource('TransportIncreaseScore')).where({}, { orderBy: ['scoreFrom'], limit }),
  ]);
  return {
    priceBands: prices.map(({ id, minFrom, minTo, price }) => ({ id, minFrom, minTo, price })),
    durationIncreases: durations.map(({ id, durationFrom, durationTo, coefficient }) => ({
      id,
      durationFrom,
      durationTo,
      coefficient,
    })),
    scoreIncreases: scores.map(({ id, scoreFrom, scoreTo, coefficient }) => ({ id, scoreFrom, scoreTo, coefficient })),
  };
}

/**
 * The engine's input from the choices and the database (price lines from the ERP, insurance, settings,
 * transport tables, branch and site positions, the group's articles and their list prices), and the engine's
 * answer. `approval`: the stored approval (`scontoApprovazione`, which counts if it is of these levers), or the
 * name of the supervisor whose save approves them.
 */
export async function priceChoices(
  ctx: AppContext,
  db: Queryable,
  choices: OfferChoices,
  score: number | null,
  approval: { stored: unknown } | { by: string },
  log: Log,
): Promise<PricedChoices> {
  const missing: Violation[] = [];
  const settings = await offerSettings(ctx, db);

  let group: GroupRef | null = null;
  /** The chosen group's articles with their list prices: the only articles an offer may carry. */
  let catalogue: ArticoloGruppo[] = [];
  if (choices.gruppoRisorsaId == null)
    missing.push({ field: 'gruppoRisorsaId', message: 'Scegliere il gruppo risorse da offrire' });
  else {
    const row = await repositoryOn(db, ctx.resource('GruppoRisorse')).first({ id: choices.gruppoRisorsaId });
    if (!row)
      missing.push({
        field: 'gruppoRisorsaId',
        message: "Il gruppo risorse scelto non esiste più: sceglierne un altro dall'elenco",
      });
    else {
      group = { id: row.id, code: row.resourceGroup, description: row.description };
      catalogue = row.articoliGruppo ?? [];
    }
  }

  let branch: (BranchRef & { latitude: number | null; longitude: number | null }) | null = null;
  if (choices.filialeNoleggioId != null) {
    const row = await repositoryOn(db, ctx.resource('BranchOffer')).first({ id: choices.filialeNoleggioId });
    if (!row)
      missing.push({
        field: 'filialeNoleggioId',
        message: "La filiale di noleggio scelta non esiste più: sceglierne un'altra",
      });
    else
      branch = {
        id: row.id,
        name: row.name,
        address: row.address ?? null,
        latitude: row.latitude ?? null,
        longitude: row.longitude ?? null,
      };
  }

  let insurance: OfferInput['insurance'] = null;
  const insuranceCode = choices.assicurazioneTipo?.trim();
  if (insuranceCode) {
    const row = await repositoryOn(db, ctx.resource('Insurance')).first({ code: insuranceCode });
    if (!row)
      missing.push({
        field: 'assicurazioneTipo',
        message: "L'assicurazione scelta non esiste più: sceglierne un'altra",
      });
    else insurance = { code: row.code, name: row.name, percentage: Number(row.percentage) };
  }

  const unit: TimeUnit = choices.durataUnita ?? 'G';
  let duration: OfferInput['duration'] | null = null;
  if (choices.durata != null) duration = { value: choices.durata, unit };
  else if (choices.inizio && choices.fine) duration = { from: choices.inizio, to: choices.fine };
  else missing.push({ field: 'durata', message: 'Indicare la durata del noleggio oppure le date di inizio e fine' });

  const priceLines = group ? await priceLinesOf(ctx, log, group.code, settings.codiceClienteListini) : [];
  const { priceBands, durationIncreases, scoreIncreases } = await transportTables(ctx, db);
  const site =
    choices.latitudeTrattativa != null && choices.longitudeTrattativa != null
      ? { latitude: choices.latitudeTrattativa, longitude: choices.longitudeTrattativa }
      : null;
  const from =
    branch && branch.latitude != null && branch.longitude != null
      ? { latitude: branch.latitude, longitude: branch.longitude }
      : null;
  const env = choices.contributoAmbientale;

  const unapproved: OfferInput = {
    resourceGroup: group?.code,
    priceLines,
    // Without a duration the engine still prices what it can (articles), and says what is missing.
    duration: duration ?? { value: 0, unit },
    insurance,
    environmental:
      env === 'base'
        ? { option: 'base', percentage: settings.contributoAmbientaleBase }
        : env === 'all-inclusive'
          ? { option: 'all-inclusive', percentage: settings.contributoAmbientaleAllInclusive }
          : null,
    transport: {
      enabled: choices.trasportoAbilitato ?? true,
      outboundPercent: choices.trasporto ?? 100,
      returnPercent: choices.trasportoRitorno ?? 100,
      distance: site && from && choices.km == null ? await branchToSite(ctx.config.routingUrl, from, site, log) : null,
      typedKm: choices.km ?? null,
      priceBands,
      durationIncreases,
      scoreIncreases,
      score,
    },
    // An article is the group's: it is offered under the group's own description, whatever the client wrote.
    articles: {
      articoli: (choices.articoli ?? []).map((a) => {
        const listed = catalogue.find((c) => c.id === a.id);
        return listed ? { ...a, description: listed.description } : a;
      }),
    },
    articleCatalogue: catalogue,
    discount: {
      percent: choices.scontoPercentuale ?? null,
      amount: choices.scontoImporto ?? null,
      maxPercent: settings.maxScontoOfferta,
      approvedBy: null,
    },
  };
  const approvedBy = 'by' in approval ? approval.by : approverOf(approval.stored, unapproved);
  const input: OfferInput = { ...unapproved, discount: { ...unapproved.discount, approvedBy } };
  const priced = priceOffer(input);
  // A missing duration is said once, by `missing`, not again by the engine.
  const errors = priced.errors.filter((e) => !(duration === null && e.code === 'DURATION_INVALID')).map(onInput);
  return {
    input,
    result: { ...priced, errors },
    group,
    branch: branch && { id: branch.id, name: branch.name, address: branch.address },
    settings,
    missing,
  };
}

/** Everything that stops a save or a send, one violation per field problem, Italian. */
export function violationsOf(priced: PricedChoices): Violation[] {
  return [...priced.missing, ...priced.result.errors.map(({ field, message }) => ({ field, message }))];
}
