import { useQuery } from '@tanstack/react-query';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { statusColors } from './negotiationRules.ts';

const statuses = resourceIndex.statoTrattativa;

/** The negotiation statuses whole (their colours too), shared by the list, the page and the calendar. */
export function useStatuses() {
  return useQuery({
    queryKey: ['lookup-rows', statuses.name],
    staleTime: 60_000,
    queryFn: async () => (await resourceApi.listAll(statuses.list ?? '', statuses.sort)).data,
  });
}

/** Each negotiation of the list in the colours of its status. */
export function useStatusColors() {
  const rows = useStatuses().data;
  return (row: Row) => statusColors(rows ?? [], row);
}
