import { useMutation } from '@tanstack/react-query';
import { useReducer } from 'react';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { useNotify } from '../ui/notifications.tsx';
import { CLOSED, nextDialog, recordToUpdate } from './recordDialogs.ts';
import { resourceExtension } from './resourceExtensions.ts';

/** The stored record of a row, read by its id; a row without an id (nothing stored yet) as it is. */
async function wholeRecord(def: ResourceDefinition, row: Row): Promise<Row> {
  if (typeof row.id !== 'number') return row;
  const stored = await resourceApi.current(def, row.id);
  if (!stored) throw new Error(`${def.name} ${row.id} is gone`);
  return stored;
}

interface Options {
  def: ResourceDefinition;
  /** Written into every saved record: the key of the parent a related list belongs to. */
  parent?: Row;
  /** After a save, a removal or a new picture: reload whatever shows the records. */
  onChanged(): Promise<unknown>;
}

/**
 * The dialogs of a list of records (SPEC.md section 4): new, edit, remove, reset, plus the picture.
 * Save updates the record being edited, else creates one; then the list reloads and the dialog closes.
 */
export function useRecordDialogs({ def, parent, onChanged }: Options) {
  const notify = useNotify();
  const [state, dispatch] = useReducer(nextDialog, CLOSED);
  const reset = () => dispatch({ type: 'reset' });

  const removal = useMutation({
    mutationFn: (id: number) => resourceApi.remove(def, id),
    onSuccess: async () => {
      notify.success(messages.deleted);
      reset();
      await onChanged();
    },
  });

  async function save(row: Row): Promise<Row> {
    const stored = recordToUpdate(state);
    const body = { ...row, ...parent };
    const update = resourceExtension(def.name).update;
    const { data } = !stored
      ? await resourceApi.create(def, body)
      : update
        ? await update(def, stored, body)
        : await resourceApi.update(def, stored.id, body);
    notify.success(messages.saved);
    // The list has the stored record before the dialog closes: reopened at once, a row shows what was saved.
    await onChanged();
    reset();
    return data;
  }

  return {
    state,
    openNew: () => dispatch({ type: 'new' }),
    // A list's row carries only what the list shows: the form gets the record whole, as it is now.
    openEdit: (record: Row) =>
      void wholeRecord(def, record).then(
        (whole) => dispatch({ type: 'edit', record: whole }),
        () => undefined,
      ),
    openRemove: (record: Row) => dispatch({ type: 'remove', record }),
    openPicture: (record: Row) => dispatch({ type: 'picture', record }),
    reset,
    save,
    /** Removes the record the remove dialog holds. */
    confirmRemove: () => {
      if (state.kind === 'remove' && state.record.id) removal.mutate(state.record.id);
    },
    removing: removal.isPending,
    changed: onChanged,
  };
}

export type RecordDialogsController = ReturnType<typeof useRecordDialogs>;
