import { Box, Chip } from '@mui/material';
import type { ReactNode } from 'react';
import type { ColumnDefinition, FieldKind } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import { textCells } from './cellText.ts';

export interface CellContext {
  column: ColumnDefinition;
  /** The whole record: a chip takes its colours from fields beside the value. */
  row: Row;
  /** Names of the referenced records by id, for reference columns. */
  lookup: Map<number, string>;
}
type Cell = (value: unknown, ctx: CellContext) => ReactNode;

/** One table cell renderer per field kind; the kind comes from the schema through the generator. */
export const cellRegistry: Record<FieldKind, Cell> = {
  ...textCells,
  color: (v) =>
    typeof v === 'string' && v ? (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <Box
          component="span"
          aria-hidden
          sx={{ width: 16, height: 16, borderRadius: '3px', border: '1px solid #999', bgcolor: v }}
        />
        {v}
      </Box>
    ) : (
      ''
    ),
  colorChip: (v, { column, row }) => (
    <Chip
      size="small"
      label={String(v ?? '')}
      sx={{
        bgcolor: String(row[column.colors?.background ?? ''] ?? '#FFFFFF'),
        color: String(row[column.colors?.text ?? ''] ?? '#000000'),
        border: '1px solid #ccc',
      }}
    />
  ),
  reference: (v, { lookup }) => (typeof v === 'number' ? (lookup.get(v) ?? `#${v}`) : ''),
  references: (v, { lookup }) =>
    Array.isArray(v)
      ? v.map((id) => (
          <Chip key={String(id)} size="small" label={lookup.get(Number(id)) ?? `#${String(id)}`} sx={{ mr: 0.5 }} />
        ))
      : '',
  list: (v, { column: c }) =>
    !Array.isArray(v)
      ? ''
      : c.options
        ? v.map((x) => (
            <Chip
              key={String(x)}
              size="small"
              label={c.options?.find((o) => o.value === x)?.label ?? String(x)}
              sx={{ mr: 0.5 }}
            />
          ))
        : String(v.length),
  object: (v) =>
    v && typeof v === 'object'
      ? Object.values(v)
          .filter((x) => typeof x === 'string')
          .join(' ')
      : '',
};
