import { VERIFICATION } from '../../src/domain/verification.ts';

/**
 * English words a person of the rental company should never read on a screen, in a PDF or in an e-mail: the
 * labels libraries bring (calendars, date pickers, Redoc, tables) and the names that slipped in from data.
 * Words Italian uses as they are (email, username, password, browser, link, report, home, contact center,
 * PDF, Excel) are not here. Kept up to date as new libraries or screens arrive.
 */
export const ENGLISH_WORDS = [
  'Search',
  'Loading',
  'Submit',
  'Cancel',
  'Save',
  'Delete',
  'Edit',
  'Close',
  'Next',
  'Previous',
  'Prev',
  'Today',
  'Week',
  'Month',
  'Year',
  'Yes',
  'Required',
  'Warning',
  'Success',
  'Download',
  'Upload',
  'Settings',
  'Sign in',
  'Sign out',
  'Log in',
  'Log out',
  'Show',
  'Hide',
  'Clear',
  'Rows per page',
  'Sort',
  'Filter',
  'Export',
  'Timed',
  'All-day',
  'Events',
  'No events',
  'more events',
  'Go to',
  'Choose',
  'Select',
  'Not found',
  'Unknown',
  'Invalid',
  'Failed',
  'Retry',
  'Pending',
  'Delivered',
  'Telehandler',
  'Forklift',
  'Scissor lift',
  'Boom lift',
] as const;

const ENGLISH = new RegExp(`(?<![\\p{L}\\d_-])(${ENGLISH_WORDS.join('|')})(?![\\p{L}\\d_])`, 'u');

/** What must never reach a reader, each with the reason a failing test prints. */
const RULES: [RegExp, string][] = [
  [/\b\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?\b/, 'una data ISO'],
  [/(?<![\d.,])\d{4,},\d{2}\s?€/, 'un importo senza il separatore delle migliaia'],
  [/(?<![\d.,])\d{4,}\s?(km|h)\b/, 'una lettura senza il separatore delle migliaia'],
  [/\bSHA(-?256)?\b/i, 'un nome di algoritmo (SHA)'],
  [/SMTP/, 'un termine tecnico (SMTP)'],
  [/\bJSON\b/i, 'un termine tecnico (JSON)'],
  [/\bundefined\b/, 'undefined'],
  [/\bnull\b/, 'null'],
  [/\bNaN\b/, 'NaN'],
  [/\[object Object\]/, '[object Object]'],
  [/\b[0-9a-f]{64}\b/i, "un'impronta esadecimale"],
  [/\bSi\b(?!\s+\p{Ll})/u, 'Si senza accento (Sì)'],
  [ENGLISH, 'una parola inglese'],
];

export interface Unreadable {
  rule: string;
  found: string;
  /** The text around it, to find it on the page. */
  near: string;
}

/**
 * What a person should not read in a text: ISO dates, amounts or readings of a thousand or more without
 * their separator, technical tokens, English words. The evidence under "Dati di verifica" is exempt: it is
 * technical by purpose; a screen keeps it collapsed (out of the visible text), a PDF closes with it
 * (`evidenceAtEnd`: what follows that title is not read).
 */
export function unreadable(text: string, { evidenceAtEnd = false } = {}): Unreadable[] {
  const readable = evidenceAtEnd ? (text.split(VERIFICATION.title)[0] ?? '') : text;
  const problems: Unreadable[] = [];
  for (const [pattern, rule] of RULES) {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (const m of readable.matchAll(global)) {
      const at = m.index ?? 0;
      problems.push({ rule, found: m[0], near: readable.slice(Math.max(0, at - 40), at + m[0].length + 40) });
    }
  }
  return problems;
}
