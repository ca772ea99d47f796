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
import { useId, useState, type ReactNode } from 'react';
import { messages } from '../../i18n/messages.ts';
import { negotiationMessages } from './negotiationMessages.ts';
import { invalidRecipients, parseRecipients } from './negotiationRules.ts';

const m = negotiationMessages.sends;

/** A recipients field: at least one, each an e-mail address; the message names what is wrong. */
export function recipientsProblem(list: string[]): string | null {
  if (list.length === 0) return m.atLeastOne;
  const bad = invalidRecipients(list);
  return bad.length > 0 ? m.notAddresses(bad) : null;
}

/**
 * The confirmation before a send: what will be sent, to whom (the negotiation's address, editable), and the
 * send's own fields. It stays open until the send succeeded; a failure shows the server's message.
 */
export function SendDialog({
  title,
  text,
  defaultRecipients,
  children,
  ready = true,
  onSend,
  onClose,
}: {
  title: string;
  text: string;
  defaultRecipients: string;
  children?: ReactNode;
  /** The send's own fields are complete. */
  ready?: boolean;
  onSend(recipients: string[]): Promise<void>;
  onClose(): void;
}) {
  const id = useId();
  const [recipients, setRecipients] = useState(defaultRecipients);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    const list = parseRecipients(recipients);
    const wrong = recipientsProblem(list);
    setProblem(wrong);
    if (wrong || !ready) return;
    setBusy(true);
    try {
      await onSend(list);
      onClose();
    } catch {
      // The API middleware has shown the server's message; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <Stack spacing={2}>
          {children}
          <TextField
            label={m.recipients}
            helperText={problem ?? m.recipientsHint}
            error={!!problem}
            value={recipients}
            onChange={(e) => setRecipients(e.target.value)}
          />
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.actions.cancel}</Button>
        <Button variant="contained" disabled={busy || !ready} onClick={() => void send()}>
          {m.send}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
