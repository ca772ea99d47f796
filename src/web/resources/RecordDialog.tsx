import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import Form from '@rjsf/mui';
import { deepEquals, getDefaultFormState, type ErrorSchema, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { ApiError } from '../api/apiError.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../app/messages.ts';
import { widgetRegistry } from '../fields/widgetRegistry.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useNotify } from '../ui/notifications.tsx';
import { confirmationsMatch, formValidator, transformErrors } from './formValidator.ts';
import { translateString } from './translateString.ts';

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
  const schema = useMemo(() => ({ ...(def.form.schema as RJSFSchema), title: '' }), [def]);
  // What the form shows before any edit, defaults included: "dirty" means different from this.
  const [pristine, setPristine] = useState<Row>(() => getDefaultFormState(formValidator, schema, { ...(record ?? {}) }) as Row);
  const [formData, setFormData] = useState<Row>(pristine);
  const [confirmClose, setConfirmClose] = useState(false);
  const validateConfirmations = useMemo(() => confirmationsMatch(Object.keys(schema.properties ?? {})), [schema]);
  const dirty = !deepEquals(formData, pristine);
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
      if (err instanceof ApiError && err.status === 409 && editing && !err.body.violations?.length) setConflict(true);
    } finally {
      setBusy(false);
    }
  }

  async function reload() {
    const fresh = record?.id ? await resourceApi.current(def, record.id) : undefined;
    if (fresh) {
      setFormData({ ...fresh });
      setPristine({ ...fresh });
    }
    setConflict(false);
  }

  const requestClose = () => (dirty ? setConfirmClose(true) : onClose());
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Dialog open onClose={requestClose} fullWidth maxWidth="md" aria-labelledby={`${formId}-title`}>
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
          schema={schema}
          uiSchema={{ ...(def.form.uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } }}
          formData={formData}
          validator={formValidator}
          widgets={widgetRegistry}
          transformErrors={transformErrors}
          customValidate={validateConfirmations}
          translateString={translateString}
          extraErrors={extraErrors}
          showErrorList={false}
          noHtml5Validate
          onChange={(e) => setFormData(e.formData as Row)}
          onError={() => notify.error(messages.fieldErrors)}
          onSubmit={(e) => void submit(e.formData as Row)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={requestClose}>{messages.actions.cancel}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy}>{messages.actions.save}</Button>
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
    </Dialog>
  );
}
