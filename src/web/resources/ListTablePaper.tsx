import { Paper, TableContainer, useForkRef, useTheme, type SxProps, type Theme } from '@mui/material';
import {
  MRT_BottomToolbar,
  MRT_Table,
  MRT_TableLoadingOverlay,
  MRT_TopToolbar,
  type MRT_RowData,
  type MRT_TableInstance,
} from 'material-react-table';
import { useLayoutEffect, useRef, type Ref } from 'react';

/**
 * What MaterialReactTable draws (MRT_TablePaper: the top toolbar, the table's container, the bottom toolbar)
 * with a container of the list's own. MRT's container measures both toolbars after every drawing (a layout
 * effect reading their heights) and keeps the sum in its state: on a list's first drawing that forced the
 * page's layout in the middle of React's commit and drew the table a second time, for a height the list sets
 * itself (useFitToWindow). Here the toolbars are measured only in full screen, where the table takes the
 * window's height less theirs, and the height is written on the container, not kept in state.
 */
export function ListTablePaper<T extends MRT_RowData>({
  table,
  containerRef,
  containerSx,
}: {
  table: MRT_TableInstance<T>;
  /** The container's element, for the list (useFitToWindow). */
  containerRef: Ref<HTMLDivElement>;
  /** The container's own look: its height, its scrollbar. */
  containerSx: SxProps<Theme>;
}) {
  const {
    getState,
    options: {
      enableBottomToolbar,
      enableTopToolbar,
      mrtTheme: { baseBackgroundColor },
      muiTablePaperProps,
    },
    refs: { bottomToolbarRef, tableContainerRef, tablePaperRef, topToolbarRef },
  } = table;
  const { isFullScreen, isLoading, showLoadingOverlay } = getState();
  const loading = showLoadingOverlay !== false && (isLoading || showLoadingOverlay);
  const paper = typeof muiTablePaperProps === 'function' ? muiTablePaperProps({ table }) : muiTablePaperProps;
  const theme = useTheme();
  const node = useRef<HTMLDivElement | null>(null);
  const ref = useForkRef(node, tableContainerRef, containerRef);
  useLayoutEffect(() => {
    const el = node.current;
    if (!el || !isFullScreen) return;
    const toolbars = (topToolbarRef.current?.offsetHeight ?? 0) + (bottomToolbarRef.current?.offsetHeight ?? 0);
    el.style.maxHeight = `calc(100vh - ${toolbars}px)`;
    return () => void el.style.removeProperty('max-height');
  }, [isFullScreen, topToolbarRef, bottomToolbarRef]);
  return (
    <Paper
      elevation={2}
      onKeyDown={(e) => e.key === 'Escape' && table.setIsFullScreen(false)}
      {...paper}
      ref={(el: HTMLDivElement | null) => {
        tablePaperRef.current = el;
      }}
      style={
        isFullScreen
          ? {
              bottom: 0,
              height: '100dvh',
              left: 0,
              margin: 0,
              maxHeight: '100dvh',
              maxWidth: '100dvw',
              padding: 0,
              position: 'fixed',
              right: 0,
              top: 0,
              width: '100dvw',
              zIndex: theme.zIndex.modal,
            }
          : undefined
      }
      sx={{
        backgroundColor: baseBackgroundColor,
        backgroundImage: 'unset',
        overflow: 'hidden',
        transition: 'all 100ms ease-in-out',
      }}
    >
      {enableTopToolbar && <MRT_TopToolbar table={table} />}
      <TableContainer
        aria-busy={loading}
        aria-describedby={loading ? 'mrt-progress' : undefined}
        ref={ref}
        sx={[{ maxWidth: '100%', overflow: 'auto', position: 'relative' }, ...[containerSx].flat()]}
      >
        {loading ? <MRT_TableLoadingOverlay table={table} /> : null}
        <MRT_Table table={table} />
      </TableContainer>
      {enableBottomToolbar && <MRT_BottomToolbar table={table} />}
    </Paper>
  );
}
