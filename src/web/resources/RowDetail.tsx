import { Box, Typography } from '@mui/material';
import type { ColumnDefinition } from '../../domain/resourceDefinition.ts';
import type { Row } from '../api/resourceApi.ts';
import { renderCell } from '../fields/renderCell.tsx';
import type { ReferenceLabels } from '../api/referenceLabels.ts';

/** The fields of a row its list had no room for (or shows only here), each under its label, whole. */
export function RowDetail({
  columns,
  row,
  lookups,
  dense = false,
}: {
  columns: ColumnDefinition[];
  row: Row;
  lookups: ReferenceLabels;
  /** On a card: narrower, closer together. */
  dense?: boolean;
}) {
  if (columns.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${dense ? 140 : 200}px, 1fr))`,
        gap: dense ? 0.5 : 1.5,
        columnGap: 2,
      }}
    >
      {columns.map((c) => (
        <Box key={c.accessorKey} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {c.header}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {renderCell(c, row, lookups)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
