import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Pagination,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { InventarioMezziItem } from '../../../../generated/entities.ts';
import { canSeeExpected } from '../../../domain/inventory/blindView.ts';
import { registerCount } from '../../../domain/inventory/counting.ts';
import { progressFromCounters } from '../../../domain/inventory/progress.ts';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { messages } from '../../i18n/messages.ts';
import { sessionUserName, useSessionUser } from '../../session/useSessionUser.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { LoadFailure } from '../../ui/ErrorPage.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { ClosingLists } from './ClosingLists.tsx';
import {
  downloadItems,
  itemWithCode,
  ITEMS_PER_PAGE,
  useChangedByOthers,
  useClosing,
  useInventory,
  useItems,
  useRefresh,
  useStatuses,
  type ItemFilters,
} from './inventoryApi.ts';
import { ItemCard } from './ItemCard.tsx';
import { ItemDialog, type ItemDraft } from './ItemDialog.tsx';
import { ScanDialog } from './ScanDialog.tsx';
import { INVENTORY_LIST } from './pages.ts';

const m = messages.inventory;
type Item = InventarioMezziItem & { id: number };
type Dialog =
  | { kind: 'add'; code: string }
  | { kind: 'note'; item: Item }
  | { kind: 'remove'; item: Item }
  | { kind: 'scan' }
  | { kind: 'conclude' }
  | { kind: 'delete'; step: 1 | 2 }
  | null;

/** The count of one branch: phone-sized for the counters, with the closing lists for the supervisor. */
export function InventoryDetail({ id }: { id: number }) {
  const user = useSessionUser();
  const notify = useNotify();
  const navigate = useNavigate();
  const inventory = useInventory(id);
  const statuses = useStatuses();
  const [filters, setFilters] = useState<ItemFilters>({ page: 1, search: '', withoutStatus: false });
  const [typed, setTyped] = useState('');
  const [highlight, setHighlight] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const items = useItems(id, filters);
  const refresh = useRefresh(id);
  const others = useChangedByOthers(id, user?.id);
  const concluded = inventory.data?.concluso === true;
  const supervisor = canSeeExpected(user?.roles ?? [], false);
  const blind = !canSeeExpected(user?.roles ?? [], concluded);
  const closing = useClosing(id, supervisor && !!inventory.data);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } catch {
      // The API middleware has shown the server's message; nothing changed.
    } finally {
      setBusy(false);
    }
  };

  /** A code scanned or typed: jump to its item (saying who counted it already), or offer to add it. */
  const lookUp = useCallback(
    async (code: string, warnIfCounted = true) => {
      const wanted = code.trim();
      setDialog(null);
      setTyped(wanted);
      setFilters((f) => ({ ...f, page: 1, search: wanted }));
      if (!wanted) return setHighlight(null);
      const item = await itemWithCode(id, wanted).catch(() => null);
      setHighlight(item?.resourceMago ?? null);
      if (warnIfCounted && item?.contatoDa && item.contatoIl) {
        const outcome = registerCount(
          [{ code: item.resourceMago, countedBy: item.contatoDa, countedAt: item.contatoIl }],
          {
            code: wanted,
            countedBy: sessionUserName(user),
            countedAt: new Date().toISOString(),
          },
        ).outcome;
        if (outcome.kind === 'alreadyCounted') notify.warning(outcome.message);
      }
    },
    [id, notify, user],
  );

  if (inventory.isLoading) return <CircularProgress aria-label={messages.loading} />;
  if (!inventory.data) return <LoadFailure error={inventory.error} missing={m.missing(id)} />;
  const inv = inventory.data;
  const page = items.data;
  const progress = page ? progressFromCounters(page, blind) : null;
  const readOnly = concluded;
  const pages = page ? Math.max(1, Math.ceil(page.totalRows / ITEMS_PER_PAGE)) : 1;
  const from = page && page.totalRows > 0 ? (filters.page - 1) * ITEMS_PER_PAGE + 1 : 0;
  const to = page ? Math.min(filters.page * ITEMS_PER_PAGE, page.totalRows) : 0;
  const nothingFound = !!page && page.totalRows === 0 && filters.search.trim() !== '';

  const setStatus = (item: Item, statusId: number) =>
    run(() =>
      unwrap(
        api.PUT('/api/inventario-mezzi-items/{itemId}/stato/{statusId}', {
          params: { path: { itemId: item.id, statusId } },
        }),
      ),
    );

  async function saveItem(draft: ItemDraft) {
    const current = dialog;
    if (current?.kind === 'add')
      await unwrap(
        api.POST('/api/inventario-mezzi-items', {
          body: {
            idInventarioMezzi: id,
            manuale: 'Y',
            resourceMago: draft.resourceMago,
            note: draft.note,
            zona: draft.zona,
            statusId: draft.statusId,
          },
        }),
      );
    else if (current?.kind === 'note')
      await unwrap(
        api.PUT('/api/inventario-mezzi-items/{id}', {
          params: { path: { id: current.item.id } },
          body: { ...current.item, manuale: current.item.manuale ?? 'N', note: draft.note, zona: draft.zona },
        }),
      );
    notify.success(messages.saved);
    setDialog(null);
    if (current?.kind === 'add') await lookUp(draft.resourceMago.replace(/\s+/g, '').toUpperCase(), false);
    await refresh();
  }

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    void lookUp(typed);
  }

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', pb: 10 }}>
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
      {others.changed && (
        <Alert
          severity="warning"
          sx={{ mb: 1.5 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                others.clear();
                void refresh();
              }}
            >
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
      <Paper component="form" role="search" onSubmit={submitSearch} sx={{ p: 1, display: 'flex', gap: 1, mb: 1 }}>
        <TextField
          size="small"
          label={m.search}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 255, autoCapitalize: 'characters', enterKeyHint: 'search' } }}
        />
        <IconButton aria-label={m.scan} onClick={() => setDialog({ kind: 'scan' })} color="primary">
          <QrCodeScannerIcon />
        </IconButton>
        <Button type="submit" variant="outlined">
          {m.searchButton}
        </Button>
      </Paper>
      {!blind && (
        <FormControlLabel
          control={
            <Switch
              checked={filters.withoutStatus}
              onChange={(e) => setFilters((f) => ({ ...f, page: 1, withoutStatus: e.target.checked }))}
            />
          }
          label={m.withoutStatus}
        />
      )}
      {nothingFound && (
        <Alert
          severity="warning"
          sx={{ my: 1 }}
          action={
            !readOnly && (
              <Button color="inherit" size="small" onClick={() => setDialog({ kind: 'add', code: filters.search })}>
                {m.addFound(filters.search.trim().toUpperCase())}
              </Button>
            )
          }
        >
          {m.notFoundCode(filters.search.trim())}
        </Alert>
      )}
      <Stack spacing={1} sx={{ my: 1 }} aria-busy={items.isFetching}>
        {page?.data.map((item) => (
          <ItemCard
            key={item.id}
            item={item as Item}
            statuses={statuses.data ?? []}
            readOnly={readOnly}
            highlighted={highlight === item.resourceMago}
            busy={busy}
            onStatus={(statusId) => void setStatus(item as Item, statusId)}
            onNote={() => setDialog({ kind: 'note', item: item as Item })}
            onRemove={() => setDialog({ kind: 'remove', item: item as Item })}
          />
        ))}
        {page && page.data.length === 0 && !nothingFound && <Typography color="text.secondary">{m.noItems}</Typography>}
      </Stack>
      {page && page.totalRows > ITEMS_PER_PAGE && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="body2">{m.page(from, to, page.totalRows)}</Typography>
          <Pagination
            count={pages}
            page={filters.page}
            siblingCount={0}
            onChange={(_e, p) => setFilters((f) => ({ ...f, page: p }))}
          />
        </Box>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {!readOnly && (
          <Button variant="contained" onClick={() => setDialog({ kind: 'add', code: '' })}>
            {m.add}
          </Button>
        )}
        <Button variant="outlined" onClick={() => void downloadItems(id, filters).catch(() => undefined)}>
          {m.export}
        </Button>
        {supervisor && !concluded && (
          <Button variant="contained" color="secondary" onClick={() => setDialog({ kind: 'conclude' })}>
            {m.conclude}
          </Button>
        )}
        {supervisor && !concluded && (
          <Button color="error" onClick={() => setDialog({ kind: 'delete', step: 1 })}>
            {m.delete}
          </Button>
        )}
      </Stack>
      {supervisor && closing.data && <ClosingLists lists={closing.data} />}

      {(dialog?.kind === 'add' || dialog?.kind === 'note') && (
        <ItemDialog
          mode={dialog.kind}
          initial={
            dialog.kind === 'add'
              ? { resourceMago: dialog.code.trim().toUpperCase(), note: '', zona: '', statusId: null }
              : {
                  resourceMago: dialog.item.resourceMago,
                  note: dialog.item.note ?? '',
                  zona: dialog.item.zona ?? '',
                  statusId: dialog.item.statusId ?? null,
                }
          }
          statuses={statuses.data ?? []}
          onSave={saveItem}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'scan' && <ScanDialog onCode={(code) => void lookUp(code)} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title={m.remove}
        text={dialog?.kind === 'remove' ? m.removeConfirm(dialog.item.resourceMago) : ''}
        confirmLabel={m.remove}
        danger
        busy={busy}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          const item = dialog?.kind === 'remove' ? dialog.item : null;
          setDialog(null);
          if (item)
            void run(() =>
              unwrap(api.DELETE('/api/inventario-mezzi-items/{id}', { params: { path: { id: item.id } } })),
            );
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'conclude'}
        title={m.concludeTitle}
        text={m.concludeQuestion}
        confirmLabel={m.conclude}
        busy={busy}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          void run(async () => {
            await unwrap(api.PUT('/api/inventari-mezzi/{id}/concluso', { params: { path: { id } } }));
            notify.success(messages.success.done);
          });
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={m.delete}
        text={dialog?.kind === 'delete' && dialog.step === 2 ? m.deleteSecond : m.deleteFirst}
        confirmLabel={dialog?.kind === 'delete' && dialog.step === 2 ? m.deleteAgain : m.delete}
        danger
        busy={busy}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'delete' && dialog.step === 1) return setDialog({ kind: 'delete', step: 2 });
          setDialog(null);
          void run(async () => {
            await unwrap(api.DELETE('/api/inventari_mezzi/{id}', { params: { path: { id } } }));
            void navigate(INVENTORY_LIST);
          });
        }}
      />
    </Box>
  );
}
