import type { components } from '../../../../generated/api.ts';
import type {
  AltraConfigurazione,
  ArticoloGruppo,
  BranchOffer,
  FamigliaGruppoRisorse,
  GruppoRisorse,
  Insurance,
  PriceListLine,
  TransportIncreaseDuration,
  TransportIncreaseScore,
  TransportPrice,
} from '../../../../generated/entities.ts';
import { resourceIndex, type ResourceName } from '../../../../generated/resourceIndex.ts';
import { toApiError, unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { answeredBy } from '../../api/httpMiddleware.ts';
import { resourceApi } from '../../api/resourceApi.ts';
import type { OfferInput } from './offerDraft.ts';

export type NegotiationOfferData = components['schemas']['OffertaTrattativa'];
export type OfferVersion = components['schemas']['VersioneOfferta'];

async function all<T>(name: ResourceName): Promise<T[]> {
  const entry = resourceIndex[name];
  const { data } = await resourceApi.listAll(entry.list ?? '', entry.sort);
  return data as unknown as T[];
}

export const offerApi = {
  branches: () => all<BranchOffer>('branchOffer'),
  families: () => all<FamigliaGruppoRisorse>('famigliaGruppoRisorse'),
  groups: () => all<GruppoRisorse>('gruppoRisorse'),
  insurances: async () => (await unwrap(api.GET('/api/assicurazioni', { params: { query: {} } }))).data as Insurance[],
  priceBands: () => all<TransportPrice>('transportPrice'),
  durationIncreases: () => all<TransportIncreaseDuration>('transportIncreaseDuration'),
  scoreIncreases: () => all<TransportIncreaseScore>('transportIncreaseScore'),
  settings: async () => (await all<AltraConfigurazione>('altraConfigurazione'))[0] ?? null,

  /**
   * The ERP lines of a resource group (POST /api/gruppi-risorse/listini) for the offers' price-list customer, which
   * the server takes from the settings (SPEC.md section 9's 111 unless they name another).
   */
  priceLines: async (groupCode: string): Promise<PriceListLine[]> =>
    (await unwrap(api.POST('/api/gruppi-risorse/listini', { body: { groupCode } }))).data,

  /** The equipment articles of a resource group. */
  articles: async (groupId: number): Promise<ArticoloGruppo[]> =>
    (await unwrap(api.GET('/api/gruppi-risorse/{id}/attrezzature', { params: { path: { id: groupId } } }))).data,

  /** The negotiation's offer: its stored choices, the server's pricing of them, its sent versions. */
  get: async (id: number): Promise<NegotiationOfferData> =>
    (await unwrap(api.GET('/api/trattative_cp/{id}/offerta', { params: { path: { id } } }))).data,

  /** Saves the choices; the server prices them. A refusal (400 by field, 409) is the builder's to show. */
  save: async (id: number, body: OfferInput): Promise<NegotiationOfferData> =>
    (
      await unwrap(
        api.PUT('/api/trattative_cp/{id}/offerta', {
          params: { path: { id } },
          body,
          middleware: [answeredBy([400, 409])],
        }),
      )
    ).data,

  /** The PDF of a sent version, from the server that served the app. */
  async pdf(id: number, versione: number): Promise<Blob> {
    const { data, error, response } = await api.GET('/api/trattative_cp/{id}/offerta/versioni/{versione}/pdf', {
      baseUrl: window.location.origin,
      params: { path: { id, versione } },
      parseAs: 'blob',
    });
    if (!response.ok || !data) throw toApiError(response.status, error);
    return data;
  },
};
