import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { declineErrors } from './answerChecks.ts';
import { publicOfferMessages as m } from './publicOfferMessages.ts';
import { Section } from './PublicOfferShell.tsx';
import type { PublicOfferState } from './usePublicOffer.ts';

/** "Rifiuta l'offerta": a button, then the reason and a note; what was typed stays while the form is closed. */
export function DeclineForm({ state }: { state: PublicOfferState }) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState<number | ''>('');
  const [note, setNote] = useState('');
  if (!state.offer) return null;
  if (!declining)
    return (
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <Button onClick={() => setDeclining(true)} sx={{ minHeight: 44 }}>
          {m.declineOpen}
        </Button>
      </Box>
    );
  const errors = { ...state.serverErrors, ...(state.tried === 'decline' ? declineErrors({ reason }) : {}) };
  return (
    <Section title={m.declineTitle}>
      <TextField
        select
        label={m.reason}
        required
        fullWidth
        value={reason}
        onChange={(e) => {
          setReason(Number(e.target.value));
          state.changed('motivoPersaId');
        }}
        error={!!errors.motivoPersaId}
        helperText={errors.motivoPersaId}
        sx={{ mb: 2 }}
      >
        {state.offer.motiviPerse.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.description}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={m.note}
        fullWidth
        multiline
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        sx={{ mb: 2 }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={() => setDeclining(false)} sx={{ minHeight: 44 }}>
          {m.cancel}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={state.busy}
          onClick={() => void state.decline({ reason, note }, () => setDeclining(false))}
          sx={{ minHeight: 44 }}
        >
          {m.decline}
        </Button>
      </Box>
    </Section>
  );
}
