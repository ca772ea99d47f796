import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Pagination,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { canSeeExpected } from '../../../domain/inventory/blindView.ts';
import { registerCount } from '../../../domain/inventory/counting.ts';
import { progressFromCounters } from '../../../domain/inventory/progress.ts';
import { messages } from '../../i18n/messages.ts';
import { sessionUserName, useSessionUser } from '../../session/useSessionUser.ts';
import { LoadFailure } from '../../ui/ErrorPage.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { ClosingLists } from './ClosingLists.tsx';
import {
  downloadItems,
  inventoryWrites,
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
import { InventoryDialogs, type Dialog, type Item } from './InventoryDialogs.tsx';
import { InventoryHeader } from './InventoryHeader.tsx';
import { ItemCard } from './ItemCard.tsx';
import { ItemSearch } from './ItemSearch.tsx';
import type { ItemDraft } from './ItemDialog.tsx';
import { INVENTORY_LIST } from './pages.ts';

const m = messages.inventory;
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

  const setStatus = (item: Item, statusId: number) => run(() => inventoryWrites.setStatus(item.id, statusId));

  async function saveItem(draft: ItemDraft) {
    const current = dialog;
    if (current?.kind === 'add') await inventoryWrites.addItem(id, draft);
    else if (current?.kind === 'note') await inventoryWrites.updateItem(current.item, draft);
    notify.success(messages.saved);
    setDialog(null);
    if (current?.kind === 'add') await lookUp(draft.resourceMago.replace(/\s+/g, '').toUpperCase(), false);
    await refresh();
  }

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', pb: 10 }}>
      <InventoryHeader
        inventory={inv}
        supervisor={supervisor}
        progress={progress}
        blind={blind}
        changedByOthers={
          others.changed
            ? () => {
                others.clear();
                void refresh();
              }
            : null
        }
      />
      <ItemSearch
        typed={typed}
        onType={setTyped}
        onSearch={() => void lookUp(typed)}
        onScan={() => setDialog({ kind: 'scan' })}
      />
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
            {...(supervisor && !readOnly ? { onMove: () => setDialog({ kind: 'move', item: item as Item }) } : {})}
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

      <InventoryDialogs
        dialog={dialog}
        setDialog={setDialog}
        statuses={statuses.data ?? []}
        busy={busy}
        onSaveItem={saveItem}
        onCode={(code) => void lookUp(code)}
        onRemoveItem={(item) => void run(() => inventoryWrites.removeItem(item.id))}
        onMoveItem={(item, branchId) =>
          void run(async () => notify.success((await inventoryWrites.moveItem(item.id, branchId)).message))
        }
        onConclude={() =>
          void run(async () => {
            await inventoryWrites.conclude(id);
            notify.success(messages.success.done);
          })
        }
        onDelete={() =>
          void run(async () => {
            await inventoryWrites.remove(id);
            void navigate(INVENTORY_LIST);
          })
        }
      />
    </Box>
  );
}
