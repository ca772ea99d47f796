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
