import { Temporal } from 'temporal-polyfill';
import type { TimeUnit } from '../../../generated/entities.ts';
import { pricingError, type PricingError } from './pricingError.ts';

/** A rental duration as the offer states it: a number of days, months or years. */
export interface Duration {
  value: number;
  unit: TimeUnit;
}

/** The duration as typed (`durata` + `durataUnita`) or as the rental dates (`dal`/`inizio` … `al`/`fine`). */
export type DurationInput = Duration | { from: string; to: string };

const UNIT_WORDS: Record<TimeUnit, [singular: string, plural: string]> = {
  G: ['giorno', 'giorni'],
  M: ['mese', 'mesi'],
  A: ['anno', 'anni'],
};

/** Days counted for a month or a year where a band is in days (the transport duration increase). */
export const DAYS_PER_UNIT: Record<TimeUnit, number> = { G: 1, M: 30, A: 365 };

/** "1 giorno", "12 giorni", "3 mesi". */
export function formatDuration(value: number, unit: TimeUnit): string {
  const [singular, plural] = UNIT_WORDS[unit];
  return `${value} ${value === 1 ? singular : plural}`;
}

/** "giorni", "mesi", "anni". */
export function unitPlural(unit: TimeUnit): string {
  return UNIT_WORDS[unit][1];
}

/** "6–15 giorni" (the unit's plural, as a band is read); "1 giorno" for a one-value slot. */
export function formatSlot(from: number, to: number, unit: TimeUnit): string {
  if (from === to) return formatDuration(from, unit);
  return `${from}–${to} ${UNIT_WORDS[unit][1]}`;
}

/**
 * The duration to price. Dates count both ends (1 to 10 October is 10 days) and always give days.
 */
export function resolveDuration(input: DurationInput): { duration: Duration } | { error: PricingError } {
  if ('from' in input) {
    let days: number;
    try {
      days = Temporal.PlainDate.from(input.from).until(Temporal.PlainDate.from(input.to)).days + 1;
    } catch {
      return { error: pricingError('DURATION_INVALID', 'al', 'Le date del noleggio non sono valide') };
    }
    if (days < 1)
      return {
        error: pricingError(
          'DURATION_INVALID',
          'al',
          'La data di fine noleggio deve essere uguale o successiva a quella di inizio',
        ),
      };
    return { duration: { value: days, unit: 'G' } };
  }
  if (!Number.isInteger(input.value) || input.value < 1)
    return { error: pricingError('DURATION_INVALID', 'durata', 'La durata deve essere un numero intero di almeno 1') };
  return { duration: input };
}
