import { Box, Button, MenuItem, TextField } from '@mui/material';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { displayFormats } from '../../domain/displayFormats.ts';
import { filterKeys, type FilterDefinition } from '../../domain/resourceDefinition.ts';
import { inSentence } from '../i18n/italian.ts';
import { messages } from '../i18n/messages.ts';
import { FILTER_WIDTH, filtersInSight, searchBoxWidth } from './filterLine.ts';
import { INCOMPLETE_DATE } from './incompleteDate.ts';
import { NumberInput } from './NumberInput.tsx';

// The date pickers (MUI X) and the record picker load beside the list's table, not before it: until they are
// there, the filter shows its label and value, read-only.
const DateInput = lazy(() => import('./DateInput.tsx').then((m) => ({ default: m.DateInput })));
const ReferencePicker = lazy(() => import('./ReferencePicker.tsx').then((m) => ({ default: m.ReferencePicker })));

function Loading({
  label,
  value,
  width,
  children,
}: {
  label: string;
  value: string;
  width: number;
  children: ReactNode;
}) {
  const fallback = (
    <TextField size="small" label={label} value={value} sx={{ width }} slotProps={{ input: { readOnly: true } }} />
  );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

interface Props {
  filters: FilterDefinition[];
  values: Record<string, string>;
  onApply(values: Record<string, string>): void;
  /**
   * The bar's width, when it should keep to one line: the filters beyond it fold under "Altri filtri" (at 1024 px
   * the negotiations' ten filters took five lines and left two rows of the list in view).
   */
  room?: number;
}

/** A record of another resource, picked by searching it: the filter holds its id. */
function ReferenceFilter({
  def,
  value,
  onChange,
}: {
  def: FilterDefinition;
  value: string;
  onChange(v: string): void;
}) {
  return (
    <Loading label={def.label} value="" width={FILTER_WIDTH.reference}>
      <ReferencePicker
        resource={def.reference ?? ''}
        label={def.label}
        size="small"
        width={FILTER_WIDTH.reference}
        value={/^\d+$/.test(value) ? Number(value) : null}
        onChange={(id) => onChange(id === null ? '' : String(id))}
      />
    </Loading>
  );
}

function DateFilter({
  label,
  value,
  onChange,
  width = FILTER_WIDTH.date,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  width?: number;
}) {
  return (
    <Box sx={{ width }}>
      <Loading label={label} value={value === INCOMPLETE_DATE ? '' : displayFormats.date(value)} width={width}>
        <DateInput
          kind="date"
          size="small"
          label={label}
          value={value}
          error={value === INCOMPLETE_DATE}
          onChange={(v) => onChange(v ?? '')}
        />
      </Loading>
    </Box>
  );
}

function FilterField({
  def,
  value,
  onChange,
  room,
}: {
  def: FilterDefinition;
  value: string;
  onChange(v: string): void;
  room?: number;
}) {
  switch (def.widget) {
    case 'reference':
      return <ReferenceFilter def={def} value={value} onChange={onChange} />;
    case 'triState':
    case 'boolean':
    case 'select': {
      const options =
        def.widget === 'boolean'
          ? [
              { value: 'true', label: messages.triState.yes },
              { value: 'false', label: messages.triState.no },
            ]
          : (def.options ?? []).filter((o) => o.value !== '').map((o) => ({ value: String(o.value), label: o.label }));
      return (
        <TextField
          select
          size="small"
          label={def.label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{messages.triState.all}</MenuItem>
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'date':
      return <DateFilter label={def.label} value={value} onChange={onChange} />;
    case 'number':
      return (
        <Box sx={{ width: FILTER_WIDTH.number }}>
          <NumberInput
            size="small"
            label={def.label}
            // The URL holds the canonical number (10.5); the field shows it the Italian way (10,5).
            value={value !== '' && Number.isFinite(Number(value)) ? Number(value) : value}
            onChange={(v) => onChange(v === undefined ? '' : String(v))}
          />
        </Box>
      );
    default:
      if (def.looksIn)
        return (
          <TextField
            size="small"
            type="search"
            label={def.label}
            value={value}
            placeholder={def.looksIn.map((t, i) => (i === 0 ? t : inSentence(t))).join(', ')}
            onChange={(e) => onChange(e.target.value)}
            sx={{ width: searchBoxWidth(room) }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        );
      return <TextField size="small" label={def.label} value={value} onChange={(e) => onChange(e.target.value)} />;
  }
}

/**
 * Filters from the schema; typing does not reload the list until "Cerca" (or Enter). Empty values are not sent.
 * The parent keys it by the applied values, so Back/Forward resets what is typed.
 */
export function FilterBar({ filters, values, onApply, room }: Props) {
  const [draft, setDraft] = useState(values);
  // A value other than the filter's own default (the negotiations' "Archiviata: No" is the list's usual state).
  const chosen = (f: FilterDefinition, held: Record<string, string>) =>
    filterKeys(f).some((k) => (held[k] ?? '') !== '' && held[k] !== String(f.default ?? ''));
  // What the list is filtered by (from the address too) stays in sight, with its values, on the first line.
  const inSight = filtersInSight(filters, room, (f) => chosen(f, values));
  const folded = filters.filter((f) => !inSight.includes(f));
  // Chosen but not yet searched for, so out of sight once folded.
  const filled = folded.filter((f) => chosen(f, draft)).length;
  const [open, setOpen] = useState(false);
  if (filters.length === 0) return null;
  const shown = open ? filters : inSight;
  return (
    <Box
      component="form"
      role="search"
      aria-label={messages.filters}
      onSubmit={(e) => {
        e.preventDefault();
        // A date typed only in part is shown in red and not searched for.
        if (!Object.values(draft).includes(INCOMPLETE_DATE)) onApply(draft);
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}
    >
      {shown.map((f) => {
        const set = (key: string) => (v: string) => setDraft((d) => ({ ...d, [key]: v }));
        if (f.widget !== 'dateRange')
          return <FilterField key={f.field} def={f} value={draft[f.field] ?? ''} onChange={set(f.field)} room={room} />;
        const [from = '', to = ''] = filterKeys(f);
        return [
          <DateFilter
            key={from}
            width={FILTER_WIDTH.rangeDate}
            label={messages.range.from(f.label)}
            value={draft[from] ?? ''}
            onChange={set(from)}
          />,
          <DateFilter
            key={to}
            width={FILTER_WIDTH.rangeDate}
            label={messages.range.to(f.label)}
            value={draft[to] ?? ''}
            onChange={set(to)}
          />,
        ];
      })}
      <Button type="submit" variant="contained">
        {messages.actions.search}
      </Button>
      {folded.length > 0 && (
        <Button variant="outlined" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? messages.fewerFilters : messages.moreFilters(filled)}
        </Button>
      )}
      <Button onClick={() => onApply({})}>{messages.actions.reset}</Button>
    </Box>
  );
}
