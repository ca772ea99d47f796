import { defineHandlers, type ServerModule } from '../../context.ts';
import { listOptions } from '../../crud/genericHandler.ts';
import { customerWithVat } from './customerRepository.ts';
import { customerRule } from './customerRules.ts';

/** CRM customers: their contacts and details, the VAT number check, the ERP's customers. */
export const customersModule: ServerModule = {
  writeRules: { Customer: customerRule },
  handlers: defineHandlers({
    listCustomerContacts: (req, ctx) => {
      const { definition, model, repo } = ctx.resource('Contact');
      return repo.list(listOptions(req.query, definition.sort, model, { customerId: req.params.customerId }));
    },
    listCustomerDetails: (req, ctx) => {
      const { definition, model, repo } = ctx.resource('CustomerDetail');
      return repo.list(listOptions(req.query, definition.sort, model, { customerId: req.params.customerId }));
    },

    checkCustomerVatNumber: async (req, ctx) => {
      const vat = req.params.vat;
      const found = await customerWithVat(ctx, vat, null);
      const inErp = await ctx.erp.knowsVatNumber(vat);
      return { data: { exists: !!found, customerId: found?.id ?? null, agentName: found?.agentName ?? null, inErp } };
    },

    // The ERP's customers come through its connector (the demo one reads seeded rows).
    listClienteErp: (req, ctx) => {
      const { definition, model } = ctx.resource('ClienteErp');
      return ctx.erp.listCustomers(listOptions(req.query, definition.sort, model));
    },
  }),
};

// The door: what other workflows may use of the customers.
export { customersWithPhones } from './customerRepository.ts';
