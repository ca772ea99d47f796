import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { itIT } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/it';
import { useState, type FocusEvent, type ReactNode } from 'react';
import { DISPLAY_DATE } from '../../domain/dates.ts';
import { INCOMPLETE_DATE } from './incompleteDate.ts';

/** What a date field edits, and how it travels: the contract's formats never change. */
export type DateKind = 'date' | 'dateTime' | 'time';

const WIRE: Record<DateKind, { show: string; toWire: (d: Dayjs) => string; fromWire: (v: string) => Dayjs }> = {
  date: {
    show: DISPLAY_DATE,
    toWire: (d) => d.format('YYYY-MM-DD'),
    fromWire: (v) => dayjs(v, 'YYYY-MM-DD', true),
  },
  dateTime: {
    show: `${DISPLAY_DATE} HH:mm`,
    toWire: (d) => d.format('YYYY-MM-DDTHH:mm:ssZ'),
    fromWire: (v) => dayjs(v),
  },
  time: {
    show: 'HH:mm',
    toWire: (d) => d.format('HH:mm'),
    fromWire: (v) => dayjs(`2000-01-01T${v}`),
  },
};
export { INCOMPLETE_DATE };

const localeText = itIT.components.MuiLocalizationProvider.defaultProps.localeText;

/** Italian pickers: dayjs `it` (weeks from Monday), the Italian labels of MUI X. */
export function ItalianDates({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="it" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

export interface DateInputProps {
  kind: DateKind;
  id?: string;
  label: string;
  /** The wire value: YYYY-MM-DD, an ISO date-time or HH:MM; empty or undefined when none. */
  value: unknown;
  onChange(value: string | undefined): void;
  onBlur?(): void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  size?: 'small' | 'medium';
  describedBy?: string;
}

/**
 * A date, date-time or time typed as Italians write it (DD-MM-YYYY, HH:MM) or picked from a calendar,
 * given and returned in the contract's format.
 */
export function DateInput(props: DateInputProps) {
  const { kind, id, label, value, onChange, onBlur, required, disabled, error, size, describedBy } = props;
  const wire = WIRE[kind];
  const toPicker = (v: unknown) =>
    typeof v === 'string' && v !== '' && v !== INCOMPLETE_DATE ? wire.fromWire(v) : null;
  const [picked, setPicked] = useState<Dayjs | null>(() => toPicker(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (a reload, a reset) replaces what is shown; what is being typed stays.
  if (value !== seen) {
    setSeen(value);
    const mine = picked === null ? undefined : picked.isValid() ? wire.toWire(picked) : INCOMPLETE_DATE;
    if (mine !== (value === '' || value === null ? undefined : value)) setPicked(toPicker(value));
  }
  const change = (d: Dayjs | null) => {
    setPicked(d);
    onChange(d === null ? undefined : d.isValid() ? wire.toWire(d) : INCOMPLETE_DATE);
  };
  const common = {
    // One text input (not a group of section spans): labelled, filled and read like any other field.
    enableAccessibleFieldDOMStructure: false as const,
    label,
    value: picked,
    onChange: change,
    format: wire.show,
    disabled,
    slotProps: {
      textField: {
        id,
        required,
        error,
        size,
        fullWidth: size !== 'small',
        // Typed only in part from an empty field, the picker keeps its value empty: say so rather than lose it.
        onBlur: (e: FocusEvent<HTMLInputElement>) => {
          if (picked === null && /\d/.test(e.target.value)) onChange(INCOMPLETE_DATE);
          else if (picked === null && value === INCOMPLETE_DATE) onChange(undefined);
          onBlur?.();
        },
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
  };
  return (
    <ItalianDates>
      {kind === 'date' ? (
        <DatePicker {...common} />
      ) : kind === 'dateTime' ? (
        <DateTimePicker {...common} ampm={false} />
      ) : (
        <TimePicker {...common} ampm={false} />
      )}
    </ItalianDates>
  );
}
