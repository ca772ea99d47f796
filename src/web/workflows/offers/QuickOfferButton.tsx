import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { ApiError } from '../../api/apiError.ts';
import { resourceApi } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { offerMessages as m } from './offerMessages.ts';
import { negotiationOfferPath } from './offerRoutes.ts';

const FIELDS = ['ragioneSociale', 'email', 'telefono'] as const;
type Field = (typeof FIELDS)[number];

/**
 * "Nuova offerta rapida": a negotiation flagged `offertaRapida` with only what an offer needs (the customer's
 * name, e-mail and phone), then its offer builder.
 */
export function QuickOfferButton() {
  const id = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ ragioneSociale: '', email: '', telefono: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [titles, setTitles] = useState<Record<string, string>>({});

  async function start() {
    setOpen(true);
    const def = await resourceIndex.trattativaCp.load();
    const props = (def.form.schema.properties ?? {}) as Record<string, { title?: string }>;
    setTitles(Object.fromEntries(FIELDS.map((f) => [f, props[f]?.title ?? f])));
  }

  async function create() {
    if (!values.ragioneSociale.trim()) {
      setProblems({ ragioneSociale: `${titles.ragioneSociale ?? 'Ragione sociale'}: campo obbligatorio` });
      return;
    }
    setBusy(true);
    try {
      const def = await resourceIndex.trattativaCp.load();
      const body = Object.fromEntries(FIELDS.filter((f) => values[f].trim()).map((f) => [f, values[f].trim()]));
      const { data } = await resourceApi.create(def, { ...body, offertaRapida: true });
      const newId = Number(data.id);
      void navigate(await negotiationOfferPath(newId));
    } catch (e) {
      if (e instanceof ApiError)
        setProblems(Object.fromEntries((e.body.violations ?? []).map((v) => [v.field, v.message])));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outlined" onClick={() => void start()}>
        {m.quickOffer}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
        <DialogTitle id={`${id}-title`}>{m.quickOfferTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{m.quickOfferText}</DialogContentText>
          {FIELDS.map((f) => (
            <TextField
              key={f}
              label={titles[f] ?? f}
              required={f === 'ragioneSociale'}
              fullWidth
              margin="dense"
              value={values[f]}
              error={!!problems[f]}
              helperText={problems[f]}
              onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{messages.actions.cancel}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void create()}>
            {m.quickCreate}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
