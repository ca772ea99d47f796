import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { messages } from '../../i18n/messages.ts';
import { negotiationMessages } from './negotiationMessages.ts';
import { parseRecipients } from './negotiationRules.ts';
import { recipientsProblem } from './SendDialog.tsx';

const m = negotiationMessages.sends;

/** The offer in two steps (SPEC.md section 2): choose the recipients, at least one; then confirm "N destinatari". */
export function OfferSendDialog({
  candidates,
  onSend,
  onClose,
}: {
  candidates: string[];
  onSend(recipients: string[]): Promise<void>;
  onClose(): void;
}) {
  const id = useId();
  const [known, setKnown] = useState(candidates);
  const [chosen, setChosen] = useState<string[]>(candidates.slice(0, 1));
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [busy, setBusy] = useState(false);

  function addOther() {
    const typed = parseRecipients(other);
    const wrong = typed.length > 0 ? recipientsProblem(typed) : null;
    setProblem(wrong);
    if (wrong || typed.length === 0) return;
    setKnown((k) => [...new Set([...k, ...typed])]);
    setChosen((c) => [...new Set([...c, ...typed])]);
    setOther('');
  }

  function next() {
    const wrong = chosen.length === 0 ? m.atLeastOne : null;
    setProblem(wrong);
    if (!wrong) setStep('confirm');
  }

  async function send() {
    setBusy(true);
    try {
      await onSend(chosen);
      onClose();
    } catch {
      // The server's message is shown; the choice stays.
      setStep('choose');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{step === 'choose' ? m.offer.chooseTitle : m.offer.confirmTitle}</DialogTitle>
      <DialogContent>
        {step === 'choose' ? (
          <>
            <FormGroup>
              {known.map((email) => (
                <FormControlLabel
                  key={email}
                  label={email}
                  control={
                    <Checkbox
                      checked={chosen.includes(email)}
                      onChange={(e) =>
                        setChosen((c) => (e.target.checked ? [...c, email] : c.filter((x) => x !== email)))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <TextField
                size="small"
                label={m.offer.other}
                value={other}
                onChange={(e) => setOther(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addOther();
                  }
                }}
                sx={{ flexGrow: 1 }}
              />
              <Button onClick={addOther}>{messages.actions.add}</Button>
            </Box>
            {problem && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {problem}
              </Alert>
            )}
          </>
        ) : (
          <DialogContentText>{m.offer.confirmText(chosen.length)}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.actions.cancel}</Button>
        {step === 'choose' ? (
          <Button variant="contained" onClick={next}>
            {m.next}
          </Button>
        ) : (
          <>
            <Button onClick={() => setStep('choose')}>{m.back}</Button>
            <Button variant="contained" disabled={busy} onClick={() => void send()}>
              {m.send}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
