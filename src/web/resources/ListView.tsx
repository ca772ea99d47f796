import { Box, Switch, Typography } from '@mui/material';
import {
  useMaterialReactTable,
  type MRT_ColumnDef,
  type MRT_DensityState,
  type MRT_PaginationState,
  type MRT_SortingState,
  type MRT_Updater,
  type MRT_VisibilityState,
} from 'material-react-table';
import { MRT_Localization_IT } from 'material-react-table/locales/it';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ApiError } from '../api/apiError.ts';
import type { Row } from '../api/resourceApi.ts';
import { cellText } from '../fields/cellText.ts';
import { cellAlign, renderCell } from '../fields/renderCell.tsx';
import { messages } from '../i18n/messages.ts';
import { FilterBar } from '../fields/FilterBar.tsx';
import { FittedCell } from './FittedCell.tsx';
import { isSwitchedOn, mayCall, pagerProps, recordName, rowButtonCount } from './listController.ts';
import { ListCards } from './ListCards.tsx';
import { listRowProps } from './listRowProps.ts';
import { listBodyProps } from './ListTableBody.tsx';
import { ListTablePaper } from './ListTablePaper.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { actionsWidth, CELL_PADDING, EXPAND_WIDTH, layoutOfList, SORT_ARROW } from './listLayout.ts';
import { contentWidth, tableRoom } from './listRoom.ts';
import { RecordDialogs } from './RecordDialogs.tsx';
import { resourceExtension } from './resourceExtensions.ts';
import { RowButtons } from './RowButtons.tsx';
import { RowDetail } from './RowDetail.tsx';
import { measureText } from './textWidth.ts';
import type { ListController } from './useListController.ts';
import { useFitToWindow, useWidth } from './useFitToWindow.ts';
import { useTablePreferences } from './useTablePreferences.ts';

// The import's dialog (its file reading, column mapping, refused rows) loads when the user opens it.
const ImportDialog = lazy(() => import('./ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })));

// MRT's ids of the row actions column, pinned to the right edge, and of the detail buttons' column.
// MRT writes the pager's counts with toLocaleString(language): Italian leaves four digits ungrouped ("di 1000"),
// German groups them with the same dot ("di 1.000").
const LOCALIZATION = { ...MRT_Localization_IT, language: 'de-DE' };
// A search past its bound of matches counts that bound: "1-10 di oltre 1.000".
const CAPPED_LOCALIZATION = { ...LOCALIZATION, of: `${MRT_Localization_IT.of} oltre` };
const ACTIONS_COLUMN = 'mrt-row-actions';
const EXPAND_COLUMN = 'mrt-row-expand';
const PAD = { px: `${CELL_PADDING / 2}px` };
// MRT draws pinned cells slightly see-through: the columns scrolling under them would show.
const OPAQUE = { ...PAD, opacity: 1, '&[data-pinned="true"]:before': { backgroundColor: '#fafafa' } };
/**
 * A header breaks between its words, its sort arrow following the last one (on a line of its own when the
 * column is too narrow for both): the widths of listLayout.ts.
 */
const HEADER = {
  ...PAD,
  '& .Mui-TableHeadCell-Content-Labels': { display: 'block' },
  '& .Mui-TableHeadCell-Content-Wrapper': { display: 'inline', whiteSpace: 'normal' },
  '& .MuiTableSortLabel-root': { width: `${SORT_ARROW}px` },
  '& .MuiTableSortLabel-icon': { m: '0 0 0 4px' },
};

/** Draws a resource's list from its controller: title, filters, the table (cards on a phone), the dialogs. */
export function ListView({ controller }: { controller: ListController }) {
  const { def, state, setState, list, lookups, dialogs } = controller;
  const { prefs, update } = useTablePreferences(def.name);
  const fit = useFitToWindow<HTMLDivElement>();
  const { ref: roomRef, width: roomWidth } = useWidth<HTMLDivElement>(() => contentWidth(window.innerWidth));
  const { rowTone, Summary, openRow } = resourceExtension(def.name);
  const opens = !!def.page || !!openRow;
  const tone = (row: Row) => rowTone?.(row);
  const rows = list.data?.data;
  const roles = controller.actionContext.user?.roles ?? null;
  const buttons = rowButtonCount(def, roles);
  // Whoever may save the list's form may import a file into it (the server checks again).
  const canImport = !!def.import && mayCall(def, def.api.create, roles) && mayCall(def, def.api.update, roles);
  const [importing, setImporting] = useState(false);

  const layout = useMemo(
    () =>
      layoutOfList(
        def,
        {
          width: tableRoom(roomWidth),
          buttons,
          visibility: prefs.columnVisibility,
          rows: rows ?? [],
          text: (c, row) => cellText(c, row, lookups),
        },
        measureText,
      ),
    [def, roomWidth, buttons, prefs.columnVisibility, rows, lookups],
  );
  const widths = new Map(layout.mode === 'table' ? layout.columns.map((c) => [c.key, c.width]) : []);
  const detail = def.columns.filter((c) => layout.detail.includes(c.accessorKey));
  // What the columns menu shows on: in the table (on a card, not hidden); the user's changes alone are kept.
  const visibility: MRT_VisibilityState = Object.fromEntries(
    def.columns.map((c) => [
      c.accessorKey,
      layout.mode === 'table' ? widths.has(c.accessorKey) : prefs.columnVisibility[c.accessorKey] !== false,
    ]),
  );

  const rightAligned = new Set(def.columns.filter((c) => cellAlign(c) === 'right').map((c) => c.accessorKey));
  const columns: MRT_ColumnDef<Row>[] = def.columns.map((c) => {
    const switched = def.toggles.find((t) => t.field === c.accessorKey);
    return {
      accessorKey: c.accessorKey,
      header: c.header,
      enableSorting: c.enableSorting,
      muiTableHeadCellProps: { align: cellAlign(c), sx: HEADER },
      size: widths.get(c.accessorKey) ?? 0,
      minSize: 0,
      grow: false,
      Cell: ({ row }) => {
        if (!switched) return <FittedCell column={c}>{renderCell(c, row.original, lookups)}</FittedCell>;
        const on = isSwitchedOn(row.original[c.accessorKey]);
        return (
          <Switch
            size={prefs.density === 'compact' ? 'small' : 'medium'}
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
    data: rows ?? [],
    getRowId: (row) => String(row.id),
    rowCount: list.data?.totalRows ?? 0,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    // Sorting is the header's click, hiding the columns menu's: no menu on each header to take room.
    enableColumnActions: false,
    enablePagination: def.pageSize !== 0,
    enableRowActions: buttons > 0,
    positionActionsColumn: 'last',
    // Nothing scrolls sideways; the actions stay at the right edge all the same, the rows scroll under a fixed header.
    enableColumnPinning: true,
    initialState: { columnPinning: { right: [ACTIONS_COLUMN] } },
    displayColumnDefOptions: {
      [ACTIONS_COLUMN]: {
        size: actionsWidth(buttons),
        grow: false,
        muiTableHeadCellProps: { sx: OPAQUE },
      },
      [EXPAND_COLUMN]: {
        size: EXPAND_WIDTH,
        grow: false,
        muiTableHeadCellProps: { sx: { px: '4px' } },
      },
    },
    renderDetailPanel:
      detail.length > 0 ? ({ row }) => <RowDetail columns={detail} row={row.original} lookups={lookups} /> : undefined,
    enableStickyHeader: true,
    // The columns fill the room exactly (listLayout.ts): the table never scrolls sideways.
    muiTableProps: { sx: { tableLayout: 'fixed' } },
    localization: list.data?.totalRowsCapped ? CAPPED_LOCALIZATION : LOCALIZATION,
    // MRT names its progress bars "Loading" whatever the localization.
    muiLinearProgressProps: { 'aria-label': messages.loading },
    muiPaginationProps: pagerProps(def.pageSize),
    state: {
      pagination,
      sorting,
      isLoading: list.isLoading,
      showProgressBars: list.isFetching,
      columnVisibility: visibility,
      density: prefs.density,
    },
    onColumnVisibilityChange: (u: MRT_Updater<MRT_VisibilityState>) => {
      const next = typeof u === 'function' ? u(visibility) : u;
      const changed = Object.entries(next).filter(([key, on]) => on !== visibility[key]);
      if (changed.length > 0)
        update({ columnVisibility: { ...prefs.columnVisibility, ...Object.fromEntries(changed) } });
    },
    onDensityChange: (u: MRT_Updater<MRT_DensityState>) =>
      update({ density: typeof u === 'function' ? u(prefs.density) : u }),
    // The rows are the list's own once they are there (ListTableBody.tsx); MRT draws the loading and the empty table.
    muiTableBodyProps: listBodyProps<Row>(!!rows?.length && !list.isLoading, prefs.density, rightAligned, (row) =>
      listRowProps(controller, row.original, opens, tone(row.original)),
    ),
    onPaginationChange: (u: MRT_Updater<MRT_PaginationState>) => {
      const next = typeof u === 'function' ? u(pagination) : u;
      setState({ ...state, page: next.pageIndex + 1, rowsPerPage: next.pageSize });
    },
    onSortingChange: (u: MRT_Updater<MRT_SortingState>) => {
      const next = (typeof u === 'function' ? u(sorting) : u)[0];
      setState({ ...state, sortBy: next?.id ?? null, descending: next?.desc ?? false, page: 1 });
    },
    renderTopToolbarCustomActions: () => (
      <ListToolbar controller={controller} onImport={canImport ? () => setImporting(true) : null} />
    ),
    renderRowActions: ({ row }) => <RowButtons controller={controller} row={row.original} />,
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
        room={roomWidth}
      />
      {Summary && <Summary filters={state.filters} />}
      {list.error && (
        <Typography color="error" role="alert" sx={{ mb: 2 }}>
          {list.error instanceof ApiError ? list.error.message : messages.networkError}
        </Typography>
      )}
      <Box ref={roomRef}>
        {layout.mode === 'cards' ? (
          <ListCards controller={controller} layout={layout} table={table} />
        ) : (
          <ListTablePaper
            table={table}
            containerRef={fit.ref}
            containerSx={{ maxHeight: fit.maxHeight, scrollbarGutter: 'stable' }}
          />
        )}
      </Box>
      <RecordDialogs def={def} dialogs={dialogs} />
      {canImport && (
        <Suspense fallback={null}>
          <ImportDialog
            def={def}
            open={importing}
            onClose={(imported) => {
              setImporting(false);
              if (imported) controller.refresh();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
