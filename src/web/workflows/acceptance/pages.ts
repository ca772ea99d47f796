import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import type { WorkflowPages } from '../workflow.ts';

/** The check-in wizard; with an id, a registered check-in. */
export const ACCEPTANCE_PAGE = '/accettazioniMezzi/accettazioneMezzo';
/** The registered check-ins, a generated screen. */
export const ACCEPTANCE_LIST = resourceIndex.accettazioneMezzo.route;

export const acceptancePages: WorkflowPages = {
  name: 'acceptance',
  menu: [
    { label: 'Accettazione mezzo', route: ACCEPTANCE_PAGE, roles: ROLE_GROUPS.accettazione, group: 'service' },
    {
      label: 'Accettazione registrata',
      route: `${ACCEPTANCE_PAGE}/:id`,
      roles: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'],
      group: 'service',
      hidden: true,
      listedUnder: ACCEPTANCE_LIST,
    },
  ],
};
