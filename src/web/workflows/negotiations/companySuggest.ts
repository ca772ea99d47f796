import { keepPreviousData } from '@tanstack/react-query';
import { isPartitaIva } from '../../../domain/partitaIva.ts';
import type { Row } from '../../api/resourceApi.ts';

/** Where a suggested company comes from: the CRM's customers or the ERP's (Mago). */
export type CompanySource = 'crm' | 'erp';

export interface CompanyMatch {
  source: CompanySource;
  /** Unique among the suggestions. */
  key: string;
  companyName: string;
  vatNumber: string;
  email: string;
  phone: string;
  /** Code, VAT number and town, to tell alike names apart. */
  detail: string;
}

/** Companies each source suggests at most. */
export const SUGGESTIONS_PER_SOURCE = 5;
/** Letters typed before anything is suggested. */
export const SUGGEST_FROM = 2;

export type CompanyFetch = (q: string, signal: AbortSignal) => Promise<{ data: Row[] }>;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function toMatch(source: CompanySource, row: Row, i: number): CompanyMatch {
  return {
    source,
    key: `${source}-${String(row.id ?? row.code ?? i)}`,
    companyName: text(row.companyName),
    vatNumber: text(row.vatNumber),
    email: text(row.email),
    phone: text(row.phone),
    detail: [text(row.code), text(row.vatNumber), text(row.city)].filter(Boolean).join(' · '),
  };
}

/**
 * The companies a salesperson's typing suggests, CRM customers first, then the ERP's: both searched on the
 * server (`q`, a bounded page each), the call of an older text cancelled, the previous list kept meanwhile.
 * A source the user may not read is left out.
 */
export function companyQuery(typed: string, sources: Partial<Record<CompanySource, CompanyFetch>>) {
  const q = typed.trim();
  return {
    queryKey: ['company-suggest', q, Object.keys(sources)] as const,
    enabled: q.length >= SUGGEST_FROM,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<CompanyMatch[]> => {
      const pages = await Promise.all(
        (['crm', 'erp'] as const).map(async (source) => {
          const fetch = sources[source];
          return fetch ? (await fetch(q, signal)).data.map((r, i) => toMatch(source, r, i)) : [];
        }),
      );
      return pages.flat();
    },
  };
}

/**
 * What choosing a company fills in the negotiation: its name, and its VAT number, e-mail and phone where it
 * has them (a field it leaves empty keeps what was typed); "Già cliente", since it is one.
 */
export function filledFrom(match: CompanyMatch): Row {
  return {
    ragioneSociale: match.companyName,
    ...(isPartitaIva(match.vatNumber) ? { partitaIva: match.vatNumber } : {}),
    ...(match.email ? { email: match.email } : {}),
    ...(match.phone ? { telefono: match.phone } : {}),
    cliente: true,
  };
}
