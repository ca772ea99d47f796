import { Box, Button, Switch, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
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
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/apiError.ts';
import type { Row } from '../api/resourceApi.ts';
import { cellAlign, renderCell } from '../fields/renderCell.tsx';
import { messages } from '../i18n/messages.ts';
import { Icon } from '../ui/Icon.tsx';
import { FilterBar } from '../fields/FilterBar.tsx';
import { isSwitchedOn, mayCall, recordName, rowsPerPageOptions } from './listController.ts';
import { RecordDialogs } from './RecordDialogs.tsx';
import { resourceExtension } from './resourceExtensions.ts';
import type { ListController } from './useListController.ts';
import { useFitToWindow } from './useFitToWindow.ts';
import { useTablePreferences } from './useTablePreferences.ts';

// MRT's id of the row actions column, pinned to the right edge.
const ACTIONS_COLUMN = 'mrt-row-actions';
// MRT draws pinned cells slightly see-through: the columns scrolling under them would show.
const OPAQUE = { opacity: 1, '&[data-pinned="true"]:before': { backgroundColor: '#fafafa' } };

/**
 * A column starts as wide as its header with its sort and menu buttons (MRT's 180 px for all made lists
 * of six columns overflow at 1440 px); the table then shares out what is left.
 */
const columnWidth = (header: string, sortable: boolean) =>
  Math.min(220, Math.max(100, header.length * 8 + (sortable ? 80 : 56)));

/** Wide enough for the row's icon buttons (40 px each) and the header "Azioni". */
const actionsWidth = (def: ListController['def'], rowActions: number) =>
  Math.max(96, 32 + 40 * ([def.api.update, def.api.uploadImage, def.api.delete].filter(Boolean).length + rowActions));

/** Draws a resource's list from its controller: title, filters, the table with its buttons, the dialogs. */
export function ListView({ controller }: { controller: ListController }) {
  const { def, state, setState, list, lookups, dialogs, open, actions, actionContext } = controller;
  const navigate = useNavigate();
  const { prefs, update } = useTablePreferences(def.name);
  const fit = useFitToWindow<HTMLDivElement>();
  const { rowTone, Summary, openRow, ListActions } = resourceExtension(def.name);
  const opens = !!def.page || !!openRow;
  const tone = (row: Row) => rowTone?.(row);

  const columns: MRT_ColumnDef<Row>[] = def.columns.map((c) => {
    const switched = def.toggles.find((t) => t.field === c.accessorKey);
    return {
      accessorKey: c.accessorKey,
      header: c.header,
      enableSorting: c.enableSorting,
      muiTableBodyCellProps: { align: cellAlign(c) },
      muiTableHeadCellProps: { align: cellAlign(c) },
      size: columnWidth(c.header, c.enableSorting),
      Cell: ({ row }) => {
        if (!switched) return renderCell(c, row.original, lookups);
        const on = isSwitchedOn(row.original[c.accessorKey]);
        return (
          <Switch
            checked={on}
            disabled={controller.toggling}
            slotProps={{ input: { 'aria-label': `${c.header}: ${recordName(def, row.original)}` } }}
            onChange={() => controller.toggle(switched.call, Number(row.original.id), !on)}
          />
        );
      },
    };
  });

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
    // However wide the table, its actions stay in view at the right edge; the rows scroll under a fixed header.
    enableColumnPinning: true,
    initialState: { columnPinning: { right: [ACTIONS_COLUMN] } },
    displayColumnDefOptions: {
      [ACTIONS_COLUMN]: {
        size: actionsWidth(def, actions.length),
        grow: false,
        muiTableHeadCellProps: { sx: OPAQUE },
        muiTableBodyCellProps: { sx: OPAQUE },
      },
    },
    enableStickyHeader: true,
    muiTableContainerProps: { ref: fit.ref, sx: { maxHeight: fit.maxHeight } },
    localization: MRT_Localization_IT,
    muiPaginationProps: { rowsPerPageOptions: rowsPerPageOptions(def.pageSize) },
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
    muiTableBodyRowProps: ({ row }) => {
      const colors = controller.rowColors(row.original);
      return {
        'data-row-id': String(row.original.id),
        ...(tone(row.original) ? { 'data-tone': tone(row.original) } : {}),
        tabIndex: 0,
        // A record with its own page opens with a click anywhere on its row but the buttons.
        ...(opens
          ? {
              onClick: (e: React.MouseEvent) => !(e.target as HTMLElement).closest('button') && open(row.original),
            }
          : {}),
        sx: {
          ...(opens ? { cursor: 'pointer' } : {}),
          ...(colors
            ? { '& > td:not([data-pinned="true"])': { backgroundColor: colors.background, color: colors.text } }
            : {}),
          ...(tone(row.original)
            ? {
                '& td': { bgcolor: 'rgba(211, 47, 47, 0.08)' },
                '& td:first-of-type': { boxShadow: 'inset 4px 0 #d32f2f' },
              }
            : {}),
        },
      } as object;
    },
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
        {ListActions && <ListActions />}
        <Icon name="excel" onClick={controller.exportXlsx} />
        {controller.printPath && <Icon name="print" onClick={() => void navigate(controller.printPath ?? '')} />}
      </Box>
    ),
    renderRowActions: ({ row }) => (
      <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
        {def.api.update && (
          <Icon
            name="edit"
            label={`${messages.actions.edit} ${recordName(def, row.original)}`}
            onClick={() => open(row.original)}
          />
        )}
        {def.api.uploadImage && (
          <Icon
            name="image"
            label={messages.picture.title(recordName(def, row.original))}
            onClick={() => dialogs.openPicture(row.original)}
          />
        )}
        {actions.map(({ call, action }) =>
          action.applies(row.original, actionContext) ? (
            <Icon
              key={call.operationId}
              name={action.icon}
              label={action.label(row.original)}
              onClick={() => void action.run(call, row.original, actionContext).catch(() => undefined)}
            />
          ) : null,
        )}
        {mayCall(def, def.api.delete, actionContext.user?.roles ?? null) && (
          <Icon
            name="trash"
            label={`${messages.actions.delete} ${recordName(def, row.original)}`}
            onClick={() => dialogs.openRemove(row.original)}
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
      {Summary && <Summary filters={state.filters} />}
      {list.error && (
        <Typography color="error" role="alert" sx={{ mb: 2 }}>
          {list.error instanceof ApiError ? list.error.message : messages.networkError}
        </Typography>
      )}
      <MaterialReactTable table={table} />
      <RecordDialogs def={def} dialogs={dialogs} />
    </>
  );
}
