import { Alert, Box, Button, CircularProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { messages } from '../../i18n/messages.ts';
import { useNotify } from '../../ui/notifications.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { INVENTORY_LIST_KEY, useMyBranches } from './inventoryApi.ts';
import { InventoryDetail } from './InventoryDetail.tsx';
import { INVENTORY_LIST, inventoryPath } from './pages.ts';

const m = messages.inventory;

/** A new inventory: one of the user's branches, filled by the server with the branch's machines from the ERP. */
function NewInventory() {
  const branches = useMyBranches();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [branchId, setBranchId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const only = branches.data?.length === 1 ? branches.data[0]?.id : undefined;
  const chosen = branchId === '' ? only : branchId;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) return setError(m.branchRequired);
    setBusy(true);
    try {
      const created = await unwrap(api.POST('/api/inventari_mezzi', { body: { filialeInventarioId: chosen } }));
      notify.success(messages.saved);
      void queryClient.invalidateQueries({ queryKey: INVENTORY_LIST_KEY });
      void navigate(inventoryPath(created.data.id), { replace: true });
    } catch {
      // The server's message is shown by the API middleware; the choice stays.
    } finally {
      setBusy(false);
    }
  }

  if (branches.isLoading) return <CircularProgress aria-label={messages.loading} />;
  return (
    <Box sx={{ maxWidth: 520, mx: 'auto' }}>
      <Button component={Link} to={INVENTORY_LIST} size="small" sx={{ mb: 1 }}>
        {m.back}
      </Button>
      <Paper component="form" onSubmit={(e) => void submit(e)} sx={{ p: 2 }} noValidate>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {m.newTitle}
        </Typography>
        {branches.data?.length === 0 ? (
          <Alert severity="warning">{m.noBranches}</Alert>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {m.newHint}
            </Typography>
            <TextField
              select
              fullWidth
              required
              label={m.branch}
              value={chosen ?? ''}
              onChange={(e) => {
                setBranchId(Number(e.target.value));
                setError(null);
              }}
              error={!!error}
              helperText={error}
            >
              {(branches.data ?? []).map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.nome}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }}>
              {m.create}
            </Button>
          </>
        )}
      </Paper>
    </Box>
  );
}

/** /inventarioMezzi/{id?}: the count of one inventory, or a new one. */
export function InventoryPage() {
  const { id } = useParams();
  const inventoryId = Number(id);
  if (!id) return <NewInventory />;
  return <InventoryDetail key={inventoryId} id={inventoryId} />;
}
