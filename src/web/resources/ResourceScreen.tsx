import { Box, Button, Chip, Switch, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import {
  MaterialReactTable,
  useMaterialReactTable,
  type MRT_ColumnDef,
  type MRT_DensityState,
  type MRT_PaginationState,
  type MRT_SortingState,
  type MRT_Updater,
  type MRT_VisibilityState,
} from 'material-react-table';
import { MRT_Localization_IT } from 'material-react-table/locales/it';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isAllowed, OPERATION_ACCESS } from '../../domain/accessRules.ts';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { ApiError } from '../api/apiError.ts';
import { resourceApi, type ListState, type Row } from '../api/resourceApi.ts';
import { messages } from '../app/messages.ts';
import { cellRegistry, lookupMap } from '../fields/cellRegistry.tsx';
import { useLookups } from '../fields/useLookup.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Icon } from '../ui/Icon.tsx';
import { useNotify } from '../ui/notifications.tsx';
import { PAGE_SIZES, readListState, writeListState } from './listState.ts';
import { PRINT_PREFIX } from './PrintPage.tsx';
import { useTablePreferences } from './useTablePreferences.ts';
import { rowActions } from './rowActions.tsx';
import { useSessionUser } from '../session/useSessionUser.ts';
import { FilterBar } from './FilterBar.tsx';

// The form library (RJSF, ajv) loads with the first dialog, not with the list: the list renders sooner.
const RecordDialog = lazy(() => import('./RecordDialog.tsx').then((mod) => ({ default: mod.RecordDialog })));
const PictureDialog = lazy(() => import('./PictureDialog.tsx').then((mod) => ({ default: mod.PictureDialog })));

type Mode =
  | { kind: 'closed' }
  | { kind: 'new' }
  | { kind: 'edit'; record: Row }
  | { kind: 'remove'; record: Row }
  | { kind: 'picture'; record: Row };

/** One screen for every resource: list with filters, sort and pages in the URL, edit dialog, delete confirmation. */
export function ResourceScreen({ def }: { def: ResourceDefinition }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(def, params), [def, params]);
  const setState = (next: ListState) => setParams(writeListState(next));
  const [mode, setMode] = useState<Mode>({ kind: 'closed' });

  const list = useQuery({
    queryKey: ['list', def.name, state],
    queryFn: () => resourceApi.list(def, state),
    placeholderData: keepPreviousData,
  });
  const lookups = useLookups(def.columns.map((c) => c.reference));
  const user = useSessionUser();
  const navigate = useNavigate();
  const actionContext = { user, queryClient, navigate };
  // Row actions the signed-in user may call (the server checks again).
  const actions = def.actions.filter(
    (a) => rowActions[a.operationId] && isAllowed(OPERATION_ACCESS[a.operationId] ?? def.roles, user?.roles ?? null),
  );
  const toggle = useMutation({
    mutationFn: ({ call, id, on }: { call: ResourceDefinition['toggles'][number]['call']; id: number; on: boolean }) =>
      resourceApi.toggle(call, id, on),
    onSuccess: async () => {
      notify.success(messages.saved);
      await refresh();
    },
  });

  // Lookups with their own colours (motivi, stati, fonti...) show their name as a chip in those colours.
  const coloured =
    def.columns.some((c) => c.accessorKey === 'coloreSfondo') &&
    def.columns.some((c) => c.accessorKey === 'coloreCarattere');
  const columns = useMemo<MRT_ColumnDef<Row>[]>(
    () =>
      def.columns.map((c) => ({
        accessorKey: c.accessorKey,
        header: c.header,
        enableSorting: c.enableSorting,
        Cell: ({ cell, row }) => {
          const switched = def.toggles.find((t) => t.field === c.accessorKey);
          if (switched) {
            const on = [true, 'true', 'Y'].includes(cell.getValue() as string);
            return (
              <Switch
                checked={on}
                disabled={toggle.isPending}
                slotProps={{
                  input: { 'aria-label': `${c.header}: ${String(row.original[def.displayField] ?? row.original.id)}` },
                }}
                onChange={() => toggle.mutate({ call: switched.call, id: Number(row.original.id), on: !on })}
              />
            );
          }
          return coloured && c.accessorKey === def.displayField ? (
            <Chip
              size="small"
              label={String(cell.getValue() ?? '')}
              sx={{
                bgcolor: String(row.original.coloreSfondo ?? '#FFFFFF'),
                color: String(row.original.coloreCarattere ?? '#000000'),
                border: '1px solid #ccc',
              }}
            />
          ) : (
            cellRegistry[c.kind](cell.getValue(), c, lookupMap(c.reference ? lookups[c.reference] : undefined))
          );
        },
      })),
    [def, lookups, coloured, toggle],
  );
  const { prefs, update } = useTablePreferences(def.name);

  // A record opens in its own page when the schema has one (customers), else in the dialog.
  const open = useCallback(
    (record: Row | null) => {
      if (def.page) void navigate(record ? `${def.page}/${String(record.id)}` : def.page);
      else setMode(record ? { kind: 'edit', record } : { kind: 'new' });
    },
    [def, navigate],
  );

  // Keyboard: N opens a new record (outside text fields), Enter on a row opens it; Escape closes dialogs.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (mode.kind !== 'closed' || target.closest('input, textarea, [contenteditable="true"], [role="dialog"]'))
        return;
      if ((e.key === 'n' || e.key === 'N') && !e.ctrlKey && !e.metaKey && !e.altKey && def.api.create) {
        e.preventDefault();
        open(null);
      }
      if (e.key === 'Enter' && def.api.update) {
        const id = target.closest('tr')?.getAttribute('data-row-id');
        const record = list.data?.data.find((r) => String(r.id) === id);
        if (record) open(record);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode.kind, def, list.data, open]);

  const refresh = () =>
    queryClient
      .invalidateQueries({ queryKey: ['list', def.name] })
      .then(() => queryClient.invalidateQueries({ queryKey: ['lookup', def.name] }));
  const remove = useMutation({
    mutationFn: (id: number) => resourceApi.remove(def, id),
    onSuccess: async () => {
      notify.success(messages.deleted);
      setMode({ kind: 'closed' });
      await refresh();
    },
  });

  async function exportXlsx() {
    const { blob, filename } = await resourceApi.exportXlsx(def, state);
    const url = URL.createObjectURL(blob);
    const a = Object.assign(document.createElement('a'), { href: url, download: filename });
    a.click();
    URL.revokeObjectURL(url);
  }

  async function save(row: Row): Promise<Row> {
    const { data } =
      mode.kind === 'edit' && mode.record.id
        ? await resourceApi.update(def, mode.record.id, row)
        : await resourceApi.create(def, row);
    notify.success(messages.saved);
    setMode({ kind: 'closed' });
    await refresh();
    return data;
  }

  const pagination: MRT_PaginationState = { pageIndex: state.page - 1, pageSize: state.rowsPerPage || 30 };
  const sorting: MRT_SortingState = state.sortBy ? [{ id: state.sortBy, desc: state.descending }] : [];
  const table = useMaterialReactTable<Row>({
    columns,
    data: list.data?.data ?? [],
    getRowId: (row) => String(row.id),
    rowCount: list.data?.totalRows ?? 0,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enablePagination: def.pageSize !== 0,
    enableRowActions: !!(def.api.update || def.api.delete || def.api.uploadImage || actions.length > 0),
    positionActionsColumn: 'last',
    localization: MRT_Localization_IT,
    // A schema's own page size (10 for customers) is offered beside the standard ones.
    muiPaginationProps: {
      rowsPerPageOptions: [...new Set([def.pageSize, ...PAGE_SIZES])].filter((n) => n > 0).sort((a, b) => a - b),
    },
    state: {
      pagination,
      sorting,
      isLoading: list.isLoading,
      showProgressBars: list.isFetching,
      columnVisibility: prefs.columnVisibility,
      density: prefs.density,
    },
    onColumnVisibilityChange: (u: MRT_Updater<MRT_VisibilityState>) =>
      update({ columnVisibility: typeof u === 'function' ? u(prefs.columnVisibility) : u }),
    onDensityChange: (u: MRT_Updater<MRT_DensityState>) =>
      update({ density: typeof u === 'function' ? u(prefs.density) : u }),
    muiTableBodyRowProps: ({ row }) =>
      ({
        'data-row-id': String(row.original.id),
        tabIndex: 0,
        // A record with its own page (customers) opens with a click anywhere on its row but the buttons.
        ...(def.page
          ? {
              onClick: (e: React.MouseEvent) => !(e.target as HTMLElement).closest('button') && open(row.original),
              sx: { cursor: 'pointer' },
            }
          : {}),
      }) as object,
    onPaginationChange: (u: MRT_Updater<MRT_PaginationState>) => {
      const next = typeof u === 'function' ? u(pagination) : u;
      setState({ ...state, page: next.pageIndex + 1, rowsPerPage: next.pageSize });
    },
    onSortingChange: (u: MRT_Updater<MRT_SortingState>) => {
      const next = (typeof u === 'function' ? u(sorting) : u)[0];
      setState({ ...state, sortBy: next?.id ?? null, descending: next?.desc ?? false, page: 1 });
    },
    renderTopToolbarCustomActions: () => (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {def.api.create && (
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => open(null)}>
            {messages.actions.add}
          </Button>
        )}
        <Icon name="excel" onClick={() => void exportXlsx().catch(() => undefined)} />
        {def.route && (
          <Icon name="print" onClick={() => void navigate(`${PRINT_PREFIX}${def.route ?? ''}?${params.toString()}`)} />
        )}
      </Box>
    ),
    renderRowActions: ({ row }) => (
      <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
        {def.api.update && (
          <Icon
            name="edit"
            label={`${messages.actions.edit} ${String(row.original[def.displayField] ?? row.original.id)}`}
            onClick={() => open(row.original)}
          />
        )}
        {def.api.uploadImage && (
          <Icon
            name="image"
            label={`${messages.picture.title(String(row.original[def.displayField] ?? row.original.id))}`}
            onClick={() => setMode({ kind: 'picture', record: row.original })}
          />
        )}
        {actions.map((a) => {
          const action = rowActions[a.operationId];
          return action?.applies(row.original, actionContext) ? (
            <Icon
              key={a.operationId}
              name={action.icon}
              label={action.label(row.original)}
              onClick={() => void action.run(a, row.original, actionContext).catch(() => undefined)}
            />
          ) : null;
        })}
        {def.api.delete && (
          <Icon
            name="trash"
            label={`${messages.actions.delete} ${String(row.original[def.displayField] ?? row.original.id)}`}
            onClick={() => setMode({ kind: 'remove', record: row.original })}
          />
        )}
      </Box>
    ),
  });

  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {def.label}
      </Typography>
      <FilterBar
        key={JSON.stringify(state.filters)}
        filters={def.filters}
        values={state.filters}
        onApply={(filters) => setState({ ...state, filters, page: 1 })}
      />
      {list.error && (
        <Typography color="error" role="alert" sx={{ mb: 2 }}>
          {list.error instanceof ApiError ? list.error.message : messages.networkError}
        </Typography>
      )}
      <MaterialReactTable table={table} />
      <Suspense fallback={null}>
        {(mode.kind === 'new' || mode.kind === 'edit') && (
          <RecordDialog
            def={def}
            record={mode.kind === 'edit' ? mode.record : null}
            onSave={save}
            onClose={() => setMode({ kind: 'closed' })}
          />
        )}
        {mode.kind === 'picture' && (
          <PictureDialog
            def={def}
            record={mode.record}
            onSaved={() => void refresh()}
            onClose={() => setMode({ kind: 'closed' })}
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={mode.kind === 'remove'}
        title={messages.actions.delete}
        text={messages.confirmDelete(
          mode.kind === 'remove' ? String(mode.record[def.displayField] ?? mode.record.id) : '',
        )}
        confirmLabel={messages.actions.delete}
        danger
        busy={remove.isPending}
        onCancel={() => setMode({ kind: 'closed' })}
        onConfirm={() => mode.kind === 'remove' && mode.record.id && remove.mutate(mode.record.id)}
      />
    </>
  );
}
