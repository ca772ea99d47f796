import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import type { WorkflowPages } from '../workflow.ts';

/** The activities in a week calendar. */
export const PLANNING_CALENDAR = '/plannings';
/** The activities' list, a generated screen. */
export const PLANNING_LIST = resourceIndex.planning.route;

export const planningsPages: WorkflowPages = {
  name: 'plannings',
  menu: [{ label: 'Pianificazione', route: PLANNING_CALENDAR, roles: ROLE_GROUPS.agenda, group: 'crm' }],
  homeCards: [
    { id: 'todayPlanning', path: PLANNING_CALENDAR },
    { id: 'toComplete', path: PLANNING_LIST },
  ],
};
