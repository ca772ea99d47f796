import type { ListOptions } from '../crud/listQuery.ts';
import type { RecordOf, Resource } from '../context.ts';

type ClienteErp = RecordOf<'ClienteErp'>;

/**
 * What the product needs from the company's ERP (Mago): its customers, and whether it knows a VAT
 * number. A real connector implements the same two calls; the demo one reads seeded rows.
 */
export interface ErpConnector {
  readonly name: string;
  listCustomers(options: ListOptions): Promise<{ data: ClienteErp[]; totalRows: number }>;
  knowsVatNumber(vat: string): Promise<boolean>;
}

/** The demo ERP: the ClienteErp rows the seed writes, filtered, sorted and paged like any list. */
export function demoErp(customers: Resource<ClienteErp>): ErpConnector {
  return {
    name: 'demo',
    listCustomers: (options) => customers.repo.list(options),
    async knowsVatNumber(vat) {
      const { data } = await customers.repo.list({ filters: { vatNumber: vat }, page: 1, rowsPerPage: 50 });
      return data.some((r) => r.vatNumber === vat);
    },
  };
}
