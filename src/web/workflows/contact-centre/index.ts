import type { WebWorkflow } from '../workflow.ts';
import { MissedCallsCard } from './MissedCallsCard.tsx';
import { contactCentrePages } from './pages.ts';
import { registerContactCentre } from './registerContactCentre.tsx';

export const contactCentre: WebWorkflow = {
  ...contactCentrePages,
  extensions: registerContactCentre,
  cards: { missedCalls: MissedCallsCard },
};
