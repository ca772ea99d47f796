import { Autocomplete, Box, CircularProgress, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { referenceLabels } from '../api/referenceLabels.ts';
import { messages } from '../i18n/messages.ts';
import { useSessionUser } from '../session/useSessionUser.ts';
import {
  createDebouncer,
  mayPick,
  PICKER_DEBOUNCE_MS,
  pickerQuery,
  recentPicks,
  type PickerOption,
} from './pickerSearch.ts';
import { preloadable } from '../ui/preloadable.tsx';
import { OptionText, PickerGroup } from './pickerParts.tsx';
import { sourceOf, useChosenLabels } from './referenceSource.ts';

// The dialog and its table are not loaded with every form: when a picker first opens, before they are asked for.
const { preload: loadSearchMore, Component: SearchMoreDialog } = preloadable(() => import('./SearchMoreDialog.tsx'));

/** "Cerca altro…": the last entry of the list, which opens the resource's own paged search. */
type MoreOption = { id: -1; label: string; more: true };
type Option = PickerOption | MoreOption;
const isMore = (o: Option): o is MoreOption => 'more' in o;

interface CommonProps {
  /** The referenced resource (x-resource.references). */
  resource: string;
  label: string;
  id?: string;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** Width of a filter's picker; a form's takes its cell. */
  width?: number;
}
export type ReferencePickerProps = CommonProps &
  (
    | { multiple?: false; value: number | null; onChange(id: number | null): void }
    | { multiple: true; value: number[]; onChange(ids: number[]): void }
  );

/**
 * The one picker of a record of another resource (form fields and list filters alike). It searches on the
 * server as the user types (150 ms after the last key, the call of an older text cancelled, the previous list
 * kept until the new one comes), lists 8 records and "Cerca altro…" (the resource's paged search), and with
 * an empty box this user's last choices, then the newest records. Keyboard: ↑ ↓ Enter Esc, and Tab takes
 * the highlighted record. Never reads a whole table.
 */
export function ReferencePicker(props: ReferencePickerProps) {
  const { resource, label, id, required, error, disabled, size, width } = props;
  const user = useSessionUser();
  const allowed = mayPick(resource, user?.roles ?? null);
  const source = useMemo(() => (allowed ? sourceOf(resource) : null), [resource, allowed]);
  const picks = useMemo(() => recentPicks(window.localStorage, user?.id ?? 0, resource), [user?.id, resource]);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [settled, setSettled] = useState('');
  const [recent, setRecent] = useState<number[]>([]);
  const [more, setMore] = useState<string | null>(null);
  const debouncer = useMemo(() => createDebouncer(PICKER_DEBOUNCE_MS, setSettled), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const highlighted = useRef<Option | null>(null);

  const list = useQuery({
    ...pickerQuery(
      source ?? { resource, displayField: 'id', search: [], sort: null, fetchPage: () => Promise.reject(new Error()) },
      settled,
      recent,
    ),
    enabled: open && !!source,
  });
  useEffect(() => {
    for (const o of list.data?.options ?? []) referenceLabels.rememberOne(resource, o);
  }, [list.data, resource]);

  const ids = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const labelOf = useChosenLabels(source, ids);
  // The same objects while the choice and its names stay: Autocomplete reads a new value as a new choice and
  // puts its name back into the box, over what is being typed.
  const chosenKey = JSON.stringify(ids.map((v) => [v, labelOf(v)]));
  const chosen = useMemo(
    () =>
      (JSON.parse(chosenKey) as [number, string][]).map(([v, l]): PickerOption => ({
        id: v,
        label: l,
        detail: '',
        group: 'found',
      })),
    [chosenKey],
  );

  const options: Option[] = [
    ...(list.data?.options ?? []),
    ...(list.data?.more ? [{ id: -1 as const, label: messages.picker.more, more: true as const }] : []),
  ];
  const grouped = settled.trim() === '' && options.some((o) => !isMore(o) && o.group === 'recent');

  function choose(picked: { id: number; label: string }[]) {
    for (const p of picked) referenceLabels.rememberOne(resource, p);
    const last = picked.at(-1);
    if (last) picks.remember(last.id);
    if (props.multiple) props.onChange(picked.map((p) => p.id));
    else props.onChange(last?.id ?? null);
  }

  function onChange(_e: SyntheticEvent, value: Option | Option[] | null) {
    const values = Array.isArray(value) ? value : value ? [value] : [];
    if (values.some(isMore)) {
      setOpen(false);
      setMore(typed);
      return;
    }
    const picked = values.filter((v): v is PickerOption => !isMore(v));
    // A new choice of a multiple picker comes last; the others stay as they were.
    choose(props.multiple ? picked : picked.slice(-1));
  }

  const spinner = list.isFetching ? <CircularProgress color="inherit" size={16} sx={{ mr: 1 }} /> : null;
  return (
    <>
      <Autocomplete<Option, boolean, false, false>
        id={id}
        multiple={!!props.multiple}
        // A multiple picker stays open for the next choice, so the Escape that closes it is the picker's, not the
        // dialog's (closed at each choice, the user's Escape for the list reached the dialog and asked to leave it).
        disableCloseOnSelect={!!props.multiple}
        size={size ?? 'medium'}
        sx={width ? { width } : undefined}
        disabled={disabled || !source}
        open={open}
        onOpen={() => {
          void loadSearchMore().catch(() => undefined);
          setRecent(picks.read());
          setOpen(true);
        }}
        onClose={() => setOpen(false)}
        options={options}
        value={props.multiple ? chosen : (chosen[0] ?? null)}
        onChange={onChange}
        onInputChange={(_e, text, reason) => {
          if (reason !== 'input') {
            setTyped('');
            debouncer.cancel();
            setSettled('');
            return;
          }
          setTyped(text);
          debouncer.push(text);
        }}
        onHighlightChange={(_e, option) => {
          highlighted.current = option;
        }}
        onKeyDown={(e) => {
          // Tab takes the highlighted record, as Enter does, and moves on: the one the list shows highlighted
          // (MUI re-highlights when an answer replaces the list without always saying so).
          const listbox = document.getElementById((e.target as HTMLElement).getAttribute('aria-controls') ?? '');
          const shown = listbox?.querySelector<HTMLElement>('[data-option-index].Mui-focused')?.dataset.optionIndex;
          const h = shown === undefined ? highlighted.current : (options[Number(shown)] ?? highlighted.current);
          if (e.key === 'Tab' && !e.shiftKey && open && h && !isMore(h))
            choose(props.multiple ? [...chosen.filter((c) => c.id !== h.id), h] : [h]);
        }}
        // The server has filtered already.
        filterOptions={(o) => o}
        // A name with its code, VAT number and phone needs more room than a narrow field has.
        slotProps={{ popper: { sx: { minWidth: 320 } } }}
        autoHighlight
        loading={list.isFetching && options.length === 0}
        loadingText={messages.loadingMore}
        noOptionsText={messages.noResults}
        getOptionLabel={(o) => o.label}
        // Two records may share a name: each option is keyed by its record.
        getOptionKey={(o) => o.id}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        // Always a groupBy: MUI's list, switched between grouped and not while open, read a group it had not made.
        groupBy={(o) => (grouped && !isMore(o) ? o.group : '')}
        renderGroup={(params) => (
          <PickerGroup
            key={params.key}
            title={
              params.group === '' ? null : params.group === 'recent' ? messages.picker.recent : messages.picker.latest
            }
          >
            {params.children}
          </PickerGroup>
        )}
        renderOption={({ key, ...liProps }, o) => (
          <li key={key} {...liProps}>
            {isMore(o) ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
                <SearchIcon fontSize="small" />
                {o.label}
              </Box>
            ) : (
              <OptionText label={o.label} detail={o.detail} />
            )}
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            required={required}
            error={error}
            placeholder={ids.length === 0 ? messages.picker.typeToSearch : undefined}
            InputProps={{
              ...params.InputProps,
              endAdornment: (
                <>
                  {spinner}
                  {params.InputProps.endAdornment}
                </>
              ),
            }}
          />
        )}
      />
      {more !== null && source && (
        <SearchMoreDialog
          resource={resource}
          text={more}
          onClose={() => setMore(null)}
          onChoose={(picked) => {
            setMore(null);
            choose(props.multiple ? [...chosen.filter((c) => c.id !== picked.id), picked] : [picked]);
          }}
        />
      )}
    </>
  );
}
