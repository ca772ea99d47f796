import { lazy, Suspense } from 'react';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { messages } from '../i18n/messages.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { recordName } from './listController.ts';
import type { RecordDialogsController } from './useRecordDialogs.ts';

// The form library (RJSF, ajv) loads with the first dialog, not with the list: the list renders sooner.
const RecordDialog = lazy(() => import('./RecordDialog.tsx').then((mod) => ({ default: mod.RecordDialog })));
const PictureDialog = lazy(() => import('./PictureDialog.tsx').then((mod) => ({ default: mod.PictureDialog })));

/** Whichever dialog of a list is open: the record's form, its picture, or the delete confirmation. */
export function RecordDialogs({ def, dialogs }: { def: ResourceDefinition; dialogs: RecordDialogsController }) {
  const { state } = dialogs;
  return (
    <>
      <Suspense fallback={null}>
        {(state.kind === 'new' || state.kind === 'edit') && (
          <RecordDialog
            def={def}
            record={state.kind === 'edit' ? state.record : null}
            onSave={dialogs.save}
            onClose={dialogs.reset}
          />
        )}
        {state.kind === 'picture' && (
          <PictureDialog
            def={def}
            record={state.record}
            onSaved={() => void dialogs.changed()}
            onClose={dialogs.reset}
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={state.kind === 'remove'}
        title={messages.actions.delete}
        text={messages.confirmDelete(state.kind === 'remove' ? recordName(def, state.record) : '')}
        confirmLabel={messages.actions.delete}
        danger
        busy={dialogs.removing}
        onCancel={dialogs.reset}
        onConfirm={dialogs.confirmRemove}
      />
    </>
  );
}
