import {
  Box,
  Button,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { resourceIndex } from '../../../generated/resourceIndex.ts';
import { pathPermitted } from '../menu.ts';
import { resourceApi } from '../api/resourceApi.ts';
import { ErrorPage } from '../ui/ErrorPage.tsx';
import { messages } from '../i18n/messages.ts';
import { cellAlign, renderCell } from '../fields/renderCell.tsx';
import { referenceLabels } from '../api/referenceLabels.ts';
import { displayFormats } from '../../domain/displayFormats.ts';
import { filterKeys, RANGE_SUFFIXES, type FilterDefinition } from '../../domain/resourceDefinition.ts';
import { sessionUserName, useSessionUser } from '../session/useSessionUser.ts';
import { readListState } from './listState.ts';
import { PRINT_PREFIX } from './printPath.ts';

/** A filter's value as the list's filter bar shows it: a date DD-MM-YYYY, an option or a record by its name. */
function filterText(f: FilterDefinition, value: string): string {
  if (f.widget === 'date' || f.widget === 'dateRange') return displayFormats.date(value) || value;
  if (f.widget === 'boolean') return value === 'true' ? messages.yes : messages.no;
  if (f.reference) return referenceLabels.get(f.reference, Number(value)) ?? value;
  return f.options?.find((o) => String(o.value) === value)?.label ?? value;
}

/** A generic list, every filtered row, ready for the printer: /stampa/<list route>?<the list's own query>. */
export function PrintPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const user = useSessionUser();
  const route = pathname.slice(PRINT_PREFIX.length);
  const entry = Object.values(resourceIndex).find((r) => r.route === route && r.list);
  const allowed = !!entry && pathPermitted(route, user?.roles ?? []);
  const def = useQuery({
    queryKey: ['definition', entry?.name],
    queryFn: () => entry?.load(),
    enabled: allowed,
    staleTime: Infinity,
  });
  const state = useMemo(
    () => (def.data ? { ...readListState(def.data, params), page: 1, rowsPerPage: 0 } : null),
    [def.data, params],
  );
  const rows = useQuery({
    queryKey: ['print', entry?.name, state],
    queryFn: () => (def.data && state ? resourceApi.list(def.data, state) : null),
    enabled: !!state,
  });
  // The names of the records the rows point to, and of a filter's, come with the rows.
  const lookups = rows.data?.references ?? {};

  if (!entry) return <ErrorPage status={404} message={messages.notFound} />;
  if (!allowed) return <ErrorPage status={403} message={messages.unauthorized} />;
  if (!def.data || !rows.data) return <CircularProgress aria-label={messages.loading} />;
  const columns = def.data.columns;
  const keyLabel = (f: FilterDefinition, key: string) =>
    f.widget !== 'dateRange'
      ? f.label
      : key.endsWith(RANGE_SUFFIXES[0])
        ? messages.range.from(f.label)
        : messages.range.to(f.label);
  const filters = def.data.filters.flatMap((f) =>
    filterKeys(f)
      .filter((key) => state?.filters[key])
      .map((key) => `${keyLabel(f, key)}: ${filterText(f, state?.filters[key] ?? '')}`),
  );
  const who = sessionUserName(user);

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, '@media print': { display: 'none' } }}>
        <Button variant="contained" onClick={() => window.print()}>
          {messages.print.action}
        </Button>
        <Button component={Link} to={`${route}?${params.toString()}`}>
          {messages.print.back}
        </Button>
      </Box>
      <Typography variant="h5" component="h1">
        {def.data.label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {messages.print.printedAt(displayFormats.dateTime(new Date()), who)} · {messages.print.filters}:{' '}
        {filters.length ? filters.join(', ') : messages.print.none} ·{' '}
        {rows.data.data.length < rows.data.totalRows
          ? messages.print.firstRows(rows.data.data.length, rows.data.totalRows, !!rows.data.totalRowsCapped)
          : messages.print.rows(rows.data.totalRows)}
      </Typography>
      <Table size="small" sx={{ mt: 2, '& td, & th': { border: '1px solid', borderColor: 'divider' } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.accessorKey} component="th" align={cellAlign(c)} sx={{ fontWeight: 700 }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.data.data.map((row) => (
            <TableRow key={String(row.id)}>
              {columns.map((c) => (
                <TableCell key={c.accessorKey} align={cellAlign(c)}>
                  {renderCell(c, row, lookups)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
