import { alpha, Collapse, darken, lighten, type TableBodyProps, type Theme } from '@mui/material';
import type { SystemStyleObject } from '@mui/system';
import {
  cellKeyboardShortcuts,
  type MRT_Cell,
  type MRT_DensityState,
  type MRT_Row,
  type MRT_RowData,
  type MRT_TableInstance,
} from 'material-react-table';
import type { HTMLAttributes, KeyboardEvent, ReactElement, ReactNode } from 'react';
import { CELL_PADDING } from './listLayout.ts';
import { DENSITY_PADDING } from './tablePreferences.ts';

/** A row's own attributes (its id, its tone, its click): its colours as the CSS variables of ROW_COLORS. */
export type BodyRowProps = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;

/** A coloured row's background and text (a status's colours), as CSS variables on its `<tr data-colored>`. */
export const ROW_COLORS = { background: '--row-background', text: '--row-text' } as const;

const OVERLAY = {
  content: '""',
  height: '100%',
  left: 0,
  position: 'absolute',
  top: 0,
  width: '100%',
  zIndex: -1,
} as const;

/**
 * The body's look, worked out once for the table instead of once for each cell: what MRT's body cells and rows
 * get from MUI's TableCell and their `sx` (padding by density, the pinned column's shade, the hover's), with the
 * list's own (8 px from each side, the expand column's 4 px, the pinned cells opaque, a row's tone and colours).
 */
function bodyStyles(theme: Theme, base: string, density: MRT_DensityState): SystemStyleObject<Theme> {
  const { data: dataY, display: displayY } = DENSITY_PADDING[density];
  const border =
    theme.palette.mode === 'light'
      ? lighten(alpha(theme.palette.divider, 1), 0.88)
      : darken(alpha(theme.palette.divider, 1), 0.68);
  const hover = theme.palette.mode === 'dark' ? lighten(base, 0.3) : darken(base, 0.3);
  return {
    '& > tr': {
      backgroundColor: `${base} !important`,
      boxSizing: 'border-box',
      color: 'inherit',
      display: 'table-row',
      outline: 0,
      position: 'relative',
      transition: 'all 150ms ease-in-out',
      verticalAlign: 'middle',
      width: '100%',
      zIndex: 0,
    },
    '& > tr[data-row-id]:hover > td:after': { ...OVERLAY, backgroundColor: alpha(hover, 0.3) },
    '& > tr[data-opens]': { cursor: 'pointer' },
    [`& > tr[data-colored] > td:not([data-pinned="true"])`]: {
      backgroundColor: `var(${ROW_COLORS.background})`,
      color: `var(${ROW_COLORS.text})`,
    },
    '& > tr[data-tone="error"] > td': { backgroundColor: 'rgba(211, 47, 47, 0.08)' },
    '& > tr[data-tone="error"] > td:first-of-type': { boxShadow: 'inset 4px 0 #d32f2f' },
    '& > tr > td': {
      ...theme.typography.body2,
      backgroundColor: 'inherit',
      backgroundImage: 'inherit',
      borderBottom: `1px solid ${border}`,
      color: theme.palette.text.primary,
      display: 'table-cell',
      opacity: 1,
      outlineOffset: '-1px',
      overflow: 'hidden',
      padding: `${dataY}px ${CELL_PADDING / 2}px`,
      position: 'relative',
      textAlign: 'left',
      textOverflow: 'ellipsis',
      transition: 'padding 150ms ease-in-out',
      verticalAlign: 'inherit',
      // Whether a value breaks onto a second line is its column's (FittedCell), in every density.
      whiteSpace: 'normal',
      zIndex: 0,
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: '-2px' },
      '&[data-align="right"]': { textAlign: 'right' },
      '&[data-display]': { padding: `${displayY}px ${CELL_PADDING / 2}px`, textOverflow: 'clip' },
      '&[data-display="mrt-row-expand"]': { padding: `${displayY}px 4px` },
      '&[data-pinned="true"]': { position: 'sticky', zIndex: 1 },
      '&[data-pinned="true"]:before': {
        ...OVERLAY,
        backgroundColor: '#fafafa',
        boxShadow: `4px 0 4px -4px ${alpha(theme.palette.grey[700], 0.5)} inset`,
      },
    },
    // MUI's own 16 px from the sides, as MRT's detail panels have.
    '& > tr.Mui-TableBodyCell-DetailPanel > td': { padding: '1rem 16px' },
  };
}

/**
 * The rows of a list's table, given to MRT as its body's children: plain `<tr>` and `<td>` elements dressed by
 * bodyStyles, where MRT's own body works out MUI's `sx` again for each of a page's ~600 cells and draws a
 * collapsed detail panel under every row. A cell shows what its column's `Cell` draws (MRT's own for the expand
 * button and the row actions); the keys move between cells as in MRT (its cellKeyboardShortcuts); a row's
 * detail is drawn only while it is open.
 */
function ListTableBody<T extends MRT_RowData>({
  table,
  rowProps,
  align,
}: {
  table: MRT_TableInstance<T>;
  rowProps: (row: MRT_Row<T>) => BodyRowProps;
  /** The columns whose values line up on the right. */
  align: ReadonlySet<string>;
}) {
  const { renderDetailPanel } = table.options;
  const columns = table.getVisibleLeafColumns();
  const keyboard = table.options.enableKeyboardShortcuts !== false;
  const onKeyDown = (cell: MRT_Cell<T>) => (event: KeyboardEvent<HTMLTableCellElement>) => {
    const value = cell.getValue();
    cellKeyboardShortcuts({ cell, cellValue: typeof value === 'string' ? value : undefined, event, table });
  };
  return table.getRowModel().rows.map((row, rowIndex) => {
    const expanded = !!renderDetailPanel && row.getIsExpanded();
    return [
      <tr key={row.id} data-index={renderDetailPanel ? rowIndex * 2 : rowIndex} {...rowProps(row)}>
        {row.getVisibleCells().map((cell, columnIndex) => {
          const { column } = cell;
          const def = column.columnDef;
          const display = def.columnDefType === 'display';
          const pinned = column.getIsPinned();
          return (
            <td
              key={cell.id}
              data-index={columnIndex}
              data-display={display ? column.id : undefined}
              data-align={align.has(column.id) ? 'right' : undefined}
              data-pinned={pinned ? 'true' : undefined}
              style={pinned === 'right' ? { right: column.getAfter('right') } : undefined}
              tabIndex={keyboard ? 0 : undefined}
              onKeyDown={keyboard ? onKeyDown(cell) : undefined}
            >
              {def.Cell
                ? def.Cell({
                    cell,
                    column,
                    renderedCellValue: cell.renderValue() as ReactNode,
                    row,
                    staticColumnIndex: columnIndex,
                    staticRowIndex: rowIndex,
                    table,
                  })
                : (cell.renderValue() as ReactNode)}
            </td>
          );
        })}
      </tr>,
      expanded && (
        <tr key={`${row.id}-detail`} className="Mui-TableBodyCell-DetailPanel" data-index={rowIndex * 2 + 1}>
          <td className="Mui-TableBodyCell-DetailPanel" colSpan={columns.length}>
            <Collapse in appear>
              {renderDetailPanel({ row, table })}
            </Collapse>
          </td>
        </tr>
      ),
    ];
  });
}

/**
 * MRT's `muiTableBodyProps` for one drawing of a list: its rows drawn by ListTableBody once they are `shown`
 * (MRT's own body meanwhile: its loading skeleton, its empty table). The same element is handed back when MRT draws
 * its table again without the list (its own state changing), so React
 * keeps the rows as they are instead of drawing them a second time.
 */
export function listBodyProps<T extends MRT_RowData>(
  shown: boolean,
  density: MRT_DensityState,
  align: ReadonlySet<string>,
  rowProps: (row: MRT_Row<T>) => BodyRowProps,
): (props: { table: MRT_TableInstance<T> }) => TableBodyProps {
  let body: ReactElement | undefined;
  return ({ table }) =>
    shown
      ? {
          sx: (theme) => bodyStyles(theme, table.options.mrtTheme.baseBackgroundColor, density),
          children: (body ??= <ListTableBody table={table} align={align} rowProps={rowProps} />),
        }
      : {};
}
