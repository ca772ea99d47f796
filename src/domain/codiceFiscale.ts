// Values of characters in odd (1st, 3rd, ...) positions, from the Ministry's table.
const ODD: Record<string, number> = {
  '0': 1,
  '1': 0,
  '2': 5,
  '3': 7,
  '4': 9,
  '5': 13,
  '6': 15,
  '7': 17,
  '8': 19,
  '9': 21,
  A: 1,
  B: 0,
  C: 5,
  D: 7,
  E: 9,
  F: 13,
  G: 15,
  H: 17,
  I: 19,
  J: 21,
  K: 2,
  L: 4,
  M: 18,
  N: 20,
  O: 11,
  P: 3,
  Q: 6,
  R: 8,
  S: 12,
  T: 14,
  U: 16,
  V: 10,
  W: 22,
  X: 25,
  Y: 24,
  Z: 23,
};
// Omocodia replaces digits with these letters, in order 0..9.
const OMOCODIA = 'LMNPQRSTUV';
const MONTHS = 'ABCDEHLMPRST';
const SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

function evenValue(c: string): number {
  return /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
}

/** The control character for the first 15 characters of a codice fiscale. */
export function codiceFiscaleCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i] ?? '';
    sum += i % 2 === 0 ? (ODD[c] ?? 0) : evenValue(c);
  }
  return String.fromCharCode(65 + (sum % 26));
}

function undoOmocodia(c: string): string {
  const i = OMOCODIA.indexOf(c);
  return i >= 0 ? String(i) : c;
}

/**
 * Italian personal tax code: 16 characters (6 letters, 2 digits, month letter,
 * 2 digits for day, place code, check character), with omocodia accepted.
 */
export function isCodiceFiscale(value: string): boolean {
  const cf = value.toUpperCase();
  if (!SHAPE.test(cf)) return false;
  const day = Number(undoOmocodia(cf[9] ?? '') + undoOmocodia(cf[10] ?? ''));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  if (!MONTHS.includes(cf[8] ?? '')) return false;
  return codiceFiscaleCheckChar(cf.slice(0, 15)) === cf[15];
}
