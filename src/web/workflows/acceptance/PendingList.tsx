import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { formatDate } from '../../../domain/dates.ts';
import { messages } from '../../i18n/messages.ts';
import type { QueuedAcceptance } from './acceptanceStore.ts';
import { outbox } from './outbox.ts';

const m = messages.acceptance;

/** "In attesa di invio": the acceptances saved on this tablet that the server has not acknowledged yet. */
export function PendingList({
  items,
  sending,
  progress,
  online,
  onReopen,
}: {
  items: readonly QueuedAcceptance[];
  sending: boolean;
  progress: { done: number; total: number } | null;
  online: boolean;
  onReopen(item: QueuedAcceptance): void;
}) {
  if (!items.length) return null;
  const waiting = items.some((q) => !q.refused);
  return (
    <Alert
      severity={items.some((q) => q.refused) ? 'error' : 'warning'}
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      data-testid="in-attesa"
    >
      <AlertTitle>{m.pendingTitle(items.length)}</AlertTitle>
      {sending && (
        <LinearProgress
          aria-label={progress ? m.photosProgress(progress.done, progress.total) : m.sending}
          variant={progress ? 'determinate' : 'indeterminate'}
          value={progress ? (100 * progress.done) / Math.max(progress.total, 1) : undefined}
          sx={{ my: 1 }}
        />
      )}
      {progress && <Typography variant="body2">{m.photosProgress(progress.done, progress.total)}</Typography>}
      <List dense disablePadding>
        {items.map((q) => (
          <ListItem
            key={q.key}
            disableGutters
            secondaryAction={
              q.refused ? (
                <Button size="large" onClick={() => onReopen(q)} sx={{ minHeight: 44 }}>
                  {m.reopen}
                </Button>
              ) : undefined
            }
          >
            <ListItemText
              primary={m.pendingItem(q.summary.matricole, formatDate(q.summary.dataAccettazione), q.summary.photos)}
              secondary={
                q.refused
                  ? m.pendingRefused(q.refused)
                  : [m.pendingWaiting(q.attempts), q.lastError].filter(Boolean).join(' · ')
              }
            />
          </ListItem>
        ))}
      </List>
      {waiting && (
        <Box sx={{ mt: 1 }}>
          <Button
            size="large"
            variant="outlined"
            color="inherit"
            disabled={!online || sending}
            onClick={() => void outbox.flush()}
            sx={{ minHeight: 44 }}
          >
            {m.sendNow}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
