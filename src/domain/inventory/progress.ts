import type { InventarioMezziItem } from '../../../generated/entities.ts';

export interface Progress {
  verified: number;
  /** Null in the blind view: the counter does not know how many machines are expected. */
  total: number | null;
  /** 0–100, null without a total. */
  percent: number | null;
  /** "312 di 340 verificati", or "312 verificati" in the blind view. */
  text: string;
}

export function progress(verified: number, total: number | null): Progress {
  const word = verified === 1 ? 'verificato' : 'verificati';
  if (total === null) return { verified, total, percent: null, text: `${verified} ${word}` };
  return {
    verified,
    total,
    percent: total === 0 ? 100 : Math.floor((verified / total) * 100),
    text: `${verified} di ${total} ${total === 1 ? 'verificato' : 'verificati'}`,
  };
}

/** From the counters of `GET /api/inventario-mezzi-items`: verified = every item less those without a status. */
export function progressFromCounters(
  counters: { totalRowsNoFiltered: number; totalRowsWithoutStatus: number },
  blind = false,
): Progress {
  return progress(
    counters.totalRowsNoFiltered - counters.totalRowsWithoutStatus,
    blind ? null : counters.totalRowsNoFiltered,
  );
}

/** An item is verified once it has a status (any: present, not found, in repair) or was added by hand. */
export function isVerified(item: Pick<InventarioMezziItem, 'statusId' | 'manuale'>): boolean {
  return (item.statusId !== null && item.statusId !== undefined && item.statusId !== -1) || item.manuale === 'Y';
}
