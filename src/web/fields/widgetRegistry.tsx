import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { ariaDescribedByIds, type RegistryWidgetsType, type WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { OwnWidget } from '../../domain/resourceDefinition.ts';
import { DateInput, type DateKind } from './DateInput.tsx';
import { NumberInput } from './NumberInput.tsx';
import { messages } from '../i18n/messages.ts';
import { ReferencePicker } from './ReferencePicker.tsx';

/** A record of another resource (x-resource.references), searched on the server as the user types. */
function ReferenceWidget(props: WidgetProps) {
  const { id, label, value, required, disabled, readonly, onChange, options, rawErrors } = props;
  return (
    <ReferencePicker
      id={id}
      resource={String(options.resource ?? '')}
      label={label}
      required={required}
      error={!!rawErrors?.length}
      disabled={disabled || readonly}
      value={typeof value === 'number' ? value : null}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

/** Several records of another resource, each picked the same way. */
function ReferencesWidget(props: WidgetProps) {
  const { id, label, value, required, disabled, readonly, onChange, options, rawErrors } = props;
  return (
    <ReferencePicker
      multiple
      id={id}
      resource={String(options.resource ?? '')}
      label={label}
      required={required}
      error={!!rawErrors?.length}
      disabled={disabled || readonly}
      value={Array.isArray(value) ? (value as number[]) : []}
      onChange={onChange}
    />
  );
}

/** A boolean shown and edited as Sì/No. */
function YesNoWidget({ id, label, value, onChange, disabled, readonly }: WidgetProps) {
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={label}
      value={value === true ? 'Y' : value === false ? 'N' : ''}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.value === 'Y')}
    >
      <MenuItem value="Y">{messages.yes}</MenuItem>
      <MenuItem value="N">{messages.no}</MenuItem>
    </TextField>
  );
}

/** A list of values typed comma separated (control-type possible values). */
function CommaListWidget({ id, label, value, onChange, disabled, readonly, required, rawErrors }: WidgetProps) {
  return (
    <TextField
      id={id}
      fullWidth
      label={label}
      value={typeof value === 'string' ? value : ''}
      required={required}
      error={!!rawErrors?.length}
      helperText={messages.commaSeparated}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    />
  );
}

/** Several values of an enumeration, with their Italian labels. */
function MultiSelectWidget({
  id,
  label,
  value,
  onChange,
  disabled,
  readonly,
  required,
  rawErrors,
  schema,
}: WidgetProps) {
  const items = ((schema.items as { oneOf?: { const: string; title?: string }[] } | undefined)?.oneOf ?? []).map(
    (o) => ({ value: o.const, label: o.title ?? o.const }),
  );
  const values = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Autocomplete
      multiple
      // Open for the next choice: the Escape that closes it is the list's, not the dialog's.
      disableCloseOnSelect
      id={id}
      options={items}
      value={items.filter((o) => values.includes(o.value))}
      disabled={disabled || readonly}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_e, os) => onChange(os.map((o) => o.value))}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={!!rawErrors?.length} />}
    />
  );
}

/** A date, date-time or HH:MM time with the Italian pickers; the wire format is the contract's. */
const dateWidget = (kind: DateKind) =>
  function DateWidget({ id, label, value, onChange, onBlur, disabled, readonly, required, rawErrors }: WidgetProps) {
    return (
      <DateInput
        kind={kind}
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        onBlur={() => onBlur(id, value)}
        required={required}
        disabled={disabled || readonly}
        error={!!rawErrors?.length}
        describedBy={ariaDescribedByIds(id)}
      />
    );
  };

/** A figure typed the Italian way, with its unit after it (€, %); integers refuse decimals through the schema. */
const numberWidget = (unit?: string, duration = false) =>
  function NumberWidget(props: WidgetProps) {
    const { id, label, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, schema } = props;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    return (
      <NumberInput
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        required={required}
        disabled={disabled || readonly}
        error={!!rawErrors?.length}
        integer={types.includes('integer')}
        duration={duration}
        describedBy={ariaDescribedByIds(id)}
        autoFocus={props.autofocus}
        {...(unit ? { unit } : {})}
      />
    );
  };

/** A telephone number, kept as typed; the keyboard of a phone shows digits. */
function PhoneWidget({
  id,
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  required,
  rawErrors,
}: WidgetProps) {
  return (
    <TextField
      id={id}
      type="tel"
      fullWidth
      label={label}
      value={typeof value === 'string' ? value : ''}
      required={required}
      error={!!rawErrors?.length}
      disabled={disabled || readonly}
      slotProps={{ htmlInput: { autoComplete: 'tel', 'aria-describedby': ariaDescribedByIds(id) } }}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

function ImageWidget({ id, label, value }: WidgetProps) {
  return <TextField id={id} fullWidth label={label} value={typeof value === 'string' ? value : ''} disabled />;
}

/**
 * Form widgets by the names x-resource.widgets and the generator use (one per kind that needs its own,
 * scripts/lib/formDefinition.ts); RJSF's own cover text, checkboxes and selects. Exhaustive over OwnWidget.
 */
export const widgetRegistry = {
  reference: ReferenceWidget,
  references: ReferencesWidget,
  yesNo: YesNoWidget,
  commaList: CommaListWidget,
  image: ImageWidget,
  multiSelect: MultiSelectWidget,
  date: dateWidget('date'),
  dateTime: dateWidget('dateTime'),
  time: dateWidget('time'),
  number: numberWidget(),
  money: numberWidget('€'),
  percentage: numberWidget('%'),
  duration: numberWidget(undefined, true),
  phone: PhoneWidget,
} satisfies Record<OwnWidget, ComponentType<WidgetProps>> & RegistryWidgetsType;
