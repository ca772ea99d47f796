import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { messages } from '../app/messages.ts';

export function DeleteDialog({ open, what, busy, onConfirm, onClose }: { open: boolean; what: string; busy: boolean; onConfirm(): void; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-title">
      <DialogTitle id="delete-title">{messages.actions.delete}</DialogTitle>
      <DialogContent>
        <DialogContentText>{messages.confirmDelete(what)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.actions.cancel}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>{messages.actions.delete}</Button>
      </DialogActions>
    </Dialog>
  );
}
