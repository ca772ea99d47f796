import { InputAdornment, TextField } from '@mui/material';
import { useState } from 'react';
import { formatNumberInput, parseDuration, parseItalianNumber } from '../../domain/displayFormats.ts';

export interface NumberInputProps {
  id?: string;
  label: string;
  value: unknown;
  /** A number, undefined when empty, or the text itself when it is not a number (the schema then names the field). */
  onChange(value: number | string | undefined): void;
  onBlur?(): void;
  onFocus?(): void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  integer?: boolean;
  /** Shown after the figure: €, %. */
  unit?: string;
  /** Seconds typed as mm:ss (or plain seconds). */
  duration?: boolean;
  size?: 'small' | 'medium';
  describedBy?: string;
  /** In a table whose header names the column: the label is read by screen readers but not drawn. */
  labelHidden?: boolean;
  autoFocus?: boolean;
}

const secondsText = (v: unknown) => {
  if (typeof v !== 'number') return typeof v === 'string' ? v : '';
  const s = Math.max(0, Math.round(v));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A figure typed the Italian way ("1.250,50", "8,5"): a text input, so the decimal comma works on every
 * keyboard and browser; what is typed stays as typed, the form gets the number.
 */
export function NumberInput(props: NumberInputProps) {
  const { id, label, value, onChange, onBlur, onFocus, required, disabled, error, integer, unit, duration } = props;
  const show = (v: unknown) => (duration ? secondsText(v) : typeof v === 'string' ? v : formatNumberInput(v));
  const parse = duration ? parseDuration : parseItalianNumber;
  const [text, setText] = useState(() => show(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (a reload, a reset) replaces the text; what is being typed stays.
  if (value !== seen) {
    setSeen(value);
    const mine = text === '' ? undefined : (parse(text) ?? text);
    if (mine !== (value === null ? undefined : value)) setText(show(value));
  }
  return (
    <TextField
      id={id}
      fullWidth
      size={props.size}
      label={props.labelHidden ? undefined : label}
      value={text}
      required={required}
      disabled={disabled}
      error={error}
      autoFocus={props.autoFocus}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        onChange(t.trim() === '' ? undefined : (parse(t) ?? t));
      }}
      onBlur={onBlur}
      onFocus={onFocus}
      slotProps={{
        htmlInput: {
          inputMode: integer || duration ? 'numeric' : 'decimal',
          autoComplete: 'off',
          ...(props.labelHidden ? { 'aria-label': label } : {}),
          ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
        },
        ...(unit ? { input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } } : {}),
      }}
    />
  );
}
