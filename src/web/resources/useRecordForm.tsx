import { Alert, AlertTitle, Button } from '@mui/material';
import Form from '@rjsf/mui';
import { deepEquals, getDefaultFormState, type ErrorSchema, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { ApiError } from '../api/apiError.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { FormGrid } from '../fields/FormGrid.tsx';
import { widgetRegistry } from '../fields/widgetRegistry.tsx';
import { useNotify } from '../ui/notifications.tsx';
import { crossFieldValidation } from './crossFieldChecks.ts';
import { formValidator, italianFormErrors } from './formValidator.ts';
import { resourceExtension } from './resourceExtensions.ts';
import { serverSetFieldsFor } from './serverSetFields.ts';
import { translateString } from './translateString.ts';

const TEMPLATES = { ObjectFieldTemplate: FormGrid };

/** Server violations next to their fields; the form keeps everything typed. */
function toErrorSchema(err: ApiError): ErrorSchema {
  const out: Record<string, { __errors: string[] }> = {};
  for (const v of err.body.violations ?? []) out[v.field.split('.')[0] ?? v.field] = { __errors: [v.message] };
  return out as ErrorSchema;
}

interface Options {
  def: ResourceDefinition;
  record: Row | null;
  /** Saves and answers the stored record, which becomes the new starting point. */
  onSave(row: Row): Promise<Row>;
  /** Messages the page shows on fields of its own accord (a VAT number already taken). */
  fieldErrors?: Record<string, string>;
}

/**
 * The edit form of a record from its generated RJSF schema: Italian validation, server violations
 * on the fields, 409 with a reload offer, and whether anything typed is still unsaved.
 */
export function useRecordForm({ def, record, onSave, fieldErrors }: Options) {
  const notify = useNotify();
  const schema = useMemo(() => ({ ...(def.form.schema as RJSFSchema), title: '' }), [def]);
  const existing = !!record?.id;
  const uiSchema = useMemo(
    () => ({
      ...(serverSetFieldsFor(def.form.uiSchema, existing) as UiSchema),
      'ui:submitButtonOptions': { norender: true },
    }),
    [def, existing],
  );
  const transformErrors = useMemo(() => italianFormErrors(schema), [schema]);
  const crossFieldChecks = useMemo(
    () => crossFieldValidation(Object.keys(schema.properties ?? {}), resourceExtension(def.name).formChecks ?? []),
    [schema, def.name],
  );
  // What the form shows before any edit, defaults included: "dirty" means different from this.
  const [pristine, setPristine] = useState<Row>(
    () => getDefaultFormState(formValidator, schema, { ...(record ?? {}) }) as Row,
  );
  const [formData, setFormData] = useState<Row>(pristine);
  /** Sets fields from outside the form (a map marker sets the coordinates; a widget fills fields beside its own). */
  const setFields = useCallback((fields: Row) => setFormData((current) => ({ ...current, ...fields })), []);
  const formContext = useMemo(() => ({ setFields }), [setFields]);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const dirty = !deepEquals(formData, pristine);
  const editing = !!record?.id;
  const formId = `form-${def.name}`;

  const restart = (row: Row) => {
    setFormData({ ...row });
    setPristine({ ...row });
  };

  async function submit(data: Row) {
    setBusy(true);
    setExtraErrors(undefined);
    try {
      restart(await onSave(data));
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
    if (fresh) restart(fresh);
    setConflict(false);
  }

  // Leaving the page with unsaved input asks the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const conflictAlert = conflict && (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" onClick={() => void reload()}>
          {messages.conflict.reload}
        </Button>
      }
    >
      <AlertTitle>{messages.conflict.title}</AlertTitle>
      {messages.conflict.text}
    </Alert>
  );

  const form = (
    <Form
      id={formId}
      // Field ids unique on the page: a page's own form and a related record's dialog may share field names.
      idPrefix={def.name}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={formValidator}
      widgets={widgetRegistry}
      formContext={formContext}
      templates={TEMPLATES}
      transformErrors={transformErrors}
      customValidate={crossFieldChecks}
      translateString={translateString}
      extraErrors={
        fieldErrors && Object.keys(fieldErrors).length > 0
          ? ({
              ...extraErrors,
              ...Object.fromEntries(Object.entries(fieldErrors).map(([f, message]) => [f, { __errors: [message] }])),
            } as ErrorSchema)
          : extraErrors
      }
      showErrorList={false}
      noHtml5Validate
      onChange={(e) => setFormData(e.formData as Row)}
      onError={() => notify.error(messages.fieldErrors)}
      onSubmit={(e) => void submit(e.formData as Row)}
    />
  );

  return { form, conflictAlert, formId, dirty, busy, editing, formData, setFields };
}
