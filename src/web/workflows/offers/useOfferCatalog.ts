import { useQuery } from '@tanstack/react-query';
import { straightLineEstimate, type LatLng } from '../../../domain/pricing/index.ts';
import type { Row } from '../../api/resourceApi.ts';
import { offerApi } from './offerApi.ts';
import { DEFAULT_MAX_DISCOUNT, type OfferCatalog, type OfferDraft } from './offerDraft.ts';

const CONFIG = { staleTime: 5 * 60_000 };

const isLatLng = (p: { latitude: unknown; longitude: unknown }): p is LatLng =>
  typeof p.latitude === 'number' && typeof p.longitude === 'number';

/** The environmental-contribution percentages, where the settings carry them. */
function environmentalOf(settings: Record<string, unknown> | null): OfferCatalog['environmental'] {
  const n = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const base = n(settings?.contributoAmbientaleBase);
  const all = n(settings?.contributoAmbientaleAllInclusive);
  return { ...(base === undefined ? {} : { base }), ...(all === undefined ? {} : { 'all-inclusive': all }) };
}

/**
 * Everything configured elsewhere that pricing a draft needs, loaded once and cached: branches, families and
 * groups for the choices, insurances, transport bands and coefficients, the discount limit, and the chosen
 * group's ERP price lines and articles.
 */
export function useOfferCatalog(draft: OfferDraft, negotiation: Row) {
  const { latitudeTrattativa, longitudeTrattativa } = draft.site;
  const branches = useQuery({ queryKey: ['offer', 'branches'], queryFn: offerApi.branches, ...CONFIG });
  const families = useQuery({ queryKey: ['offer', 'families'], queryFn: offerApi.families, ...CONFIG });
  const groups = useQuery({ queryKey: ['offer', 'groups'], queryFn: offerApi.groups, ...CONFIG });
  const insurances = useQuery({ queryKey: ['offer', 'insurances'], queryFn: offerApi.insurances, ...CONFIG });
  const bands = useQuery({ queryKey: ['offer', 'bands'], queryFn: offerApi.priceBands, ...CONFIG });
  const byDuration = useQuery({ queryKey: ['offer', 'byDuration'], queryFn: offerApi.durationIncreases, ...CONFIG });
  const byScore = useQuery({ queryKey: ['offer', 'byScore'], queryFn: offerApi.scoreIncreases, ...CONFIG });
  const settings = useQuery({ queryKey: ['offer', 'settings'], queryFn: offerApi.settings, ...CONFIG });

  const group = groups.data?.find((g) => g.id === draft.gruppoRisorsaId);
  const code = group?.resourceGroup;
  const priceLines = useQuery({
    queryKey: ['offer', 'priceLines', code],
    queryFn: () => offerApi.priceLines(code ?? ''),
    enabled: !!code,
    ...CONFIG,
  });
  const articles = useQuery({
    queryKey: ['offer', 'articles', draft.gruppoRisorsaId],
    queryFn: () => offerApi.articles(draft.gruppoRisorsaId ?? 0),
    enabled: !!draft.gruppoRisorsaId,
    ...CONFIG,
  });

  const branch = branches.data?.find((b) => b.id === draft.filialeNoleggioId);
  const site = { latitude: latitudeTrattativa, longitude: longitudeTrattativa };
  const distance =
    branch && typeof branch.latitude === 'number' && typeof branch.longitude === 'number' && isLatLng(site)
      ? straightLineEstimate({ latitude: branch.latitude, longitude: branch.longitude }, site)
      : null;
  const score = typeof negotiation.score === 'number' ? negotiation.score : null;
  const catalog: OfferCatalog = {
    insurances: insurances.data ?? [],
    environmental: environmentalOf(settings.data as Record<string, unknown> | null),
    priceBands: bands.data ?? [],
    durationIncreases: byDuration.data ?? [],
    scoreIncreases: byScore.data ?? [],
    maxDiscount: settings.data?.maxScontoOfferta ?? DEFAULT_MAX_DISCOUNT,
    resourceGroup: code,
    priceLines: priceLines.data ?? [],
    distance,
    score,
    articles: articles.data ?? null,
  };
  const failed = [
    [bands, 'i prezzi di trasporto'],
    [byDuration, 'le maggiorazioni per durata'],
    [byScore, 'le maggiorazioni per punteggio'],
    [insurances, 'le assicurazioni'],
    [priceLines, 'il listino del gruppo risorse'],
    [settings, 'le altre configurazioni'],
  ] as const;
  // Outside the configuration roles a branch reads as its name only: its position is not there to measure from.
  const branchesWithoutPosition = !!branches.data?.length && branches.data.every((b) => !('latitude' in b));
  return {
    catalog,
    branches: branches.data ?? [],
    families: families.data ?? [],
    groups: groups.data ?? [],
    group,
    groupArticles: articles.data,
    priceLinesLoading: priceLines.isFetching,
    /** What could not be read, in words ("i prezzi di trasporto"). */
    unavailable: [
      ...failed.filter(([q]) => q.isError).map(([, what]) => what),
      ...(branchesWithoutPosition ? ['la posizione delle filiali'] : []),
    ],
    /** Something live pricing needs is still on its way: priced now, the offer would be refused for want of it. */
    loading: [...failed.map(([q]) => q), articles].some((q) => q.isLoading),
  };
}
