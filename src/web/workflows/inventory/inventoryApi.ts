import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { HubEvent, InventarioMezziItem } from '../../../../generated/entities.ts';
import { unwrap, toApiError } from '../../api/apiError.ts';
import { answeredBy } from '../../api/httpMiddleware.ts';
import { api } from '../../api/client.ts';
import type { ItemDraft } from './ItemDialog.tsx';

export const ITEMS_PER_PAGE = 50;

export interface ItemFilters {
  page: number;
  search: string;
  withoutStatus: boolean;
}

const keys = {
  inventory: (id: number) => ['inventory', id] as const,
  items: (id: number) => ['inventory', id, 'items'] as const,
  closing: (id: number) => ['inventory', id, 'closing'] as const,
};

export function useInventory(id: number) {
  return useQuery({
    queryKey: keys.inventory(id),
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/inventari_mezzi/{id}', { params: { path: { id } }, middleware: [answeredBy([404])] }),
        )
      ).data,
  });
}

export function useItems(id: number, filters: ItemFilters) {
  return useQuery({
    queryKey: [...keys.items(id), filters],
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        api.GET('/api/inventario-mezzi-items', {
          params: {
            query: {
              idInventarioMezzi: id,
              page: filters.page,
              rowsPerPage: ITEMS_PER_PAGE,
              sortBy: 'resourceMago',
              descending: 0,
              ...(filters.search.trim() ? { multiField: filters.search.trim() } : {}),
              ...(filters.withoutStatus ? { withoutStatus: 1 as const } : {}),
            },
          },
        }),
      ),
  });
}

/** The item with exactly this code, as the caller may see it (a counter sees it only by its exact code). */
export async function itemWithCode(id: number, code: string) {
  const page = await unwrap(
    api.GET('/api/inventario-mezzi-items', {
      params: { query: { idInventarioMezzi: id, multiField: code, page: 1, rowsPerPage: ITEMS_PER_PAGE } },
    }),
  );
  const wanted = code.replace(/\s+/g, '').toUpperCase();
  return page.data.find((i) => i.resourceMago.replace(/\s+/g, '').toUpperCase() === wanted) ?? null;
}

export function useStatuses() {
  return useQuery({
    queryKey: ['inventory-statuses'],
    staleTime: 5 * 60_000,
    queryFn: async () =>
      (await unwrap(api.GET('/api/inventario_mezzi_item_stati', { params: { query: { sortBy: 'id' } } }))).data.flatMap(
        (s) => (s.id === undefined ? [] : [{ ...s, id: s.id }]),
      ),
  });
}

export function useMyBranches() {
  return useQuery({
    queryKey: ['inventory-my-branches'],
    queryFn: async () => (await unwrap(api.GET('/api/users/me/filiali-inventario'))).data,
  });
}

/** The name of an inventory branch (what a confirmation names). */
export function useBranchName(id: number | null) {
  return useQuery({
    queryKey: ['inventory-branch', id],
    enabled: id !== null,
    queryFn: async () =>
      (await unwrap(api.GET('/api/filiali-inventario/{id}', { params: { path: { id: id ?? 0 } } }))).data.nome,
  });
}

export function useClosing(id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.closing(id),
    enabled,
    queryFn: async () =>
      (await unwrap(api.GET('/api/inventari-mezzi/{id}/chiusura', { params: { path: { id } } }))).data,
  });
}

/** The generic list of inventories (status, anomalies) shows what changed here when it is opened again. */
export const INVENTORY_LIST_KEY = ['list', 'inventarioMezzi'] as const;

/** The writes of an inventory's page: its items (status, added by hand, note and zone, removed), its end. */
export const inventoryWrites = {
  setStatus: (itemId: number, statusId: number) =>
    unwrap(
      api.PUT('/api/inventario-mezzi-items/{itemId}/stato/{statusId}', { params: { path: { itemId, statusId } } }),
    ),
  addItem: (inventoryId: number, draft: ItemDraft) =>
    unwrap(
      api.POST('/api/inventario-mezzi-items', {
        body: {
          idInventarioMezzi: inventoryId,
          manuale: 'Y',
          resourceMago: draft.resourceMago,
          note: draft.note,
          zona: draft.zona,
          statusId: draft.statusId,
        },
      }),
    ),
  /** The note and zone of an item; the rest goes back as it was read. */
  updateItem: (item: InventarioMezziItem & { id: number }, draft: Pick<ItemDraft, 'note' | 'zona'>) =>
    unwrap(
      api.PUT('/api/inventario-mezzi-items/{id}', {
        params: { path: { id: item.id } },
        body: { ...item, manuale: item.manuale ?? 'N', note: draft.note, zona: draft.zona },
      }),
    ),
  removeItem: (itemId: number) =>
    unwrap(api.DELETE('/api/inventario-mezzi-items/{id}', { params: { path: { id: itemId } } })),
  /** The machine registered to the branch where it really is (the answer says what happened, in Italian). */
  moveItem: (itemId: number, filialeInventarioId: number) =>
    unwrap(
      api.POST('/api/inventario-mezzi-items/{id}/sposta', {
        params: { path: { id: itemId } },
        body: { filialeInventarioId },
      }),
    ),
  conclude: (id: number) => unwrap(api.PUT('/api/inventari-mezzi/{id}/concluso', { params: { path: { id } } })),
  remove: (id: number) => unwrap(api.DELETE('/api/inventari_mezzi/{id}', { params: { path: { id } } })),
};

/** After a change of ours: the item list, the inventory's counters, the closing lists and the inventories read again. */
export function useRefresh(id: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.inventory(id) }),
      client.invalidateQueries({ queryKey: INVENTORY_LIST_KEY }),
    ]);
}

/** The filtered items as Excel, downloaded with the name the server gives (Inventario_<date>_<time>.xlsx). */
export async function downloadItems(id: number, filters: ItemFilters): Promise<void> {
  const { data, error, response } = await api.GET('/api/inventario-mezzi-items/xls', {
    params: {
      query: {
        idInventarioMezzi: id,
        ...(filters.search.trim() ? { multiField: filters.search.trim() } : {}),
        ...(filters.withoutStatus ? { withoutStatus: 1 as const } : {}),
      },
    },
    parseAs: 'blob',
    // Files come from the server that served the app (a contract proxy in between only speaks JSON).
    baseUrl: window.location.origin,
  });
  if (!response.ok) throw toApiError(response.status, error);
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'Inventario.xlsx';
  const url = URL.createObjectURL(data as unknown as Blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Someone else's change to this inventory (push hub, topic /inventari-mezzi/{id}): true until the page is
 * reloaded with `clear`.
 */
export function useChangedByOthers(id: number, myUserId: number | undefined) {
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    let source: EventSource | null = null;
    let cancelled = false;
    void api
      .GET('/api/inventari-mezzi/{id}/hub-token', { params: { path: { id } }, middleware: [answeredBy([404])] })
      .then(({ data }) => {
        if (cancelled || !data) return;
        const url = new URL('/hub', window.location.origin);
        for (const topic of data.data.topics) url.searchParams.append('topic', topic);
        url.searchParams.set('token', data.data.token);
        source = new EventSource(url);
        source.onmessage = (message: MessageEvent<string>) => {
          const event = JSON.parse(message.data) as HubEvent;
          if (event.entity === 'inventarioMezzi' && event.userId !== myUserId) setChanged(true);
        };
      });
    return () => {
      cancelled = true;
      source?.close();
    };
  }, [id, myUserId]);
  return { changed, clear: () => setChanged(false) };
}
