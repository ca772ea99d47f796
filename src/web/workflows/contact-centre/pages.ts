import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import type { WorkflowPages } from '../workflow.ts';

/** The users of a branch office, a generated screen without a drawer entry. */
export const BRANCH_OFFICE_USERS = resourceIndex.branchOfficeUser.route;
/** The missed calls, a generated screen. */
export const MISSED_CALLS = resourceIndex.missedCall.route;

export const contactCentrePages: WorkflowPages = {
  name: 'contact-centre',
  menu: [
    // Reached from a branch office's row ("Utenti"), not from the drawer: SPEC.md section 2 lists four entries.
    {
      label: 'Utenti delle sedi',
      route: BRANCH_OFFICE_USERS,
      roles: ROLE_GROUPS.admin,
      group: 'contactCenter',
      hidden: true,
      listedUnder: resourceIndex.branchOffice.route ?? undefined,
    },
  ],
  homeCards: [{ id: 'missedCalls', path: MISSED_CALLS }],
};
