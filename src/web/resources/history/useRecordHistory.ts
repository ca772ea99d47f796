import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { resourceIndex, type ResourceName } from '../../../../generated/resourceIndex.ts';
import type { HistoryEntry } from '../../../domain/history/historyEntries.ts';
import type { ResourceDefinition } from '../../../domain/resourceDefinition.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';

const PAGE = 50;

/**
 * A record's history, newest first, a page at a time; `field`: only the entries that change it. Read again when
 * the record's version moves on (a save of the page it sits in).
 */
export function useRecordHistory(resource: string, id: number, field: string, version: unknown) {
  return useInfiniteQuery({
    queryKey: ['history', resource, id, field, version],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) =>
      unwrap(
        api.GET('/api/history/{resource}/{id}', {
          params: {
            path: { resource, id },
            query: { rowsPerPage: PAGE, ...(pageParam ? { before: pageParam } : {}), ...(field ? { field } : {}) },
          },
        }),
      ) as Promise<{ data: HistoryEntry[]; next: number | null }>,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** The definitions of these resources (their fields' titles and kinds, their pages), loaded once each. */
export function useDefinitions(names: readonly string[]) {
  const known = [...new Set(names)].filter((n): n is ResourceName => n in resourceIndex).sort();
  return useQuery({
    queryKey: ['definitions', known],
    staleTime: Infinity,
    queryFn: async () =>
      new Map<string, ResourceDefinition>(
        await Promise.all(known.map(async (n) => [n, await resourceIndex[n].load()] as const)),
      ),
  }).data;
}
