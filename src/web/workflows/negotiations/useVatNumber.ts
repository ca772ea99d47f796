import { useQuery } from '@tanstack/react-query';
import { isPartitaIva } from '../../../domain/partitaIva.ts';
import { negotiationApi } from './negotiationApi.ts';

/** The VAT number typed: is it an ERP customer, and which other negotiations have it (the server's check). */
export function useVatNumber(vat: unknown, ownId: number | undefined) {
  const valid = typeof vat === 'string' && isPartitaIva(vat);
  const check = useQuery({
    queryKey: ['vat-trattativa', vat, ownId],
    enabled: valid,
    queryFn: () => negotiationApi.vatCheck(String(vat), ownId),
  });
  return { inErp: valid && check.data?.inErp === true, others: valid ? (check.data?.trattative ?? []) : [] };
}
