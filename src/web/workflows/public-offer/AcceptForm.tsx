import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatPercent } from '../../../domain/pricing/index.ts';
import { SignatureField } from '../../ui/SignatureField.tsx';
import { acceptErrors } from './answerChecks.ts';
import { euro } from './OfferSummary.tsx';
import { publicOfferMessages as m } from './publicOfferMessages.ts';
import { Section } from './PublicOfferShell.tsx';
import type { PublicOfferState } from './usePublicOffer.ts';

/** The insurance options of the offer, each with its price and the total it makes. */
function InsuranceChoice({ state, error }: { state: PublicOfferState; error?: string }) {
  const { version, option } = state;
  if (!version || !option) return null;
  return (
    <Section title={m.insurance}>
      <Typography variant="body2" color="text.secondary" id="assicurazione-help" sx={{ mb: 1 }}>
        {m.insuranceHelp}
      </Typography>
      <RadioGroup
        aria-label={m.insurance}
        aria-describedby="assicurazione-help"
        value={option.code}
        onChange={(e) => {
          state.choose(e.target.value);
          state.changed('assicurazioneTipo');
        }}
      >
        {version.opzioni.map((o) => (
          <FormControlLabel
            key={o.code}
            value={o.code}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', py: 0.75, mr: 0 }}
            label={
              <Box sx={{ pt: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{o.name}</Typography>
                {o.description && (
                  <Typography variant="body2" color="text.secondary">
                    {o.description}
                  </Typography>
                )}
                <Typography variant="body2">
                  {m.insurancePrice(euro(o.figures.prezzoAssicurazione), formatPercent(o.percentage))}
                </Typography>
                <Typography variant="body2">{m.optionTotal(euro(o.figures.prezzoTotaleScontato))}</Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Section>
  );
}

/** The confirmation of an open offer: the insurance, the conditions accepted, who signs, the signature. */
export function AcceptForm({ state }: { state: PublicOfferState }) {
  const [accepted, setAccepted] = useState(false);
  const [signer, setSigner] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const values = { accepted, signer, signature };
  const errors = { ...state.serverErrors, ...(state.tried === 'confirm' ? acceptErrors(values) : {}) };
  return (
    <>
      <InsuranceChoice state={state} error={errors.assicurazioneTipo} />
      <Section title={m.sign}>
        <FormControl error={!!errors.condizioniAccettate} sx={{ mb: 2 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={accepted}
                onChange={(e) => {
                  setAccepted(e.target.checked);
                  state.changed('condizioniAccettate');
                }}
                slotProps={{ input: { 'aria-describedby': 'condizioni-help' } }}
              />
            }
            label={m.accept}
          />
          {errors.condizioniAccettate && (
            <FormHelperText id="condizioni-help">{errors.condizioniAccettate}</FormHelperText>
          )}
        </FormControl>
        <TextField
          label={m.signer}
          required
          fullWidth
          value={signer}
          onChange={(e) => {
            setSigner(e.target.value);
            state.changed('firmatario');
          }}
          error={!!errors.firmatario}
          helperText={errors.firmatario}
          autoComplete="name"
          slotProps={{ htmlInput: { maxLength: 120 } }}
          sx={{ mb: 2 }}
        />
        <SignatureField
          value={signature}
          onChange={(value) => {
            setSignature(value);
            state.changed('firma');
          }}
          error={errors.firma}
          texts={{ label: m.signature, help: m.signatureHelp, clear: m.clearSignature }}
          required
        />
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={state.busy}
          onClick={() => void state.confirm(values)}
          sx={{ mt: 2, minHeight: 52 }}
        >
          {state.busy ? m.confirming : m.confirm}
        </Button>
      </Section>
    </>
  );
}
