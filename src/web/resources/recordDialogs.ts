import type { Row } from '../api/resourceApi.ts';

/** SPEC.md section 4: the dialogs of a list, one at a time (new, edit, remove; a picture too). */
export type DialogState =
  | { kind: 'closed' }
  | { kind: 'new' }
  | { kind: 'edit'; record: Row }
  | { kind: 'remove'; record: Row }
  | { kind: 'picture'; record: Row };

export type DialogEvent =
  | { type: 'new' }
  | { type: 'edit'; record: Row }
  | { type: 'remove'; record: Row }
  | { type: 'picture'; record: Row }
  /** After a save, a removal or a cancel: every dialog closed, no record held. */
  | { type: 'reset' };

export const CLOSED: DialogState = { kind: 'closed' };

/** A dialog opens only while none is open; reset closes whichever is. */
export function nextDialog(state: DialogState, event: DialogEvent): DialogState {
  if (event.type === 'reset') return CLOSED;
  if (state.kind !== 'closed') return state;
  return event.type === 'new' ? { kind: 'new' } : { kind: event.type, record: event.record };
}

/** The stored record a save updates; none means the save creates one. */
export const recordToUpdate = (state: DialogState): (Row & { id: number }) | null =>
  state.kind === 'edit' && state.record.id ? (state.record as Row & { id: number }) : null;
