import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListSubheader,
} from '@mui/material';
import { useId } from 'react';
import { negotiationPath } from './pages.ts';
import { Link } from 'react-router-dom';
import type { VatCheck } from './negotiationApi.ts';
import { messages } from '../../i18n/messages.ts';
import { negotiationMessages as m } from './negotiationMessages.ts';

type Other = VatCheck['trattative'][number];

/** The other negotiations that ask for the dialog: open or lost ones not yet seen from this negotiation. */
export const unseenOthers = (others: readonly Other[]) => others.filter((o) => o.stato !== 'archiviata' && !o.vista);

function Others({ title, list }: { title: string; list: Other[] }) {
  if (list.length === 0) return null;
  return (
    <List dense subheader={<ListSubheader disableSticky>{title}</ListSubheader>}>
      {list.map((r) => {
        const name = r.ragioneSociale || `#${String(r.id)}`;
        const who = [r.operatore, r.stato !== 'aperta' ? m.vat.state[r.stato] : ''].filter(Boolean).join(', ');
        return (
          <ListItem key={r.id} sx={{ gap: 1 }}>
            {r.accessibile ? (
              <Link to={negotiationPath(String(r.id))} target="_blank" aria-label={m.vat.open(name)}>
                {name}
              </Link>
            ) : (
              name
            )}
            {who && `(${who})`}
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * Before saving: the other negotiations with the same VAT number, open ones first and the lost or archived ones
 * apart (a link to those the user may open); save anyway, after which these are not asked about again, or go back.
 */
export function VatOthersDialog({
  vat,
  others,
  onAnswer,
}: {
  vat: string;
  others: readonly Other[];
  onAnswer(ok: boolean): void;
}) {
  const id = useId();
  return (
    <Dialog open onClose={() => onAnswer(false)} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{m.vat.othersTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {`${m.vat.othersText(vat, unseenOthers(others).length)} ${m.vat.seenNote}`}
        </DialogContentText>
        <Others title={m.vat.openGroup} list={others.filter((o) => o.stato === 'aperta')} />
        <Others title={m.vat.closed} list={others.filter((o) => o.stato !== 'aperta')} />
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
