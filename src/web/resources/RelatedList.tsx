import { Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { ListPage, Row } from '../api/resourceApi.ts';
import { cellAlign, renderCell } from '../fields/renderCell.tsx';
import { messages } from '../i18n/messages.ts';
import { Icon } from '../ui/Icon.tsx';
import { recordName } from './listController.ts';
import { RecordDialogs } from './RecordDialogs.tsx';
import { useRecordDialogs } from './useRecordDialogs.ts';

interface Props {
  def: ResourceDefinition;
  /** The parent's key, written into every saved record (e.g. `{ ownerId: 3 }`). */
  parent: Record<string, number>;
  /** The parent's records, with the names of those they point to. */
  load(): Promise<ListPage>;
  /** More buttons on each row, from the page that shows the list. */
  rowExtra?(row: Row): ReactNode;
}

/** The records that belong to one parent, in a small table of their own, edited in the generated dialog. */
export function RelatedList({ def, parent, load, rowExtra }: Props) {
  const queryClient = useQueryClient();
  const key = ['children', def.name, parent];
  const rows = useQuery({ queryKey: key, queryFn: load });
  const lookups = rows.data?.references ?? {};
  const dialogs = useRecordDialogs({ def, parent, onChanged: () => queryClient.invalidateQueries({ queryKey: key }) });

  return (
    <Paper component="section" aria-label={def.label} sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {def.label}
        </Typography>
        {def.api.create && (
          <Button startIcon={<AddIcon />} onClick={dialogs.openNew}>
            {messages.actions.add}
          </Button>
        )}
      </Box>
      <Table size="small">
        <TableHead>
          <TableRow>
            {def.columns.map((c) => (
              <TableCell key={c.accessorKey} align={cellAlign(c)}>
                {c.header}
              </TableCell>
            ))}
            <TableCell align="right">{messages.actionsColumn}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows.data?.data ?? []).map((row) => (
            <TableRow key={String(row.id)}>
              {def.columns.map((c) => (
                <TableCell key={c.accessorKey} align={cellAlign(c)}>
                  {renderCell(c, row, lookups)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {rowExtra?.(row)}
                {def.api.update && (
                  <Icon
                    name="edit"
                    label={`${messages.actions.edit} ${recordName(def, row)}`}
                    onClick={() => dialogs.openEdit(row)}
                  />
                )}
                {def.api.delete && (
                  <Icon
                    name="trash"
                    label={`${messages.actions.delete} ${recordName(def, row)}`}
                    onClick={() => dialogs.openRemove(row)}
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
          {rows.data?.data.length === 0 && (
            <TableRow>
              <TableCell colSpan={def.columns.length + 1}>{messages.empty}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <RecordDialogs def={def} dialogs={dialogs} />
    </Paper>
  );
}
