import { Box, MenuItem, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { fuelOf } from '../../../domain/acceptance/index.ts';
import { DateInput } from '../../fields/DateInput.tsx';
import { NumberInput } from '../../fields/NumberInput.tsx';
import { messages } from '../../i18n/messages.ts';
import { sessionUserName } from '../../session/useSessionUser.ts';
import { DamageSection } from './DamageSection.tsx';
import { ErpMachineNotice } from './ErpMachineNotice.tsx';
import { FuelGauge } from './FuelGauge.tsx';
import { PreviousCheckIn } from './PreviousCheckIn.tsx';
import type { AcceptanceWizardState } from './useAcceptanceWizard.ts';

const m = messages.acceptance;
/** Fields a finger hits on a tablet. */
export const BIG = { '& .MuiInputBase-root': { minHeight: 56 } };

/** Who checks the vehicle in: chosen by a supervisor, the user themselves otherwise. */
function OperatorField({ wizard }: { wizard: AcceptanceWizardState }) {
  const { user, saved, errors, operators } = wizard;
  if (!user || !saved) return null;
  const error = errors.operatore;
  if (!wizard.choosesOperator)
    return (
      <TextField
        label={m.operator}
        value={sessionUserName(user)}
        slotProps={{ input: { readOnly: true } }}
        error={!!error}
        helperText={error}
        sx={BIG}
      />
    );
  return (
    <TextField
      select
      label={m.operator}
      value={saved.draft.operatore ?? ''}
      onChange={(ev) => wizard.setField({ operatore: Number(ev.target.value) || null })}
      error={!!error}
      helperText={error}
      required
      sx={BIG}
    >
      {[{ id: user.id, nome: sessionUserName(user) }, ...operators.filter((o) => o.id !== user.id)].map((o) => (
        <MenuItem key={o.id} value={o.id} sx={{ minHeight: 48 }}>
          {o.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A reading (km, hours): a whole number, its message under it. */
function Reading({ wizard, field, label }: { wizard: AcceptanceWizardState; field: 'km' | 'ore'; label: string }) {
  const error = wizard.errors[field];
  return (
    <Box>
      <NumberInput
        id={field}
        label={label}
        integer
        value={wizard.saved?.draft[field] ?? undefined}
        onChange={(v) => wizard.setField({ [field]: (v ?? null) as number | null })}
        error={!!error}
      />
      {error && (
        <Typography color="error" variant="caption" role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}

/** The first page: who, when, which machine (and its previous check-in), its readings, fuel and damage. */
export function WizardStepOne({ wizard }: { wizard: AcceptanceWizardState }) {
  const { saved, errors, lower } = wizard;
  if (!saved) return null;
  const { draft } = saved;
  const { setField } = wizard;
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <OperatorField wizard={wizard} />
          <Box sx={BIG}>
            <DateInput
              kind="date"
              id="dataAccettazione"
              label={m.date}
              value={draft.dataAccettazione}
              onChange={(v) => setField({ dataAccettazione: v ?? '' })}
              required
              error={!!errors.dataAccettazione}
            />
            {errors.dataAccettazione && (
              <Typography color="error" variant="caption">
                {errors.dataAccettazione}
              </Typography>
            )}
          </Box>
          <TextField
            id="matricole"
            label={m.serial}
            value={draft.matricole ?? ''}
            onChange={(ev) => setField({ matricole: ev.target.value })}
            helperText={errors.matricole ?? m.serialHelp}
            error={!!errors.matricole}
            required
            slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', maxLength: 1000 } }}
            sx={BIG}
          />
          <ErpMachineNotice wizard={wizard} />
          <PreviousCheckIn previous={wizard.previous} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, ...BIG }}>
            <Reading wizard={wizard} field="km" label={m.km} />
            <Reading wizard={wizard} field="ore" label={m.hours} />
          </Box>
          {(lower || !!draft.motivoLetturaInferiore) && (
            <TextField
              id="motivoLetturaInferiore"
              label={m.lowerReason}
              value={draft.motivoLetturaInferiore ?? ''}
              // A reason answers the lower readings: their messages go with it.
              onChange={(ev) => setField({ motivoLetturaInferiore: ev.target.value, km: draft.km, ore: draft.ore })}
              helperText={m.lowerReasonHelp}
              required
              color="warning"
              focused={lower && !draft.motivoLetturaInferiore}
              sx={BIG}
            />
          )}
          <FuelGauge notches={draft.tacche} onChange={(tacche) => setField({ tacche, carburante: fuelOf(tacche) })} />
          {errors.carburante && <Typography color="error">{errors.carburante}</Typography>}
          <Box>
            <Typography component="p" id="danni-label" color="text.secondary" sx={{ mb: 0.5 }}>
              {m.damage}
            </Typography>
            <ToggleButtonGroup
              exclusive
              aria-labelledby="danni-label"
              value={draft.danni ? 'si' : 'no'}
              onChange={(_ev, v: string | null) => v && setField({ danni: v === 'si' })}
              fullWidth
            >
              <ToggleButton value="no" sx={{ minHeight: 56, textTransform: 'none', fontSize: '1rem' }}>
                {m.no}
              </ToggleButton>
              <ToggleButton value="si" color="error" sx={{ minHeight: 56, textTransform: 'none', fontSize: '1rem' }}>
                {m.yes}
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
        </Box>
      </Box>
      <DamageSection wizard={wizard} />
    </>
  );
}
