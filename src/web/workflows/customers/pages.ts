import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import type { WorkflowPages } from '../workflow.ts';

const CUSTOMER_PAGE = '/customers';
/** The customers' list, a generated screen. */
export const CUSTOMER_LIST = resourceIndex.customer.route;
export const CUSTOMER_ROUTE = `${CUSTOMER_PAGE}/:id?`;

/** A customer's page; without an id, a new customer. */
export const customerPath = (id?: number | string) =>
  id === undefined ? CUSTOMER_PAGE : `${CUSTOMER_PAGE}/${String(id)}`;

export const customersPages: WorkflowPages = {
  name: 'customers',
  menu: [
    {
      label: 'Cliente',
      route: CUSTOMER_ROUTE,
      roles: ROLE_GROUPS.crm,
      group: 'crm',
      hidden: true,
      listedUnder: CUSTOMER_LIST ?? undefined,
    },
  ],
};
