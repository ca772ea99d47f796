import type { AccettazioneMezzo, Notch } from '../../../generated/entities.ts';
import { NotchOptions } from '../../../generated/enums.ts';

/** The five notches of the fuel gauge, keyed 0–4 as the acceptance stores them (`tacche`). */
export type Notches = Required<NonNullable<AccettazioneMezzo['tacche']>>;

export const NOTCHES = [0, 1, 2, 3, 4] as const;
export const MAX_FUEL: Notch = 4;

/** The gauge showing `fuel`: notches 0…fuel on, the others off. */
export function notchesFor(fuel: Notch): Notches {
  return { 0: fuel >= 0, 1: fuel >= 1, 2: fuel >= 2, 3: fuel >= 3, 4: fuel >= 4 };
}

/** All notches off: the gauge of a new acceptance (fuel 0). */
export function emptyNotches(): Notches {
  return { 0: false, 1: false, 2: false, 3: false, 4: false };
}

/** Fuel is the highest active notch (0 when none is on). */
export function fuelOf(notches: Notches): Notch {
  return NOTCHES.reduce<Notch>((fuel, n) => (notches[n] ? n : fuel), 0);
}

/**
 * A tap on notch `n` (SPEC.md section 4): choosing an off notch turns on every notch up to it;
 * turning an on notch off clears it and every higher one.
 */
export function toggleNotch(notches: Notches, n: (typeof NOTCHES)[number]): Notches {
  const next = { ...notches };
  for (const i of NOTCHES) {
    if (notches[n]) {
      if (i >= n) next[i] = false;
    } else if (i <= n) next[i] = true;
  }
  return next;
}

/** A fuel reading the gauge can show (0 to 4). */
export const isNotch = (n: number): n is Notch => Number.isInteger(n) && n >= 0 && n <= MAX_FUEL;

/** A fuel reading as the schema names it ("3 / 4"): the same in the wizard, the lists, the detail and the PDF. */
export const fuelText = (n: unknown): string => NotchOptions.find((o) => o.value === n)?.label ?? '';
