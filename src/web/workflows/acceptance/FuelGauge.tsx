import { Box, ButtonBase, FormControl, FormLabel, Typography } from '@mui/material';
import { fuelOf, fuelText, NOTCHES, toggleNotch, type Notches } from '../../../domain/acceptance/index.ts';
import { messages } from '../../i18n/messages.ts';

const m = messages.acceptance;

/**
 * Five notches a gloved finger can hit (SPEC.md section 4): a tap on an off notch fills up to it, a tap on an
 * on notch empties it and everything above. The fuel is the highest notch on.
 */
export function FuelGauge({ notches, onChange }: { notches: Notches; onChange(next: Notches): void }) {
  return (
    <FormControl component="fieldset" fullWidth>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {m.fuel}: <strong>{fuelText(fuelOf(notches))}</strong>
      </FormLabel>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {NOTCHES.map((n) => (
          <ButtonBase
            key={n}
            aria-pressed={notches[n]}
            aria-label={m.fuelNotch(n)}
            onClick={() => onChange(toggleNotch(notches, n))}
            sx={{
              flex: 1,
              minHeight: 64,
              borderRadius: 1,
              border: 2,
              borderColor: notches[n] ? 'success.dark' : 'grey.400',
              bgcolor: notches[n] ? 'success.main' : 'grey.100',
              color: notches[n] ? 'common.white' : 'text.secondary',
            }}
          >
            <Typography variant="h6" component="span">
              {n}
            </Typography>
          </ButtonBase>
        ))}
      </Box>
    </FormControl>
  );
}
