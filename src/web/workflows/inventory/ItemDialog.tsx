import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { InventarioMezziItemStato } from '../../../../generated/entities.ts';
import { ApiError } from '../../api/apiError.ts';
import { messages } from '../../i18n/messages.ts';

const m = messages.inventory;

export interface ItemDraft {
  resourceMago: string;
  note: string;
  zona: string;
  statusId: number | null;
}

interface Props {
  /** A machine found on the yard (code editable), or the note and zone of an item already listed. */
  mode: 'add' | 'note';
  initial: ItemDraft;
  statuses: (InventarioMezziItemStato & { id: number })[];
  onSave(draft: ItemDraft): Promise<void>;
  onClose(): void;
}

/** Adds a machine the list lacks, or changes an item's note: what was typed stays when the server refuses it. */
export function ItemDialog({ mode, initial, statuses, onSave, onClose }: Props) {
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<ItemDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft.resourceMago.trim()) return setErrors({ resourceMago: m.codeRequired });
    setBusy(true);
    try {
      await onSave(draft);
    } catch (err) {
      if (err instanceof ApiError)
        setErrors(Object.fromEntries((err.body.violations ?? []).map((v) => [v.field, v.message])));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>{mode === 'add' ? m.addTitle : `${m.editNote} ${initial.resourceMago}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {mode === 'add' && (
              <TextField
                label={m.code}
                value={draft.resourceMago}
                required
                autoFocus
                onChange={(e) => set({ resourceMago: e.target.value })}
                error={!!errors.resourceMago}
                helperText={errors.resourceMago}
                slotProps={{ htmlInput: { maxLength: 255, autoCapitalize: 'characters' } }}
              />
            )}
            {mode === 'add' && (
              <TextField
                select
                label={m.status}
                value={draft.statusId ?? ''}
                onChange={(e) => set({ statusId: e.target.value === '' ? null : Number(e.target.value) })}
                error={!!errors.statusId}
                helperText={errors.statusId}
              >
                <MenuItem value="">{m.noStatus}</MenuItem>
                {statuses.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.description}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={m.note}
              value={draft.note}
              multiline
              minRows={2}
              autoFocus={mode === 'note'}
              onChange={(e) => set({ note: e.target.value })}
              error={!!errors.note}
              helperText={errors.note}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            <TextField
              label={m.zone}
              value={draft.zona}
              onChange={(e) => set({ zona: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{messages.actions.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {messages.actions.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
