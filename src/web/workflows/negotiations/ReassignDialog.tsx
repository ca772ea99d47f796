import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { createDebouncer, PICKER_DEBOUNCE_MS } from '../../fields/pickerSearch.ts';
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
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const debouncer = useMemo(() => createDebouncer(PICKER_DEBOUNCE_MS, setSearch), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  // The server finds them as the user types (names only, at most 50): no whole list of users in the browser.
  const users = useQuery({
    queryKey: ['negotiation-operators', search],
    queryFn: () => negotiationApi.operators(search),
    placeholderData: keepPreviousData,
  });
  const options = (users.data?.data ?? [])
    .filter((u) => u.id !== currentUserId)
    .map((u) => ({ id: u.id, label: u.nome }));
  const [chosen, setChosen] = useState<{ id: number; label: string } | null>(null);
  // The choice stays an option while a new search narrows the others.
  const shown = chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const who = chosen?.label ?? '';

  async function reassign() {
    if (!chosen) return;
    setBusy(true);
    try {
      await onReassign(chosen.id);
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
          <Autocomplete
            options={shown}
            value={chosen}
            onChange={(_e, option) => setChosen(option)}
            inputValue={typed}
            onInputChange={(_e, text, reason) => {
              setTyped(text);
              if (reason === 'input') debouncer.push(text.trim());
            }}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            // The server has filtered already, by every word of the name.
            filterOptions={(o) => o}
            loading={users.isFetching}
            loadingText={messages.loading}
            noOptionsText={m.nobody}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label={m.user}
                helperText={users.data?.more ? m.more : m.hint}
                sx={{ mt: 1 }}
              />
            )}
          />
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
