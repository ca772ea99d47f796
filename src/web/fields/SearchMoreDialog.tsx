import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { resourceIndex, type ResourceName } from '../../../generated/resourceIndex.ts';
import { isAllowed, wholeListAccess } from '../../domain/accessRules.ts';
import type { ColumnDefinition } from '../../domain/resourceDefinition.ts';
import type { ListState } from '../api/listQuery.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { useSessionUser } from '../session/useSessionUser.ts';
import { FilterBar } from './FilterBar.tsx';
import { createDebouncer, PICKER_DEBOUNCE_MS, toOption } from './pickerSearch.ts';
import { cellAlign, renderCell } from './renderCell.tsx';

const PAGE_SIZES = [10, 30, 50];

interface Props {
  resource: string;
  /** What was typed in the picker: the search starts from it. */
  text: string;
  onChoose(record: { id: number; label: string }): void;
  onClose(): void;
}

/**
 * "Cerca altro…": the resource's own list in a dialog, read a page at a time through the generic list call
 * with the search `q` and, for who may read the resource whole, its filters; a row (click, or Enter on it)
 * is the choice. A reader outside the resource's roles sees its name and the search fields it may read.
 */
export default function SearchMoreDialog({ resource, text, onChoose, onClose }: Props) {
  const titleId = useId();
  const user = useSessionUser();
  const entry = resourceIndex[resource as ResourceName];
  const def = useQuery({
    queryKey: ['definition', resource],
    queryFn: () => entry.load(),
    staleTime: Infinity,
  });
  const [typed, setTyped] = useState(text);
  const [q, setQ] = useState(text.trim());
  const debouncer = useMemo(() => createDebouncer(PICKER_DEBOUNCE_MS, (v: string) => setQ(v.trim())), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const [state, setState] = useState<ListState>({
    filters: {},
    sortBy: null,
    descending: false,
    page: 1,
    rowsPerPage: PAGE_SIZES[0] ?? 10,
  });
  const whole =
    !!def.data && isAllowed(wholeListAccess({ typeName: resource, isLookup: true, ...def.data }), user?.roles ?? null);
  const page = useQuery({
    queryKey: ['pick-more', resource, q, state],
    enabled: !!def.data,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => (def.data ? resourceApi.list(def.data, state, q, signal) : null),
  });
  const rows = page.data?.data ?? [];
  const columns: ColumnDefinition[] = useMemo(() => {
    if (!def.data) return [];
    if (whole) return def.data.columns;
    const names = [def.data.displayField, ...def.data.search.filter((f) => f !== def.data?.displayField)];
    return names.flatMap((n) => def.data?.columns.find((c) => c.accessorKey === n) ?? []);
  }, [def.data, whole]);
  const shown = whole ? columns : columns.filter((c) => rows.some((r) => r[c.accessorKey] !== undefined));
  const table = useRef<HTMLTableSectionElement>(null);

  const choose = (row: Row) => {
    if (!def.data) return;
    const { id, label } = toOption(
      {
        resource,
        displayField: def.data.displayField,
        search: [],
        sort: null,
        fetchPage: () => Promise.reject(new Error()),
      },
      row,
      'found',
    );
    onChoose({ id, label });
  };
  const moveFocus = (from: HTMLElement | null, step: 1 | -1) => {
    const all = [...(table.current?.querySelectorAll<HTMLElement>('tr[data-choice]') ?? [])];
    const next = from ? all[all.indexOf(from) + step] : all[0];
    next?.focus();
  };
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(row);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      moveFocus(e.currentTarget, e.key === 'ArrowDown' ? 1 : -1);
    }
  };
  const total = page.data?.totalRows ?? 0;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg">
      <DialogTitle id={titleId}>{messages.picker.moreTitle(entry.label)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={messages.picker.search}
          helperText={messages.picker.searchHint}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            debouncer.push(e.target.value);
            setState((s) => ({ ...s, page: 1 }));
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              moveFocus(null, 1);
            }
          }}
          sx={{ mt: 1, mb: 2 }}
        />
        {whole && def.data && def.data.filters.length > 0 && (
          <FilterBar
            key={JSON.stringify(state.filters)}
            filters={def.data.filters}
            values={state.filters}
            onApply={(filters) => setState((s) => ({ ...s, filters, page: 1 }))}
          />
        )}
        <Box sx={{ height: 4 }}>{page.isFetching && <LinearProgress aria-label={messages.loading} />}</Box>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {shown.map((c) => (
                  <TableCell key={c.accessorKey} align={cellAlign(c)}>
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody ref={table}>
              {rows.map((row) => (
                <TableRow
                  key={String(row.id)}
                  hover
                  tabIndex={0}
                  data-choice
                  aria-label={messages.picker.choose(String(row[def.data?.displayField ?? 'id'] ?? row.id))}
                  onClick={() => choose(row)}
                  onKeyDown={(e) => onRowKey(e, row)}
                  sx={{ cursor: 'pointer' }}
                >
                  {shown.map((c) => (
                    <TableCell key={c.accessorKey} align={cellAlign(c)}>
                      {renderCell(c, row, page.data?.references ?? {})}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {page.data && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={Math.max(1, shown.length)}>{messages.noResults}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
        <TablePagination
          component="div"
          count={total}
          page={state.page - 1}
          rowsPerPage={state.rowsPerPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, p) => setState((s) => ({ ...s, page: p + 1 }))}
          onRowsPerPageChange={(e) => setState((s) => ({ ...s, page: 1, rowsPerPage: Number(e.target.value) }))}
          labelRowsPerPage={messages.picker.rowsPerPage}
          labelDisplayedRows={({ from, to, count }) =>
            page.data?.totalRowsCapped
              ? messages.picker.capped(from, to, count)
              : messages.picker.displayedRows(from, to, count)
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{messages.actions.cancel}</Button>
      </DialogActions>
    </Dialog>
  );
}
