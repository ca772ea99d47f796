import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useId, useState } from 'react';
import { ReferencePicker } from '../../fields/ReferencePicker.tsx';
import { messages } from '../../i18n/messages.ts';
import { useBranchName } from './inventoryApi.ts';
import type { Item } from './InventoryDialogs.tsx';

const m = messages.inventory;

/**
 * "Sposta in altra filiale": the branch where the machine really is, chosen with the one picker (it searches the
 * server, never reads every branch), then a confirmation naming it.
 */
export function MoveDialog({
  item,
  busy,
  onMove,
  onClose,
}: {
  item: Item;
  busy: boolean;
  onMove(branchId: number): void;
  onClose(): void;
}) {
  const id = useId();
  const [branchId, setBranchId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState(false);
  const branch = useBranchName(branchId);
  const name = branch.data ?? '';
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{m.moveTitle(item.resourceMago)}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <DialogContentText>{m.moveConfirm(item.resourceMago, name)}</DialogContentText>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{m.moveHint}</DialogContentText>
            <ReferencePicker
              resource="filialeInventario"
              label={m.destination}
              required
              error={missing}
              value={branchId}
              onChange={(chosen) => {
                setBranchId(chosen);
                setMissing(false);
              }}
            />
            {missing && <Alert severity="error">{m.destinationRequired}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={confirming ? () => setConfirming(false) : onClose}>{messages.actions.cancel}</Button>
        {confirming ? (
          <Button
            variant="contained"
            disabled={busy || branchId === null}
            onClick={() => branchId !== null && onMove(branchId)}
          >
            {m.moveConfirmLabel}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={branchId !== null && !name}
            onClick={() => (branchId === null ? setMissing(true) : setConfirming(true))}
          >
            {m.next}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
