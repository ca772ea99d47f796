import type { RoleName } from '../../../generated/entities.ts';
import { ROLE_GROUPS } from '../accessRules.ts';
import { phoneKey } from '../phone/index.ts';

/** What a search result is, as `ricerca.tipo` stores it (migrations/0005_ricerca.sql). */
export const SEARCH_KINDS = [
  'cliente',
  'contatto',
  'trattativa',
  'offerta',
  'mezzoAccettazione',
  'mezzoInventario',
  'utente',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How a result was found, best first. */
export type SearchMatch = 'codice' | 'parola' | 'simile';

/** At most this many results: a box, not a list. */
export const SEARCH_LIMIT = 20;
/** Below this many letters no similar names are looked for (three letters are too few to judge a typo). */
export const SIMILAR_FROM = 4;

/**
 * Who may open each kind of result: the roles of the page it opens. Negotiations and offers then pass the
 * negotiations' own visibility rule, inventoried machines the user's inventory branches.
 */
export const KIND_ROLES: Readonly<Record<SearchKind, readonly RoleName[]>> = {
  cliente: ROLE_GROUPS.crm,
  contatto: ROLE_GROUPS.crm,
  trattativa: ROLE_GROUPS.trattative,
  // An offer opens its negotiation.
  offerta: ROLE_GROUPS.trattative,
  mezzoAccettazione: ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'],
  mezzoInventario: ROLE_GROUPS.inventario,
  utente: ROLE_GROUPS.admin,
};

export const kindsFor = (roles: readonly string[]): SearchKind[] =>
  SEARCH_KINDS.filter((kind) => KIND_ROLES[kind].some((r) => roles.includes(r)));

/** Lower case, accents off, every run of other characters one space: as `ricerca_piega` folds in SQL. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A code as `ricerca_codice` compares it: letters and digits only. */
export const foldCode = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Digits and the signs people write phone numbers with, nothing else. */
const PHONE_TEXT = /^[+\d\s./()-]+$/;

/** Something typed that reads as a phone number: digits and the signs people write numbers with, six digits or more. */
export function phoneOf(text: string): string | null {
  if (!PHONE_TEXT.test(text.trim()) || text.replace(/\D/g, '').length < 6) return null;
  return phoneKey(text);
}

/**
 * The digits of what may be the start of a phone number (three digits or more, nothing but the signs people write
 * numbers with), as the index holds a number's words: an Italian number without +39 (a landline keeps its 0), any
 * other with its country code.
 */
export function phoneDigitsOf(text: string): string | null {
  const trimmed = text.trim();
  if (!PHONE_TEXT.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  const national =
    international === null ? digits : international.startsWith('39') ? international.slice(2) : international;
  return national.length >= 3 ? national : null;
}

export interface ParsedSearch {
  /** The codes the text may be exactly (a VAT number with and without IT, a phone number in E.164). */
  codes: string[];
  /** The prefix query of the words, for `to_tsquery('simple', …)`; null when no word is left. */
  prefixQuery: string | null;
  /** The folded text, for the similar names. */
  folded: string;
  phone: string | null;
}

/** The parts of what was typed each tier of the search uses. */
export function parseSearch(text: string): ParsedSearch {
  const folded = foldText(text);
  const code = foldCode(text);
  const phone = phoneOf(text);
  const codes = new Set<string>();
  if (code) codes.add(code);
  if (/^it\d{11}$/.test(code)) codes.add(code.slice(2));
  if (phone) codes.add(phone);
  const words = folded.split(' ').filter(Boolean).slice(0, 8);
  // Only letters and digits are left in a word, so nothing of the query syntax can get in.
  const byWords = words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
  // Part of a phone number, however it was grouped, is the start of a number's digits too.
  const digits = phoneDigitsOf(text);
  const byDigits = digits && byWords !== `${digits}:*` ? `${digits}:*` : null;
  return {
    codes: [...codes],
    prefixQuery: byWords && byDigits ? `(${byWords}) | ${byDigits}` : (byWords ?? byDigits),
    folded,
    phone,
  };
}

export interface RankedRow {
  kind: SearchKind;
  id: number;
  title: string;
}

const collator = new Intl.Collator('it');

/**
 * The order of the word matches: a title starting with what was typed first, then by kind (customers before
 * their contacts, negotiations, offers, machines, users), then the shorter title (the closer match). Each title is
 * folded once and one collator compares them: folding and `localeCompare(…, 'it')` in the comparison took 30 ms
 * for 200 rows.
 */
export function rankWordMatches<R extends RankedRow>(rows: readonly R[], folded: string): R[] {
  return rows
    .map((row) => ({
      row,
      starts: foldText(row.title).startsWith(folded) ? 0 : 1,
      kind: SEARCH_KINDS.indexOf(row.kind),
    }))
    .sort(
      (a, b) =>
        a.starts - b.starts ||
        a.kind - b.kind ||
        a.row.title.length - b.row.title.length ||
        collator.compare(a.row.title, b.row.title) ||
        a.row.id - b.row.id,
    )
    .map((r) => r.row);
}
