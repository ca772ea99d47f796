import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import Form from '@rjsf/mui';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { ApiError } from '../api/apiError.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../app/messages.ts';
import { widgetRegistry } from '../fields/widgetRegistry.tsx';
import { useNotify } from '../ui/notifications.tsx';
import { formValidator, transformErrors } from './formValidator.ts';

interface Props {
  def: ResourceDefinition;
  record: Row | null;
  onSave(row: Row): Promise<void>;
  onClose(): void;
}

/** Server violations next to their fields; the form keeps everything typed. */
function toErrorSchema(err: ApiError): ErrorSchema {
  const out: Record<string, { __errors: string[] }> = {};
  for (const v of err.body.violations ?? []) out[v.field.split('.')[0] ?? v.field] = { __errors: [v.message] };
  return out as ErrorSchema;
}

export function RecordDialog({ def, record, onSave, onClose }: Props) {
  const notify = useNotify();
  const [formData, setFormData] = useState<Row>(() => ({ ...(record ?? {}) }));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const editing = !!record?.id;
  const formId = `form-${def.name}`;

  async function submit(data: Row) {
    setBusy(true);
    setExtraErrors(undefined);
    try {
      await onSave(data);
    } catch (err) {
      // The API middleware has already shown the message; the fields get their own.
      if (err instanceof ApiError && err.body.violations?.length) setExtraErrors(toErrorSchema(err));
      if (err instanceof ApiError && err.status === 409 && editing) setConflict(true);
    } finally {
      setBusy(false);
    }
  }

  async function reload() {
    const fresh = record?.id ? await resourceApi.current(def, record.id) : undefined;
    if (fresh) setFormData({ ...fresh });
    setConflict(false);
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{editing ? messages.editRecord(def.title) : messages.newRecord(def.title)}</DialogTitle>
      <DialogContent dividers>
        {conflict && (
          <Alert severity="warning" sx={{ mb: 2 }} action={<Button color="inherit" onClick={() => void reload()}>{messages.conflict.reload}</Button>}>
            <AlertTitle>{messages.conflict.title}</AlertTitle>
            {messages.conflict.text}
          </Alert>
        )}
        <Form
          id={formId}
          schema={{ ...(def.form.schema as RJSFSchema), title: '' }}
          uiSchema={{ ...(def.form.uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } }}
          formData={formData}
          validator={formValidator}
          widgets={widgetRegistry}
          transformErrors={transformErrors}
          extraErrors={extraErrors}
          showErrorList={false}
          noHtml5Validate
          onChange={(e) => setFormData(e.formData as Row)}
          onError={() => notify.error(messages.fieldErrors)}
          onSubmit={(e) => void submit(e.formData as Row)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.actions.cancel}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy}>{messages.actions.save}</Button>
      </DialogActions>
    </Dialog>
  );
}
