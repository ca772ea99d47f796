import type { TipoControllo } from '../../../generated/entities.ts';
import type { AcceptanceDraft } from './acceptanceDraft.ts';
import { checkValueText } from './checkValues.ts';

/** The draft's fields that travel in the multipart body, in this order, each only when truthy. */
export const SENT_FIELDS = [
  'dataAccettazione',
  'danni',
  'carburante',
  'km',
  'ore',
  'matricole',
  'noteCliente',
  'noteInterne',
  'motivoLetturaInferiore',
  'sagoma',
  'modello',
] as const satisfies readonly (keyof AcceptanceDraft)[];

/** A reading of 0 (a new machine) is a reading, and a reading is required: it travels although falsy. */
const READINGS: ReadonlySet<string> = new Set(['km', 'ore']);
const filled = (name: string, value: unknown) =>
  typeof value === 'string' ? value.trim() !== '' : READINGS.has(name) ? typeof value === 'number' : !!value;

/**
 * The text fields of `POST /api/accettazioni_mezzi` (SPEC.md sections 5 and 7): `operatore`, then only the
 * truthy fields (so fuel 0, no damage and empty notes are left out and the server's defaults apply; km and
 * hours whenever typed, 0 included), then a
 * `controlloId[]` / `valore[]` pair for each check with a valid value. Photos (`foto-N`) are appended by the
 * caller. Checks whose control type is unknown or whose value is invalid are left out: validate first.
 */
export function acceptanceFormFields(
  draft: AcceptanceDraft,
  controlTypes: readonly Pick<TipoControllo, 'id' | 'nome' | 'tipo' | 'valori'>[],
): [name: string, value: string][] {
  const fields: [string, string][] = [];
  if (draft.operatore) fields.push(['operatore', String(draft.operatore)]);
  for (const name of SENT_FIELDS) {
    const value = draft[name];
    if (filled(name, value)) fields.push([name, String(value)]);
  }
  for (const type of controlTypes) {
    if (type.id === undefined) continue;
    const answer = checkValueText(type, draft.controlli[type.id]);
    if (answer && 'value' in answer) {
      fields.push(['controlloId[]', String(type.id)]);
      fields.push(['valore[]', answer.value]);
    }
  }
  return fields;
}
