import { deepEquals } from '@rjsf/utils';
import type { components } from '../../../../generated/api.ts';
import type {
  ArticoloGruppo,
  Insurance,
  PriceListLine,
  TimeUnit,
  TransportIncreaseDuration,
  TransportIncreaseScore,
  TransportPrice,
} from '../../../../generated/entities.ts';
import {
  defaultInsurance,
  discountLevers,
  eurosToCents,
  priceOffer,
  type DistanceEstimate,
  type EnvironmentalContribution,
  type OfferPricing,
  type OfferPricingInput,
} from '../../../domain/pricing/index.ts';

/** SPEC.md section 9: a salesperson's discount limit when the settings do not say otherwise. */
export const DEFAULT_MAX_DISCOUNT = 5;

/**
 * What the salesperson chooses and types in the builder: only inputs, never a total (the server prices
 * them again with the same engine). Field names are the negotiation's, where the offer is stored.
 */
export interface OfferDraft {
  filialeNoleggioId: number | null;
  famigliaGruppoRisorsaId: number | null;
  gruppoRisorsaId: number | null;
  durataUnita: TimeUnit;
  /** Typed duration; with both dates in days, the dates decide. */
  durata: number | null;
  inizio: string | null;
  fine: string | null;
  /** Insurance code, '' for none. */
  assicurazioneTipo: string;
  contributoAmbientale: EnvironmentalContribution['option'] | null;
  trasportoAbilitato: boolean;
  /** Percent of the outbound leg charged (0 = that leg off). */
  trasporto: number;
  trasportoRitorno: number;
  /** Km typed by the user (`trasportoRitornoKmCompilatoDaUtente`), null = computed. */
  km: number | null;
  articoli: DraftArticle[];
  scontoPercentuale: number | null;
  scontoImporto: number | null;
  noteOfferta: string;
  /** The site as the negotiation stores it (edited in its Cantiere section and map): sent back as it is. */
  site: { formattedAddress: string; latitudeTrattativa: number | null; longitudeTrattativa: number | null };
}

/** An article as typed: its price may be emptied while typing (the engine then names the field). */
export type DraftArticle = Omit<ArticoloGruppo, 'price'> & { price: number | null };

/** The articles as the engine and the contract take them (an emptied price is not a price). */
export const articlesOf = (articles: readonly DraftArticle[]): ArticoloGruppo[] =>
  articles.map((a) => ({ ...a, price: a.price ?? Number.NaN }));

/** Everything configured elsewhere that the engine needs to price a draft. */
export interface OfferCatalog {
  insurances: readonly Pick<Insurance, 'code' | 'name' | 'percentage' | 'defaultInsurance'>[];
  /** Percent of the rental for each environmental-contribution option, when configured. */
  environmental: Partial<Record<EnvironmentalContribution['option'], number>>;
  priceBands: readonly TransportPrice[];
  durationIncreases: readonly TransportIncreaseDuration[];
  scoreIncreases: readonly TransportIncreaseScore[];
  maxDiscount: number;
  /** The chosen group's code and its ERP price lines (customer code 111). */
  resourceGroup: string | undefined;
  priceLines: readonly PriceListLine[];
  /** Branch → site from the distance provider, if the site has a position. */
  distance: DistanceEstimate | null;
  /** The negotiation's customer score. */
  score: number | null;
  /** The chosen group's articles with their list prices (null until read): the effective discount is measured from them. */
  articles?: readonly ArticoloGruppo[] | null;
}

/** A new offer: SPEC.md section 4 defaults (transport on, 100 and 100) and the default insurance. */
export function emptyDraft(insurances: OfferCatalog['insurances'], from: Partial<OfferDraft> = {}): OfferDraft {
  return {
    filialeNoleggioId: null,
    famigliaGruppoRisorsaId: null,
    gruppoRisorsaId: null,
    durataUnita: 'G',
    durata: null,
    inizio: null,
    fine: null,
    assicurazioneTipo: defaultInsurance(insurances)?.code ?? '',
    contributoAmbientale: null,
    trasportoAbilitato: true,
    trasporto: 100,
    trasportoRitorno: 100,
    km: null,
    articoli: [],
    scontoPercentuale: null,
    scontoImporto: null,
    noteOfferta: '',
    site: { formattedAddress: '', latitudeTrattativa: null, longitudeTrattativa: null },
    ...from,
  };
}

/** The dates price the rental when both are there and the unit is days; otherwise the typed duration does. */
export function pricedByDates(draft: OfferDraft): boolean {
  return draft.durataUnita === 'G' && !!draft.inizio && !!draft.fine;
}

/** The engine's input for a draft: the one place the builder's state meets the pricing engine. */
export function pricingInput(draft: OfferDraft, catalog: OfferCatalog): OfferPricingInput {
  const insurance = catalog.insurances.find((i) => i.code === draft.assicurazioneTipo) ?? null;
  const envPercent = draft.contributoAmbientale ? catalog.environmental[draft.contributoAmbientale] : undefined;
  return {
    ...(catalog.resourceGroup ? { resourceGroup: catalog.resourceGroup } : {}),
    priceLines: catalog.priceLines,
    duration: pricedByDates(draft)
      ? { from: draft.inizio ?? '', to: draft.fine ?? '' }
      : { value: draft.durata ?? 0, unit: draft.durataUnita },
    insurance: insurance && { code: insurance.code, name: insurance.name, percentage: insurance.percentage },
    environmental:
      draft.contributoAmbientale && envPercent !== undefined
        ? { option: draft.contributoAmbientale, percentage: envPercent }
        : null,
    transport: {
      enabled: draft.trasportoAbilitato,
      outboundPercent: draft.trasporto,
      returnPercent: draft.trasportoRitorno,
      distance: catalog.distance,
      typedKm: draft.km,
      priceBands: catalog.priceBands,
      durationIncreases: catalog.durationIncreases,
      scoreIncreases: catalog.scoreIncreases,
      score: catalog.score,
    },
    articles: { articoli: articlesOf(draft.articoli) },
    ...(catalog.articles ? { articleCatalogue: catalog.articles } : {}),
    discount: {
      percent: draft.scontoPercentuale,
      amount: draft.scontoImporto,
      maxPercent: catalog.maxDiscount,
    },
  };
}

/**
 * A supervisor's approval stored with the offer, and the levers it approved (`discountLevers`): as on the
 * server, it covers the draft while those levers stay as they were, whoever saves.
 */
export interface DraftApproval {
  by: string;
  levers: string;
}

/** The approval of the levers of a draft as stored. */
export const approvalOf = (by: string, stored: OfferDraft, catalog: OfferCatalog): DraftApproval => ({
  by,
  levers: discountLevers(pricingInput(stored, catalog)),
});

const approverOf = (input: ReturnType<typeof pricingInput>, approval: DraftApproval | null) =>
  approval && discountLevers(input) === approval.levers ? approval.by : null;

/** Who approved what the draft gives away: the stored approval while its levers are the draft's, else nobody. */
export const draftApprover = (draft: OfferDraft, catalog: OfferCatalog, approval: DraftApproval | null) =>
  approverOf(pricingInput(draft, catalog), approval);

/**
 * Every figure of the draft, as the server will compute it. A choice not made yet is named as such (as the
 * server does), rather than by what the engine cannot compute without it.
 */
export function priceDraft(
  draft: OfferDraft,
  catalog: OfferCatalog,
  approval: DraftApproval | null = null,
): ShownPricing {
  const input = pricingInput(draft, catalog);
  const approvedBy = approverOf(input, approval);
  const pricing = priceOffer({ ...input, discount: { ...input.discount, approvedBy } });
  const missing = [
    ...(draft.gruppoRisorsaId === null
      ? [{ code: 'CHOICE_MISSING', field: 'gruppoRisorsaId', message: 'Scegliere il gruppo risorse da offrire' }]
      : []),
    ...(draft.durata === null && !(draft.inizio && draft.fine)
      ? [
          {
            code: 'CHOICE_MISSING',
            field: 'durata',
            message: 'Indicare la durata del noleggio oppure le date di inizio e fine',
          },
        ]
      : []),
  ];
  if (missing.length === 0) return pricing;
  const replaced = new Set(missing.some((e) => e.field === 'gruppoRisorsaId') ? ['NO_PRICE_LINES'] : []);
  if (missing.some((e) => e.field === 'durata')) replaced.add('DURATION_INVALID');
  return { ...pricing, errors: [...missing, ...pricing.errors.filter((e) => !replaced.has(e.code))] };
}

/**
 * The articles of a newly chosen group, keeping what was already chosen for an article of the same id
 * (a salesperson switching back and forth between groups loses nothing typed).
 */
export function mergeArticles(
  groupArticles: readonly ArticoloGruppo[],
  chosen: readonly DraftArticle[],
): DraftArticle[] {
  return groupArticles.map((a) => {
    const mine = chosen.find((c) => c.id !== undefined && c.id === a.id && c.description === a.description);
    return mine ?? { ...a, selezionato: a.selezionato ?? false };
  });
}

/** A pricing as shown: the engine's here, or the server's (whose errors may also name a missing choice). */
export type ShownPricing = Omit<OfferPricing, 'errors'> & {
  errors: readonly { code: string; field: string; message: string }[];
};

/** Errors of the engine by field, for the message next to each input. */
export function errorsByField(pricing: ShownPricing): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const e of pricing.errors) byField[e.field] ??= e.message;
  return byField;
}

export type OfferInput = components['schemas']['OffertaTrattativaInput'];
export type OfferPrices = components['schemas']['PrezziOfferta'];

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const UNITS: readonly TimeUnit[] = ['G', 'M', 'A'];

/** The draft of the offer the server stored (its `input`), or a new one with the defaults. */
export function draftFromInput(input: OfferInput, insurances: OfferCatalog['insurances']): OfferDraft {
  const env = input.contributoAmbientale;
  const stored = input.gruppoRisorsaId != null;
  return emptyDraft(insurances, {
    filialeNoleggioId: num(input.filialeNoleggioId),
    famigliaGruppoRisorsaId: num(input.famigliaGruppoRisorsaId),
    gruppoRisorsaId: num(input.gruppoRisorsaId),
    durataUnita: UNITS.find((u) => u === input.durataUnita) ?? 'G',
    durata: num(input.durata),
    inizio: str(input.inizio),
    fine: str(input.fine),
    // A stored offer keeps its choice, "none" included; a new one proposes the default insurance.
    ...(stored || str(input.assicurazioneTipo) ? { assicurazioneTipo: input.assicurazioneTipo ?? '' } : {}),
    contributoAmbientale: env === 'base' || env === 'all-inclusive' ? env : null,
    ...(typeof input.trasportoAbilitato === 'boolean' ? { trasportoAbilitato: input.trasportoAbilitato } : {}),
    trasporto: num(input.trasporto) ?? 100,
    trasportoRitorno: num(input.trasportoRitorno) ?? 100,
    km: num(input.km),
    articoli: input.articoli ?? [],
    scontoPercentuale: num(input.scontoPercentuale),
    scontoImporto: num(input.scontoImporto),
    noteOfferta: input.noteOfferta ?? '',
    site: {
      formattedAddress: input.formattedAddress ?? '',
      latitudeTrattativa: num(input.latitudeTrattativa),
      longitudeTrattativa: num(input.longitudeTrattativa),
    },
  });
}

/**
 * What a save sends: the choices only, the totals the user was shown (`prezziAttesi`) and the negotiation's
 * version the offer was read at, so that the server refuses (409) rather than store a price different from the
 * one on screen or overwrite a colleague's save.
 */
export function inputOfDraft(draft: OfferDraft, shown: OfferPrices | null, version: number): OfferInput {
  return {
    version,
    filialeNoleggioId: draft.filialeNoleggioId,
    famigliaGruppoRisorsaId: draft.famigliaGruppoRisorsaId,
    gruppoRisorsaId: draft.gruppoRisorsaId,
    durata: pricedByDates(draft) ? null : draft.durata,
    durataUnita: draft.durataUnita,
    inizio: draft.inizio,
    fine: draft.fine,
    assicurazioneTipo: draft.assicurazioneTipo,
    contributoAmbientale: draft.contributoAmbientale ?? '',
    trasportoAbilitato: draft.trasportoAbilitato,
    trasporto: draft.trasporto,
    trasportoRitorno: draft.trasportoRitorno,
    km: draft.km,
    // An emptied price travels as 0: the server names the field ("almeno 1,00 €"), as the engine does here.
    articoli: draft.articoli.map((a) => ({ ...a, price: a.price ?? 0 })),
    scontoPercentuale: draft.scontoPercentuale,
    scontoImporto: draft.scontoImporto,
    noteOfferta: draft.noteOfferta,
    ...draft.site,
    ...(shown ? { prezziAttesi: shown } : {}),
  };
}

/** The server's pricing (GET or save) in the engine's own shape, for when the page cannot price live. */
export function pricingOfServer(calcolo: components['schemas']['CalcoloOfferta']): ShownPricing {
  const prezzi = calcolo.prezzi ?? null;
  return {
    figures: prezzi,
    cents: prezzi && {
      prezzoNoleggio: eurosToCents(prezzi.prezzoNoleggio),
      prezzoAssicurazione: eurosToCents(prezzi.prezzoAssicurazione),
      prezzoOneri: eurosToCents(prezzi.prezzoOneri),
      prezzoTrasporto: eurosToCents(prezzi.prezzoTrasporto),
      prezzoVarie: eurosToCents(prezzi.prezzoVarie),
      prezzoTotale: eurosToCents(prezzi.prezzoTotale),
      prezzoTotaleScontato: eurosToCents(prezzi.prezzoTotaleScontato),
    },
    breakdown: calcolo.voci,
    errors: calcolo.errori,
    approvalRequired: calcolo.approvazioneRichiesta,
    duration: calcolo.durata ?? null,
    effectiveDiscount: calcolo.scontoEffettivo && {
      listCents: eurosToCents(calcolo.scontoEffettivo.prezzoListino),
      cents: eurosToCents(calcolo.scontoEffettivo.importo),
      percent: calcolo.scontoEffettivo.percentuale,
      maxPercent: calcolo.maxScontoOfferta,
    },
  };
}

/**
 * After a refused stale save, the offer as stored now with the user's own changes on top: a field the user
 * did not touch takes the stored value (a colleague's change shows), one the user changed keeps theirs. Fields
 * both changed, differently, are named so the user can look before saving again.
 */
export function rebaseDraft(
  base: OfferDraft,
  mine: OfferDraft,
  stored: OfferDraft,
): { draft: OfferDraft; bothChanged: (keyof OfferDraft)[] } {
  const draft = { ...stored } as Record<keyof OfferDraft, unknown>;
  const bothChanged: (keyof OfferDraft)[] = [];
  for (const key of Object.keys(stored) as (keyof OfferDraft)[]) {
    if (deepEquals(mine[key], base[key])) continue;
    draft[key] = mine[key];
    if (!deepEquals(stored[key], base[key]) && !deepEquals(stored[key], mine[key])) bothChanged.push(key);
  }
  return { draft: draft as unknown as OfferDraft, bothChanged };
}
