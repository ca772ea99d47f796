import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
} from '@mui/material';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { VatCheck } from './negotiationApi.ts';
import { messages } from '../../i18n/messages.ts';
import { negotiationMessages as m } from './negotiationMessages.ts';

/** Before saving: the other open negotiations with the same VAT number (a link to those the user may open); save anyway or go back. */
export function VatOthersDialog({
  vat,
  others,
  onAnswer,
}: {
  vat: string;
  others: VatCheck['trattative'];
  onAnswer(ok: boolean): void;
}) {
  const id = useId();
  return (
    <Dialog open onClose={() => onAnswer(false)} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{m.vat.othersTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{m.vat.othersText(vat, others.length)}</DialogContentText>
        <List dense>
          {others.map((r) => {
            const name = r.ragioneSociale || `#${String(r.id)}`;
            const who = r.operatore ? `(${r.operatore})` : '';
            return (
              <ListItem key={r.id} sx={{ gap: 1 }}>
                {r.accessibile ? (
                  <Link to={`/trattativeCp/trattativa/${String(r.id)}`} target="_blank" aria-label={m.vat.open(name)}>
                    {name}
                  </Link>
                ) : (
                  name
                )}
                {who}
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)}>{messages.actions.cancel}</Button>
        <Button variant="contained" onClick={() => onAnswer(true)}>
          {m.vat.saveAnyway}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
