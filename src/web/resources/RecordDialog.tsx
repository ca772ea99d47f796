import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useRef, useState } from 'react';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { focusFirstField } from './focusFirstField.ts';
import { HistoryPanel } from './history/HistoryPanel.tsx';
import { useRecordForm } from './useRecordForm.tsx';

interface Props {
  def: ResourceDefinition;
  record: Row | null;
  onSave(row: Row): Promise<Row>;
  onClose(): void;
  /** Offers "Elimina" (after a confirmation) on an existing record, for pages that open the dialog themselves. */
  onDelete?(): Promise<void>;
}

/**
 * New / edit dialog of a list screen: it opens with the caret in the first field, Enter saves (the form's
 * submit), Escape or Annulla close it, and closing with unsaved input asks first.
 */
export function RecordDialog({ def, record, onSave, onClose, onDelete }: Props) {
  const { form, conflictAlert, formId, dirty, busy, editing } = useRecordForm({ def, record, onSave });
  const [confirmClose, setConfirmClose] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const historyId = editing && def.history && typeof record?.id === 'number' ? record.id : null;
  const requestClose = () => (dirty ? setConfirmClose(true) : onClose());
  // The content arrives in the dialog's portal after the first render: its fields get the caret as soon as
  // they are in the page, before the dialog's focus trap would take the focus for the dialog itself.
  const focused = useRef(false);
  const content = (el: HTMLDivElement | null) => {
    if (el && !focused.current) focused.current = focusFirstField(el);
  };

  return (
    <Dialog open onClose={requestClose} fullWidth maxWidth="md" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>
        {editing ? messages.editRecord(def.title) : messages.newRecord(def.title, def.grammar)}
      </DialogTitle>
      <DialogContent dividers ref={content}>
        {conflictAlert}
        {form}
        {showHistory && historyId !== null && <HistoryPanel def={def} id={historyId} />}
      </DialogContent>
      <DialogActions>
        {onDelete && editing && (
          <Button color="error" sx={{ mr: 'auto' }} onClick={() => setConfirmDelete(true)}>
            {messages.actions.delete}
          </Button>
        )}
        {historyId !== null && (
          <Button
            onClick={() => setShowHistory((v) => !v)}
            aria-expanded={showHistory}
            sx={onDelete ? {} : { mr: 'auto' }}
          >
            {messages.history.show}
          </Button>
        )}
        <Button onClick={requestClose}>{messages.actions.cancel}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy}>
          {messages.actions.save}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmClose}
        title={messages.unsaved.title}
        text={messages.unsaved.text}
        cancelLabel={messages.unsaved.keep}
        confirmLabel={messages.unsaved.discard}
        onCancel={() => setConfirmClose(false)}
        onConfirm={onClose}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={messages.actions.delete}
        text={messages.confirmDelete(String(record?.[def.displayField] ?? messages.theRecord(def.title, def.grammar)))}
        confirmLabel={messages.actions.delete}
        danger
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void onDelete?.().finally(() => setConfirmDelete(false))}
      />
    </Dialog>
  );
}
