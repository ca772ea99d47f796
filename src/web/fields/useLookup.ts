import { useQueries, useQuery } from '@tanstack/react-query';
import { resourceIndex, type ResourceName } from '../../../generated/resourceIndex.ts';
import { resourceApi } from '../api/resourceApi.ts';

export interface LookupOption {
  id: number;
  label: string;
}
/** The options of every referenced resource a set of columns needs, by resource name. */
export type Lookups = Record<string, LookupOption[] | undefined>;

const entryOf = (name: string | undefined) => (name ? resourceIndex[name as ResourceName] : undefined);

/** The records of a referenced resource as id/label pairs, in the order of its definition's sort. */
function lookupQuery(name: string) {
  return {
    queryKey: ['lookup', name],
    staleTime: 60_000,
    queryFn: async (): Promise<LookupOption[]> => {
      const entry = entryOf(name);
      const { data } = await resourceApi.listAll(entry?.list ?? '', entry?.sort ?? null);
      return data.map((r) => ({ id: Number(r.id), label: String(r[entry?.displayField ?? 'id'] ?? r.id) }));
    },
  };
}

export function useLookup(name: string | undefined) {
  return useQuery({ ...lookupQuery(name ?? ''), enabled: !!entryOf(name)?.list });
}

/** Several lookups at once, by resource name. */
export function useLookups(names: (string | undefined)[]): Lookups {
  const unique = [...new Set(names.filter((n): n is string => !!entryOf(n)?.list))];
  const results = useQueries({ queries: unique.map(lookupQuery) });
  return Object.fromEntries(unique.map((name, i) => [name, results[i]?.data]));
}
