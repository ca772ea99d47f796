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
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { resourceApi } from '../../api/resourceApi.ts';

/** SPEC.md section 9: the ERP price lists are read for this customer code unless the settings name another. */
export const PRICE_LIST_CUSTOMER = '111';

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

  /** The ERP lines of a resource group for the price-list customer (POST /api/gruppi-risorse/listini). */
  priceLines: async (groupCode: string, customerCode = PRICE_LIST_CUSTOMER): Promise<PriceListLine[]> =>
    (await unwrap(api.POST('/api/gruppi-risorse/listini', { body: { groupCode, customerCode } }))).data,

  /** The equipment articles of a resource group. */
  articles: async (groupId: number): Promise<ArticoloGruppo[]> =>
    (await unwrap(api.GET('/api/gruppi-risorse/{id}/attrezzature', { params: { path: { id: groupId } } }))).data,
};
