import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import type { WorkflowPages } from '../workflow.ts';

const NEGOTIATION_PAGE = '/trattativeCp/trattativa';
export const NEGOTIATION_ROUTE = `${NEGOTIATION_PAGE}/:id?`;
export const NEGOTIATION_CALENDAR = '/trattativeCp/calendarioTrattative';
/** The negotiations' list, a generated screen. */
export const NEGOTIATION_LIST = resourceIndex.trattativaCp.route;
/** One negotiation; without an id, a new one. */
export const negotiationPath = (id?: number | string) =>
  id === undefined ? NEGOTIATION_PAGE : `${NEGOTIATION_PAGE}/${String(id)}`;

export const negotiationsPages: WorkflowPages = {
  name: 'negotiations',
  menu: [
    { label: 'Calendario trattative', route: NEGOTIATION_CALENDAR, roles: ROLE_GROUPS.trattative, group: 'trattative' },
    {
      label: 'Trattativa',
      route: NEGOTIATION_ROUTE,
      roles: ROLE_GROUPS.trattative,
      group: 'trattative',
      hidden: true,
      listedUnder: NEGOTIATION_LIST ?? undefined,
    },
  ],
  homeCards: [{ id: 'myNegotiations', path: NEGOTIATION_LIST }],
};
