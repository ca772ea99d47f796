import type { Row } from '../crud/crudRepository.ts';
import type { ListOptions } from '../crud/listQuery.ts';
import type { RecordOf, Resource } from '../context.ts';
import type { Queryable } from '../db/Db.ts';
import { erpMovesRepository } from './erp-moves/erpMovesRepository.ts';
import { demoFleet, type ErpFleet } from './erpFleet.ts';
import { demoPriceList, type ErpPriceList } from './erpPriceList.ts';

type ClienteErp = RecordOf<'ClienteErp'>;

/** A prospect handed to the ERP from a negotiation ("invia contatto a Mago"). */
export interface ErpContact {
  companyName: string;
  vatNumber?: string | null;
  city?: string | null;
  address?: string | null;
  email?: string | null;
}

/**
 * What the product needs from the company's ERP (Mago): its customers, whether it knows a VAT
 * number, taking a new contact, the fleet and the rental price list. A real connector implements the same calls; the demo one works on
 * seeded rows.
 */
export interface ErpConnector extends ErpFleet, ErpPriceList {
  readonly name: string;
  /** Its customers, filtered, sorted and paged; `options.search` (the words of `q`) by name, VAT number or code. */
  listCustomers(options: ListOptions): Promise<{ data: ClienteErp[]; totalRows: number; totalRowsCapped?: boolean }>;
  knowsVatNumber(vat: string): Promise<boolean>;
  /** Records the contact and answers its ERP code; a VAT number the ERP already has answers that customer's code. */
  sendContact(contact: ErpContact): Promise<{ code: string; existing: boolean }>;
}

/** The demo ERP: the ClienteErp rows the seed writes, filtered, sorted and paged like any list; its fleet's moves in `db`. */
export function demoErp(customers: Resource<ClienteErp>, db: Queryable | null = null): ErpConnector {
  return {
    name: 'demo',
    ...demoFleet(db ? erpMovesRepository(db) : null),
    ...demoPriceList(),
    listCustomers: (options) => customers.repo.list(options),
    async knowsVatNumber(vat) {
      const { data } = await customers.repo.list({ filters: { vatNumber: vat }, page: 1, rowsPerPage: 50 });
      return data.some((r) => r.vatNumber === vat);
    },
    async sendContact(contact) {
      if (contact.vatNumber) {
        const { data } = await customers.repo.list({
          filters: { vatNumber: contact.vatNumber },
          page: 1,
          rowsPerPage: 50,
        });
        const known = data.find((r) => r.vatNumber === contact.vatNumber);
        if (known) return { code: String(known.code), existing: true };
      }
      // Mago numbers new contacts itself; the demo uses its row id, which the ERP's record type does not show.
      const created: Row = await customers.repo.create({ code: 'NUOVO', ...contact });
      const code = `C${String(created.id).padStart(5, '0')}`;
      await customers.repo.update(Number(created.id), { code });
      return { code, existing: false };
    },
  };
}
