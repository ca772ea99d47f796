import { Alert, Box, Button, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  formatHistoryValue,
  mergeHistory,
  shownEntries,
  type HistoryEntry,
  type ShownChange,
} from '../../../domain/history/historyEntries.ts';
import { recordNameThen } from '../../../domain/history/recordNameThen.ts';
import { displayFormats } from '../../../domain/displayFormats.ts';
import type { HistoryField, ResourceDefinition } from '../../../domain/resourceDefinition.ts';
import { messages } from '../../i18n/messages.ts';
import { useDefinitions, useRecordHistory } from './useRecordHistory.ts';

interface Props {
  /** The record's resource (its definition carries the history's fields). */
  def: ResourceDefinition;
  id: number;
  /** The record's version as its page holds it: a save reads the history again. */
  version?: unknown;
}

const M = messages.history;

/** Where a referenced record opens: its own page, else the list of its resource. */
function hrefOf(target: ResourceDefinition | undefined, id: unknown): string | null {
  if (!target || typeof id !== 'number') return null;
  if (target.page) return `${target.page}/${id}`;
  return target.route;
}

function Value({ text, href }: { text: string; href: string | null }) {
  return href ? (
    <Link component={RouterLink} to={href}>
      {text}
    </Link>
  ) : (
    <Box component="span" sx={{ fontWeight: 500 }}>
      {text}
    </Box>
  );
}

function Change({ change, targets }: { change: ShownChange; targets: ReadonlyMap<string, ResourceDefinition> }) {
  const target = change.reference && targets.get(change.reference.resource);
  return (
    <Typography variant="body2" component="li" data-field={change.field}>
      {change.label}: <Value text={change.from} href={hrefOf(target, change.reference?.from)} /> →{' '}
      <Value text={change.to} href={hrefOf(target, change.reference?.to)} />
    </Typography>
  );
}

/** The changes of an entry; a creation's initial values folded under one line, open on demand. */
function Changes(props: { changes: ShownChange[]; targets: ReadonlyMap<string, ResourceDefinition>; folded: boolean }) {
  const { changes, targets, folded } = props;
  if (changes.length === 0) return null;
  const list = (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {changes.map((c) => (
        <Change key={c.field} change={c} targets={targets} />
      ))}
    </Box>
  );
  if (!folded) return list;
  return (
    <Box component="details">
      <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
        {M.initialValues(changes.length)}
      </Typography>
      {list}
    </Box>
  );
}

/** A record shown in this one's history (a contact of a customer): its title and its name as it was then, never its id. */
function otherRecord(other: ResourceDefinition, entries: readonly HistoryEntry[], index: number): string {
  const named = other.history?.fields.find((f) => f.name === other.displayField);
  const value = named && recordNameThen(entries, index, named.name);
  return value === undefined ? other.title : `${other.title} ${formatHistoryValue(named, value)}`;
}

/**
 * "Storico" of a record (and of the records shown in it: a negotiation's offers): newest first, one entry per
 * person per 10 minutes, each change as "Etichetta: vecchio → nuovo" in the format of its kind, filtered by field.
 */
export function HistoryPanel({ def, id, version }: Props) {
  const [field, setField] = useState('');
  const history = useRecordHistory(def.name, id, field, version);
  const entries = useMemo(() => mergeHistory(history.data?.pages.flatMap((p) => p.data) ?? []), [history.data]);
  const fields = def.history?.fields ?? [];
  const definitions = useDefinitions([
    ...entries.map((e) => e.resource),
    ...fields.flatMap((f) => (f.reference ? [f.reference] : [])),
  ]);
  const fieldsOf = (resource: string): HistoryField[] =>
    resource === def.name ? fields : (definitions?.get(resource)?.history?.fields ?? []);
  const targets = definitions ?? new Map<string, ResourceDefinition>();
  const shown = shownEntries(entries, fieldsOf, field);

  return (
    <Box component="section" aria-label={M.title} sx={{ mt: 2, mb: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {M.title}
        </Typography>
        <TextField
          select
          size="small"
          label={M.field}
          value={field}
          onChange={(e) => setField(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{M.allFields}</MenuItem>
          {fields.map((f) => (
            <MenuItem key={f.name} value={f.name}>
              {f.title}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {history.isError && <Alert severity="error">{M.loadError}</Alert>}
      {history.isSuccess && shown.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {M.empty}
        </Typography>
      )}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {shown.map(({ e, i, changes }) => {
          const other = e.resource !== def.name ? definitions?.get(e.resource) : undefined;
          return (
            <Box component="li" key={e.id} data-event={e.event} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {displayFormats.dateTime(e.at)} · {e.user ?? M.system} · {M.events[e.event] ?? e.event}
                {other ? ` · ${otherRecord(other, entries, i)}` : ''}
              </Typography>
              {e.note && <Typography variant="body2">{e.note}</Typography>}
              <Changes changes={changes} targets={targets} folded={e.event === 'creazione'} />
            </Box>
          );
        })}
      </Stack>
      {history.hasNextPage && (
        <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} sx={{ mt: 1 }}>
          {M.more}
        </Button>
      )}
    </Box>
  );
}
