import {
  FormControl,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { checkKind, checkOptions, type CheckInput } from '../../../domain/acceptance/index.ts';
import type { TipoControllo } from '../../../../generated/entities.ts';
import { NumberInput } from '../../fields/NumberInput.tsx';

export type ControlType = Pick<TipoControllo, 'id' | 'nome' | 'tipo' | 'valori'>;

/** One check of `tipi_controllo`, drawn by its kind: yes/no, one of its values, a number or text. */
export function CheckField({
  type,
  value,
  onChange,
  error,
}: {
  type: ControlType;
  value: CheckInput;
  onChange(next: CheckInput): void;
  error?: string;
}) {
  const id = `controllo-${type.id}`;
  const kind = checkKind(type);
  if (kind === 'numero')
    return (
      <NumberInput
        id={id}
        label={type.nome}
        value={value ?? undefined}
        onChange={(v) => onChange(v ?? null)}
        error={!!error}
        describedBy={error ? `${id}-errore` : undefined}
      />
    );
  if (kind === 'testo')
    return (
      <TextField
        id={id}
        fullWidth
        label={type.nome}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        error={!!error}
        helperText={error}
      />
    );
  const options = checkOptions(type);
  const current =
    typeof value === 'string' ? value : typeof value === 'boolean' ? (value ? options[0] : options[1]) : '';
  if (options.length > 5)
    return (
      <TextField
        id={id}
        select
        fullWidth
        label={type.nome}
        value={current ?? ''}
        onChange={(e) => onChange(e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { '& li': { minHeight: 48 } } } } } } }}
      >
        <MenuItem value="">—</MenuItem>
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <FormControl component="fieldset" error={!!error} fullWidth>
      <FormLabel component="legend" id={`${id}-label`}>
        {type.nome}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        aria-labelledby={`${id}-label`}
        value={current ?? ''}
        onChange={(_e, v: string | null) => onChange(v ?? null)}
        sx={{ mt: 0.5, flexWrap: 'wrap' }}
      >
        {options.map((o) => (
          <ToggleButton
            key={o}
            value={o}
            sx={{ minHeight: 48, minWidth: 88, px: 2, textTransform: 'none', fontSize: '1rem' }}
          >
            {o}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {error && <FormHelperText id={`${id}-errore`}>{error}</FormHelperText>}
    </FormControl>
  );
}
