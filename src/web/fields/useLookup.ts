import { useQueries, useQuery } from '@tanstack/react-query';
import { resourceIndex, type ResourceName } from '../../../generated/resourceIndex.ts';
import { resourceApi, type Row } from '../api/resourceApi.ts';

export interface LookupOption {
  id: number;
  label: string;
}

const entryOf = (name: string | undefined) => (name ? resourceIndex[name as ResourceName] : undefined);

/** The records of a referenced resource as id/label pairs, ordered by `ordinamento` when it has one. */
function lookupQuery(name: string) {
  return {
    queryKey: ['lookup', name],
    staleTime: 60_000,
    queryFn: async (): Promise<LookupOption[]> => {
      const entry = entryOf(name);
      const { data } = await resourceApi.listAll(entry?.list ?? '');
      const ordered = [...data].sort((a: Row, b: Row) => Number(a.ordinamento ?? 0) - Number(b.ordinamento ?? 0));
      return ordered.map((r) => ({ id: Number(r.id), label: String(r[entry?.displayField ?? 'id'] ?? r.id) }));
    },
  };
}

export function useLookup(name: string | undefined) {
  return useQuery({ ...lookupQuery(name ?? ''), enabled: !!entryOf(name)?.list });
}

/** Several lookups at once, by resource name. */
export function useLookups(names: (string | undefined)[]): Record<string, LookupOption[] | undefined> {
  const unique = [...new Set(names.filter((n): n is string => !!entryOf(n)?.list))];
  const results = useQueries({ queries: unique.map(lookupQuery) });
  return Object.fromEntries(unique.map((name, i) => [name, results[i]?.data]));
}
