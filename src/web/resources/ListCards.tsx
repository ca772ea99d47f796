import { Box, Button, Collapse, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { MRT_BottomToolbar, MRT_TopToolbar, type MRT_TableInstance } from 'material-react-table';
import { useState } from 'react';
import type { ColumnDefinition } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import { renderCell } from '../fields/renderCell.tsx';
import { messages } from '../i18n/messages.ts';
import type { CardLayout } from './listLayout.ts';
import { resourceExtension } from './resourceExtensions.ts';
import { RowButtons } from './RowButtons.tsx';
import { RowDetail } from './RowDetail.tsx';
import type { ListController } from './useListController.ts';

const m = messages.list;
const pick = (columns: ColumnDefinition[], keys: string[]) => columns.filter((c) => keys.includes(c.accessorKey));

/** On a phone, the sort the table's headers would give: one choice among the shown columns, each way. */
function SortChoice({ controller, columns }: { controller: ListController; columns: ColumnDefinition[] }) {
  const { state, setState } = controller;
  const value = state.sortBy ? `${state.sortBy}:${state.descending ? 'desc' : 'asc'}` : '';
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={m.sortBy}
      value={value}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      onChange={(e) => {
        const [sortBy = '', way] = e.target.value.split(':');
        setState({ ...state, sortBy: sortBy || null, descending: way === 'desc', page: 1 });
      }}
      sx={{ px: 1, pb: 1 }}
    >
      <MenuItem value="">{m.noOrder}</MenuItem>
      {columns
        .filter((c) => c.enableSorting)
        .flatMap((c) =>
          [false, true].map((descending) => (
            <MenuItem key={`${c.accessorKey}:${descending}`} value={`${c.accessorKey}:${descending ? 'desc' : 'asc'}`}>
              {m.order(c.header, descending)}
            </MenuItem>
          )),
        )}
    </TextField>
  );
}

function Card({ controller, layout, row }: { controller: ListController; layout: CardLayout; row: Row }) {
  const { def, lookups, open } = controller;
  const [more, setMore] = useState(false);
  const { rowTone, openRow } = resourceExtension(def.name);
  const opens = !!def.page || !!openRow;
  const colors = controller.rowColors(row);
  const tone = rowTone?.(row);
  const title = pick(def.columns, layout.title);
  const detail = pick(def.columns, layout.detail);
  return (
    <Box
      component="li"
      data-row-id={String(row.id)}
      {...(tone ? { 'data-tone': tone } : {})}
      tabIndex={0}
      onClick={(e) => opens && !(e.target as HTMLElement).closest('button') && open(row)}
      sx={{
        px: 1.5,
        py: 1,
        borderBottom: '1px solid rgba(224, 224, 224, 1)',
        cursor: opens ? 'pointer' : undefined,
        ...(colors ? { bgcolor: colors.background, color: colors.text } : {}),
        ...(tone ? { bgcolor: 'rgba(211, 47, 47, 0.08)', boxShadow: 'inset 4px 0 #d32f2f' } : {}),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography component="p" sx={{ fontWeight: 500, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title.map((c, i) => (
            <span key={c.accessorKey}>
              {i > 0 && ' · '}
              {renderCell(c, row, lookups)}
            </span>
          ))}
        </Typography>
        <RowButtons controller={controller} row={row} />
      </Box>
      <RowDetail columns={pick(def.columns, layout.facts)} row={row} lookups={lookups} dense />
      {detail.length > 0 && (
        <>
          <Button size="small" aria-expanded={more} onClick={() => setMore((v) => !v)} sx={{ ml: -1 }}>
            {m.more}
          </Button>
          <Collapse in={more} unmountOnExit>
            <RowDetail columns={detail} row={row} lookups={lookups} dense />
          </Collapse>
        </>
      )}
    </Box>
  );
}

/** A list on a phone: each row a card named by its priority fields, the others a tap away (listLayout.ts). */
export function ListCards({
  controller,
  layout,
  table,
}: {
  controller: ListController;
  layout: CardLayout;
  table: MRT_TableInstance<Row>;
}) {
  const { def, list } = controller;
  const rows = list.data?.data ?? [];
  const shown = pick(def.columns, [...layout.title, ...layout.facts, ...layout.detail]);
  return (
    <Paper elevation={2}>
      <MRT_TopToolbar table={table} />
      <SortChoice controller={controller} columns={shown} />
      <Box component="ul" aria-label={def.label} aria-busy={list.isFetching} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Card key={String(row.id)} controller={controller} layout={layout} row={row} />
        ))}
      </Box>
      {!list.isLoading && rows.length === 0 && (
        <Typography sx={{ p: 3, textAlign: 'center', fontStyle: 'italic' }} color="text.secondary">
          {m.empty}
        </Typography>
      )}
      <MRT_BottomToolbar table={table} />
    </Paper>
  );
}
