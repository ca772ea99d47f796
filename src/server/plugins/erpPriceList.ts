import type { PriceListLine, TimeUnit } from '../../../generated/entities.ts';

/** What the offers read from the ERP: the rental price list of a resource group for a price-list customer. */
export interface ErpPriceList {
  /**
   * The lines of this resource group in the price list of this customer code (the company uses the
   * public list, code 111): `SlotFrom`–`SlotTo` inclusive, in the unit of `Periodo`, `Price` per unit.
   * An unknown group or customer has none.
   */
  priceList(groupCode: string, customerCode: string): Promise<PriceListLine[]>;
}

/** The public price-list customer of the demo ERP (SPEC.md section 9). */
export const DEMO_PRICE_LIST_CUSTOMER = '111';

type Slot = readonly [from: number, to: number, unit: TimeUnit, price: number];

/**
 * The demo list: a day, month and year rate per group, cheaper per unit as the rental gets longer, as a
 * rental company's list is. Days 1–30, months 1–12, years 1–3; the groups are the seeded ones.
 */
const DEMO_LIST: Readonly<Record<string, readonly Slot[]>> = {
  PLT12: [
    [1, 5, 'G', 110],
    [6, 15, 'G', 95],
    [16, 30, 'G', 85],
    [1, 5, 'M', 1500],
    [6, 12, 'M', 1350],
    [1, 3, 'A', 14000],
  ],
  ART16: [
    [1, 5, 'G', 180],
    [6, 15, 'G', 160],
    [16, 30, 'G', 140],
    [1, 5, 'M', 2600],
    [6, 12, 'M', 2350],
    [1, 3, 'A', 25000],
  ],
  TEL14: [
    [1, 5, 'G', 210],
    [6, 15, 'G', 185],
    [16, 30, 'G', 165],
    [1, 5, 'M', 3000],
    [6, 12, 'M', 2700],
    [1, 3, 'A', 29000],
  ],
};

export function demoPriceList(): ErpPriceList {
  return {
    async priceList(groupCode, customerCode) {
      if (customerCode !== DEMO_PRICE_LIST_CUSTOMER) return [];
      return (DEMO_LIST[groupCode.trim().toUpperCase()] ?? []).map(([SlotFrom, SlotTo, Periodo, Price]) => ({
        ResourceGroup: groupCode.trim().toUpperCase(),
        SlotFrom,
        SlotTo,
        Price,
        Periodo,
      }));
    },
  };
}
