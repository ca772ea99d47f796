import { Alert, Box, Button, Chip, LinearProgress, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { displayFormats } from '../../../domain/displayFormats.ts';
import type { Progress } from '../../../domain/inventory/progress.ts';
import { messages } from '../../i18n/messages.ts';
import type { useInventory } from './inventoryApi.ts';
import { INVENTORY_LIST } from './pages.ts';

const m = messages.inventory;

/** The head of an inventory: its branch and status, who created it, the count so far, who concluded it. */
export function InventoryHeader(props: {
  inventory: NonNullable<ReturnType<typeof useInventory>['data']>;
  supervisor: boolean;
  progress: Progress | null;
  /** Someone else changed the items: the reload that shows their changes. */
  changedByOthers: (() => void) | null;
  blind: boolean;
}) {
  const { inventory: inv, supervisor, progress, changedByOthers, blind } = props;
  const concluded = inv.concluso === true;
  return (
    <>
      <Button component={Link} to={INVENTORY_LIST} size="small" sx={{ mb: 1 }}>
        {m.back}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1 }}>
          {m.title(inv.filialeInventario?.nome ?? '')}
        </Typography>
        <Chip label={inv.status} color={concluded ? 'default' : 'primary'} />
        {supervisor && (inv.anomalie ?? 0) > 0 && <Chip label={m.anomalies(inv.anomalie ?? 0)} color="warning" />}
      </Box>
      {inv.createdBy && inv.created && (
        <Typography variant="caption" color="text.secondary">
          {m.createdBy(inv.createdBy, displayFormats.dateTime(inv.created))}
        </Typography>
      )}
      {progress && (
        <Box sx={{ my: 1.5 }} aria-live="polite">
          <Typography variant="subtitle1" data-testid="inventory-progress">
            {progress.text}
          </Typography>
          {progress.percent !== null && (
            <LinearProgress
              variant="determinate"
              value={progress.percent}
              aria-label={progress.text}
              sx={{ height: 8, borderRadius: 4 }}
            />
          )}
        </Box>
      )}
      {concluded && inv.dataConclusione && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {m.concluded(inv.conclusoDa ?? '', displayFormats.dateTime(inv.dataConclusione))}
        </Alert>
      )}
      {changedByOthers && (
        <Alert
          severity="warning"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={changedByOthers}>
              {m.reload}
            </Button>
          }
        >
          {m.updated}
        </Alert>
      )}
      {blind && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {m.blindHint}
        </Alert>
      )}
    </>
  );
}
