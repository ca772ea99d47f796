const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A 24-hour time of day written HH:MM. */
export function isTimeHhmm(value: string): boolean {
  return HHMM.test(value);
}

/** Minutes since midnight of an HH:MM time. */
export function minutesOfDay(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export const END_BEFORE_START = 'La data di fine intervento non è valida';

/** SPEC.md: an activity ends after it starts (same day: HH:MM times compared as minutes). */
export function endsAfterStart(start: string, end: string): boolean {
  return isTimeHhmm(start) && isTimeHhmm(end) && minutesOfDay(end) > minutesOfDay(start);
}
