import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import type { Row } from '../../api/resourceApi.ts';
import { ReferencePicker } from '../../fields/ReferencePicker.tsx';
import { messages } from '../../i18n/messages.ts';
import { negotiationMessages as m } from './negotiationMessages.ts';

export interface LostChoice {
  motivoPersaId: number;
  statoOffertaId: number;
  notePersa: string;
}

const idOf = (v: unknown) => (typeof v === 'number' ? v : null);

/** A lost negotiation: why (lost reason), the offer's status, and a note (SPEC.md section 4). */
export function LostOfferDialog({
  initial,
  onConfirm,
  onCancel,
}: {
  initial: Row;
  onConfirm(choice: LostChoice): void;
  onCancel(): void;
}) {
  const id = useId();
  const [reason, setReason] = useState(idOf(initial.motivoPersaId));
  const [offerStatus, setOfferStatus] = useState(idOf(initial.statoOfferta));
  const [notes, setNotes] = useState(String(initial.notePersa ?? ''));
  const [tried, setTried] = useState(false);
  const missing = !reason || !offerStatus;
  return (
    <Dialog open onClose={onCancel} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{m.lost.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{m.lost.text}</DialogContentText>
        {tried && missing && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {m.lost.required}
          </Alert>
        )}
        <Stack spacing={2}>
          <ReferencePicker
            resource="motivoPerso"
            required
            label={m.lost.reason}
            value={reason}
            error={tried && !reason}
            onChange={setReason}
          />
          <ReferencePicker
            resource="statoOfferta"
            required
            label={m.lost.offerStatus}
            value={offerStatus}
            error={tried && !offerStatus}
            onChange={setOfferStatus}
          />
          <TextField
            multiline
            minRows={3}
            label={m.lost.notes}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{messages.actions.cancel}</Button>
        <Button
          variant="contained"
          onClick={() => {
            setTried(true);
            if (!missing) onConfirm({ motivoPersaId: reason, statoOffertaId: offerStatus, notePersa: notes });
          }}
        >
          {messages.actions.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
