import type { AccettazioneMezzo } from '../../../generated/entities.ts';
import type { CheckInput } from './checkValues.ts';
import { emptyNotches, type Notches } from './fuelGauge.ts';

/**
 * What the wizard holds while the operator fills it: the acceptance's own fields (from its schema), the
 * operator still to choose, the gauge's notches, each check's answer by control id, and the reason for a
 * reading lower than the previous one.
 */
export type AcceptanceDraft = Omit<
  AccettazioneMezzo,
  | 'id'
  | 'operatore'
  | 'tacche'
  | 'controlli'
  | 'foto'
  | 'firma'
  | 'operatoreNome'
  | 'fotoSha256'
  | 'sha256'
  | 'created'
  | 'addenda'
  | 'danniSegnati'
  | 'riparazioni'
  | 'carburante'
> & {
  operatore: number | null;
  /** As chosen or sent: the validation tells a notch from another number. */
  carburante: number;
  tacche: Notches;
  controlli: Record<number, CheckInput>;
};

/** Reset (SPEC.md section 4): today's date, fuel 0, no checks, the current user as operator. */
export function newAcceptanceDraft(currentUserId: number | null, today: string): AcceptanceDraft {
  return {
    operatore: currentUserId,
    dataAccettazione: today,
    danni: false,
    carburante: 0,
    tacche: emptyNotches(),
    controlli: {},
    km: null,
    ore: null,
    matricole: '',
    noteCliente: '',
    noteInterne: '',
  };
}
