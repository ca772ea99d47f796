import { displayFormats } from '../displayFormats.ts';
import { Temporal } from 'temporal-polyfill';
import type { AccettazioneMezzo, TipoControllo } from '../../../generated/entities.ts';
import { formatDate } from '../dates.ts';
import type { AcceptanceDraft } from './acceptanceDraft.ts';
import { checkValueText, isEmptyCheck } from './checkValues.ts';
import { MAX_FUEL } from './fuelGauge.ts';

/** Page 1: operator, date, machine, km, hours, fuel, damage. Page 2: checks, photos, signature, notes. */
export type WizardStep = 1 | 2;

export interface AcceptanceError {
  step: WizardStep;
  /** `operatore`, `km`, `controlli.3`… */
  field: string;
  message: string;
}

/** The machine's previous acceptance, for the lower-reading rule. */
export type PreviousReading = Pick<AccettazioneMezzo, 'km' | 'ore' | 'dataAccettazione'>;

/** What the wizard holds beside the draft: the customer's signature (a file of its own on the way to the server). */
export interface AcceptanceExtras {
  signed: boolean;
}

/** A check-in with no machine is no record: its serial number, a reading and the signature are required. */
export const REQUIRED_MESSAGES = {
  matricole: 'Indicare almeno una matricola del mezzo',
  lettura: 'Indicare i km o le ore',
  firma: 'La firma del cliente è obbligatoria',
} as const;

function isIsoDate(text: string): boolean {
  try {
    return /^\d{4}-\d{2}-\d{2}$/.test(text) && Boolean(Temporal.PlainDate.from(text, { overflow: 'reject' }));
  } catch {
    return false;
  }
}

const unit = { km: displayFormats.km, ore: displayFormats.hours };

function readingErrors(
  draft: AcceptanceDraft,
  previous: PreviousReading | null | undefined,
  field: 'km' | 'ore',
  words: { negative: string; name: string },
): AcceptanceError[] {
  const value = draft[field];
  if (value === null || value === undefined) return [];
  if (!Number.isInteger(value) || value < 0) return [{ step: 1, field, message: words.negative }];
  const last = previous?.[field];
  if (last !== null && last !== undefined && value < last && !draft.motivoLetturaInferiore?.trim())
    return [
      {
        step: 1,
        field,
        message: `${words.name} (${unit[field](value)}) sono inferiori all'ultima lettura (${unit[field](last)} del ${formatDate(previous?.dataAccettazione)}): indicare il motivo`,
      },
    ];
  return [];
}

/** The Italian errors of one wizard page; the server runs every page. */
export function validateAcceptanceStep(
  step: WizardStep,
  draft: AcceptanceDraft,
  controlTypes: readonly Pick<TipoControllo, 'id' | 'nome' | 'tipo' | 'valori'>[],
  previous: PreviousReading | null | undefined,
  extras: AcceptanceExtras,
): AcceptanceError[] {
  if (step === 2) {
    const errors: AcceptanceError[] = [];
    if (!extras.signed) errors.push({ step, field: 'firma', message: REQUIRED_MESSAGES.firma });
    const known = new Set(controlTypes.map((t) => t.id));
    for (const type of controlTypes) {
      if (type.id === undefined) continue;
      const answer = checkValueText(type, draft.controlli[type.id]);
      if (answer && 'error' in answer) errors.push({ step, field: `controlli.${type.id}`, message: answer.error });
    }
    for (const id of Object.keys(draft.controlli).map(Number))
      if (!known.has(id) && !isEmptyCheck(draft.controlli[id]))
        errors.push({ step, field: `controlli.${id}`, message: 'Il controllo non esiste più: ricaricare la pagina' });
    return errors;
  }
  const errors: AcceptanceError[] = [];
  if (!draft.operatore) errors.push({ step, field: 'operatore', message: "L'operatore è obbligatorio" });
  if (!isIsoDate(draft.dataAccettazione))
    errors.push({ step, field: 'dataAccettazione', message: "La data dell'accettazione non è valida" });
  if (!/[\p{L}\p{N}]/u.test(draft.matricole ?? ''))
    errors.push({ step, field: 'matricole', message: REQUIRED_MESSAGES.matricole });
  if ((draft.km === null || draft.km === undefined) && (draft.ore === null || draft.ore === undefined))
    errors.push(
      { step, field: 'km', message: REQUIRED_MESSAGES.lettura },
      { step, field: 'ore', message: REQUIRED_MESSAGES.lettura },
    );
  if (!Number.isInteger(draft.carburante) || draft.carburante < 0 || draft.carburante > MAX_FUEL)
    errors.push({ step, field: 'carburante', message: 'Il carburante deve essere un numero intero da 0 a 4' });
  errors.push(
    ...readingErrors(draft, previous, 'km', {
      negative: 'I km devono essere un numero intero non negativo',
      name: 'I km',
    }),
  );
  errors.push(
    ...readingErrors(draft, previous, 'ore', {
      negative: 'Le ore devono essere un numero intero non negativo',
      name: 'Le ore',
    }),
  );
  return errors;
}

/** Every page at once (the server, and the wizard before saving). */
export function validateAcceptance(
  draft: AcceptanceDraft,
  controlTypes: readonly Pick<TipoControllo, 'id' | 'nome' | 'tipo' | 'valori'>[],
  previous: PreviousReading | null | undefined,
  extras: AcceptanceExtras,
): AcceptanceError[] {
  return [
    ...validateAcceptanceStep(1, draft, controlTypes, previous, extras),
    ...validateAcceptanceStep(2, draft, controlTypes, previous, extras),
  ];
}
