import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messages } from '../../i18n/messages.ts';
import { negotiationApi } from './negotiationApi.ts';
import { negotiationMessages } from './negotiationMessages.ts';

const m = negotiationMessages.reassign;

/** Reassign the negotiation to another active user, after a confirmation (admins, super admins, ROLE_NL). */
export function ReassignDialog({
  name,
  currentUserId,
  onReassign,
  onClose,
}: {
  name: string;
  currentUserId: number | null;
  onReassign(userId: number): Promise<void>;
  onClose(): void;
}) {
  const id = useId();
  const users = useQuery({ queryKey: ['negotiation-operators'], queryFn: negotiationApi.operators });
  const options = (users.data ?? []).filter((u) => u.id !== currentUserId).map((u) => ({ id: u.id, label: u.nome }));
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const who = options.find((o) => String(o.id) === chosen)?.label ?? '';

  async function reassign() {
    setBusy(true);
    try {
      await onReassign(Number(chosen));
    } catch {
      // The server's message is shown; the choice stays.
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{m.title}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <DialogContentText>{m.confirm(name, who)}</DialogContentText>
        ) : (
          <TextField
            select
            fullWidth
            label={m.user}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            sx={{ mt: 1 }}
          >
            {options.map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.actions.cancel}</Button>
        {confirming ? (
          <Button variant="contained" disabled={busy} onClick={() => void reassign()}>
            {m.action}
          </Button>
        ) : (
          <Button variant="contained" disabled={!chosen} onClick={() => setConfirming(true)}>
            {negotiationMessages.sends.next}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
