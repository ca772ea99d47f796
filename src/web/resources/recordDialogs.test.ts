import { describe, expect, it } from 'vitest';
import { CLOSED, nextDialog, recordToUpdate, type DialogEvent, type DialogState } from './recordDialogs.ts';

const a = { id: 1, description: 'Nord' };
const b = { id: 2, description: 'Sud' };

describe('nextDialog: the dialogs of a list (SPEC.md section 4)', () => {
  it.each<[string, DialogState, DialogEvent, DialogState]>([
    ['new: the dialog opens empty', CLOSED, { type: 'new' }, { kind: 'new' }],
    ['edit: the dialog opens with the record', CLOSED, { type: 'edit', record: a }, { kind: 'edit', record: a }],
    ['remove: the confirmation opens', CLOSED, { type: 'remove', record: a }, { kind: 'remove', record: a }],
    ['picture', CLOSED, { type: 'picture', record: a }, { kind: 'picture', record: a }],
    ['reset after a save', { kind: 'edit', record: a }, { type: 'reset' }, CLOSED],
    ['reset after a removal', { kind: 'remove', record: a }, { type: 'reset' }, CLOSED],
    ['reset when nothing is open', CLOSED, { type: 'reset' }, CLOSED],
    ['one dialog at a time: edit while new is open', { kind: 'new' }, { type: 'edit', record: b }, { kind: 'new' }],
    [
      'one dialog at a time: remove while editing',
      { kind: 'edit', record: a },
      { type: 'remove', record: b },
      { kind: 'edit', record: a },
    ],
  ])('%s', (_name, state, event, want) => {
    expect(nextDialog(state, event)).toEqual(want);
  });
});

describe('recordToUpdate: save updates when editing, else creates', () => {
  it.each<[string, DialogState, typeof a | null]>([
    ['editing a stored record', { kind: 'edit', record: a }, a],
    ['editing a record without id (a copy not stored yet)', { kind: 'edit', record: { description: 'x' } }, null],
    ['a new record', { kind: 'new' }, null],
    ['nothing open', CLOSED, null],
  ])('%s', (_name, state, want) => {
    expect(recordToUpdate(state)).toEqual(want);
  });
});
