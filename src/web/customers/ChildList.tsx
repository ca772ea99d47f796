import { Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../app/messages.ts';
import { cellRegistry, lookupMap } from '../fields/cellRegistry.tsx';
import { useLookups } from '../fields/useLookup.ts';
import { RecordDialog } from '../resources/RecordDialog.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Icon } from '../ui/Icon.tsx';
import { useNotify } from '../ui/notifications.tsx';

interface Props {
  def: ResourceDefinition;
  /** The parent's key, written into every new record (customerId). */
  parent: Record<string, number>;
  load(): Promise<Row[]>;
  /** More buttons on each row (a contact's documents). */
  rowExtra?(row: Row): ReactNode;
}

type Mode = { kind: 'closed' } | { kind: 'edit'; record: Row | null } | { kind: 'remove'; record: Row };

/** The records that belong to one parent (a customer's contacts or details), edited in the generated dialog. */
export function ChildList({ def, parent, load, rowExtra }: Props) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['children', def.name, parent];
  const rows = useQuery({ queryKey: key, queryFn: load });
  const lookups = useLookups(def.columns.map((c) => c.reference));
  const [mode, setMode] = useState<Mode>({ kind: 'closed' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const name = (row: Row) => String(row[def.displayField] ?? row.id);
  const remove = useMutation({
    mutationFn: (id: number) => resourceApi.remove(def, id),
    onSuccess: async () => {
      notify.success(messages.deleted);
      setMode({ kind: 'closed' });
      await refresh();
    },
  });

  async function save(row: Row): Promise<Row> {
    const editing = mode.kind === 'edit' ? mode.record : null;
    const { data } = editing?.id
      ? await resourceApi.update(def, editing.id, { ...row, ...parent })
      : await resourceApi.create(def, { ...row, ...parent });
    notify.success(messages.saved);
    setMode({ kind: 'closed' });
    await refresh();
    return data;
  }

  return (
    <Paper component="section" aria-label={def.label} sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {def.label}
        </Typography>
        {def.api.create && (
          <Button startIcon={<AddIcon />} onClick={() => setMode({ kind: 'edit', record: null })}>
            {messages.actions.add}
          </Button>
        )}
      </Box>
      <Table size="small">
        <TableHead>
          <TableRow>
            {def.columns.map((c) => (
              <TableCell key={c.accessorKey}>{c.header}</TableCell>
            ))}
            <TableCell align="right">Azioni</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows.data ?? []).map((row) => (
            <TableRow key={String(row.id)}>
              {def.columns.map((c) => (
                <TableCell key={c.accessorKey}>
                  {cellRegistry[c.kind](
                    row[c.accessorKey],
                    c,
                    lookupMap(c.reference ? lookups[c.reference] : undefined),
                  )}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {rowExtra?.(row)}
                {def.api.update && (
                  <Icon
                    name="edit"
                    label={`${messages.actions.edit} ${name(row)}`}
                    onClick={() => setMode({ kind: 'edit', record: row })}
                  />
                )}
                {def.api.delete && (
                  <Icon
                    name="trash"
                    label={`${messages.actions.delete} ${name(row)}`}
                    onClick={() => setMode({ kind: 'remove', record: row })}
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
          {rows.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={def.columns.length + 1}>{messages.customer.empty}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {mode.kind === 'edit' && (
        <RecordDialog def={def} record={mode.record} onSave={save} onClose={() => setMode({ kind: 'closed' })} />
      )}
      <ConfirmDialog
        open={mode.kind === 'remove'}
        title={messages.actions.delete}
        text={messages.confirmDelete(mode.kind === 'remove' ? name(mode.record) : '')}
        confirmLabel={messages.actions.delete}
        danger
        busy={remove.isPending}
        onCancel={() => setMode({ kind: 'closed' })}
        onConfirm={() => mode.kind === 'remove' && mode.record.id && remove.mutate(mode.record.id)}
      />
    </Paper>
  );
}
