import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ApiCall, ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { ListState } from '../api/listQuery.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { useSessionUser } from '../session/useSessionUser.ts';
import { useNotify } from '../ui/notifications.tsx';
import { arrivedListPage, fetchListPage, listQueryKey } from './listPreload.ts';
import { availableRowActions, keyIntent } from './listController.ts';
import { readListState, writeListState } from './listState.ts';
import { PRINT_PREFIX } from './printPath.ts';
import { resourceExtension, type RowActionContext, type RowColors } from './resourceExtensions.ts';
import { useRecordDialogs } from './useRecordDialogs.ts';

/**
 * Everything a resource's list does, without drawing it: filters, sort and page in the URL, the query,
 * the dialogs and their saves, the switches, the row actions, the export, the print link and the keyboard.
 */
const none = (): RowColors | undefined => undefined;
const noRowColors = () => none;

export function useListController(def: ResourceDefinition) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(def, params), [def, params]);
  const setState = (next: ListState) => setParams(writeListState(next));

  const list = useQuery({
    queryKey: listQueryKey(def, state),
    queryFn: () => fetchListPage(def, state),
    // A cold open: the call started with the page has answered, and the first frame shows its rows.
    initialData: () => arrivedListPage(def, state),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data;
  // The names of the records the rows point to come with the page.
  const lookups = list.data?.references ?? {};
  // A resource that is also picked elsewhere shows its changes in those pickers too.
  const refresh = () =>
    queryClient
      .invalidateQueries({ queryKey: ['list', def.name] })
      .then(() => queryClient.invalidateQueries({ queryKey: ['pick', def.name] }));
  const dialogs = useRecordDialogs({ def, onChanged: refresh });
  const { openNew, openEdit } = dialogs;

  const switching = useMutation({
    mutationFn: ({ call, id, on }: { call: ApiCall; id: number; on: boolean }) => resourceApi.toggle(call, id, on),
    onSuccess: async () => {
      notify.success(messages.saved);
      await refresh();
    },
  });

  // Each list is mounted for one resource (keyed by its name): the hook is the same on every render.
  const useRowColors = resourceExtension(def.name).useRowColors ?? noRowColors;
  const rowColors = useRowColors();

  const actionContext: RowActionContext = { user, queryClient, navigate };
  const actions = availableRowActions(def, resourceExtension(def.name).rowActions ?? {}, user?.roles ?? null);

  // A record opens in its own page when the schema names one, else in the dialog.
  const open = useCallback(
    (record: Row | null) => {
      const openRow = resourceExtension(def.name).openRow;
      if (record && openRow?.(record, { user, queryClient, navigate })) return;
      if (def.page) void navigate(record ? `${def.page}/${String(record.id)}` : def.page);
      else if (record) openEdit(record);
      else openNew();
    },
    [def, navigate, openEdit, openNew, user, queryClient],
  );

  const dialogOpen = dialogs.state.kind !== 'closed';
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      const typing = !!target.closest('input, textarea, [contenteditable="true"], [role="dialog"]');
      const row = target.closest('[data-row-id]');
      const intent = keyIntent(
        e,
        { typing, dialogOpen, onRow: !!row && !target.closest('a, button, [role="button"], [role="checkbox"]') },
        { create: !!def.api.create, update: !!def.api.update || !!resourceExtension(def.name).openRow },
      );
      if (intent === 'new') {
        e.preventDefault();
        open(null);
      }
      if (intent === 'open') {
        // Else the same Enter reaches the dialog's first field once it has the caret, and submits the form.
        e.preventDefault();
        const id = row?.getAttribute('data-row-id');
        const record = rows?.find((r) => String(r.id) === id);
        if (record) open(record);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialogOpen, def, rows, open]);

  async function exportXlsx() {
    const { blob, filename } = await resourceApi.exportXlsx(def, state);
    const url = URL.createObjectURL(blob);
    const a = Object.assign(document.createElement('a'), { href: url, download: filename });
    a.click();
    URL.revokeObjectURL(url);
  }

  return {
    def,
    state,
    setState,
    list,
    lookups,
    dialogs,
    open,
    /** Switches a yes/no field by its own call (x-resource.toggles). */
    toggle: (call: ApiCall, id: number, on: boolean) => switching.mutate({ call, id, on }),
    toggling: switching.isPending,
    actions,
    actionContext,
    rowColors,
    exportXlsx: () => void exportXlsx().catch(() => undefined),
    /** The list and its pickers read again (after an import). */
    refresh: () => void refresh(),
    printPath: def.route ? `${PRINT_PREFIX}${def.route}?${params.toString()}` : null,
  };
}

export type ListController = ReturnType<typeof useListController>;
