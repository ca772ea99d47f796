import { useQuery } from '@tanstack/react-query';
import { resourceIndex, type ResourceName } from '../../../generated/resourceIndex.ts';
import { referenceLabels } from '../api/referenceLabels.ts';
import { resourceApi } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { toOption, type PickerSource } from './pickerSearch.ts';

/** Where a picker of a resource finds its records: the resource's list, searched on the server. */
export function sourceOf(resource: string): PickerSource | null {
  const entry = resourceIndex[resource as ResourceName] as (typeof resourceIndex)[ResourceName] | undefined;
  if (!entry?.list) return null;
  const path = entry.list;
  return {
    resource,
    displayField: entry.displayField,
    search: entry.search,
    searchKinds: entry.searchKinds,
    sort: entry.sort,
    fetchPage: (query, signal) => resourceApi.pick(path, query, signal),
  };
}

/**
 * The names of the chosen records: from the answers that brought them (lists, the record, the picker's own
 * lists), else asked for in one call by their ids.
 */
export function useChosenLabels(source: PickerSource | null, ids: number[]) {
  const missing = source ? ids.filter((id) => referenceLabels.get(source.resource, id) === undefined) : [];
  const fetched = useQuery({
    queryKey: ['reference-labels', source?.resource, missing],
    enabled: !!source && missing.length > 0,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      if (!source) return [];
      const page = await source.fetchPage({ ids: missing, page: 1, rowsPerPage: missing.length }, signal);
      const found = page.data.map((r) => toOption(source, r, 'found'));
      for (const o of found) referenceLabels.rememberOne(source.resource, o);
      return found;
    },
  });
  return (id: number): string =>
    (source && referenceLabels.get(source.resource, id)) ?? (fetched.isFetching ? messages.loadingMore : `#${id}`);
}
