import { phoneDigitsOf } from '../../domain/search/searchQuery.ts';
import { HttpError, MESSAGES } from '../http/httpError.ts';
import { quote, type EntityModel } from './entityModel.ts';

/**
 * The text a search (`q`) looks in: the resource's search fields, one after the other, folded (lower case,
 * accents off) once, when the row is written, into a column of its own that a trigram index serves. Folding
 * is plain SQL (`translate`), the same on PostgreSQL and PGlite, with no extension to install.
 */
export const SEARCH_COLUMN = '_search';

// Lower-case letters are folded after lower(); the upper-case ones too, since lower() leaves them alone under the C locale.
const ACCENTED =
  'àáâãäåāăąèéêëēĕėęěìíîïĩīĭįıòóôõöøōŏőùúûüũūŭůűųçćĉċčñńņňýÿśŝşšźżžğłđÀÁÂÃÄÅĀĂĄÈÉÊËĒĔĖĘĚÌÍÎÏĨĪĬĮİÒÓÔÕÖØŌŎŐÙÚÛÜŨŪŬŮŰŲÇĆĈĊČÑŃŅŇÝŸŚŜŞŠŹŻŽĞŁĐ';
const PLAIN =
  'aaaaaaaaaeeeeeeeeeiiiiiiiiiooooooooouuuuuuuuuucccccnnnnyysssszzzgldaaaaaaaaaeeeeeeeeeiiiiiiiiiooooooooouuuuuuuuuucccccnnnnyysssszzzgld';

/** SQL folding a text expression for search: lower case, common accented letters as their plain ones. */
export const foldSql = (expr: string) => `translate(lower(${expr}), '${ACCENTED}', '${PLAIN}')`;

/** SQL of a text's digits alone: a phone number as "0245678901", whether written "02 4567 8901" or "02.4567.8901". */
const digitsSql = (expr: string) => `regexp_replace(${expr}, '[^0-9]', '', 'g')`;

/** The search fields that are phone numbers: their digits alone are searched too. */
const phonesOf = (model: Pick<EntityModel, 'search' | 'byName'>) =>
  model.search.filter((f) => model.byName.get(f)?.phone);

/**
 * The stored search text of a row: its search fields folded, separated by a space (no word spans two), and each
 * phone number's digits alone after them.
 */
export function searchTextSql(model: Pick<EntityModel, 'search' | 'byName'>): string {
  const text = (f: string) => `coalesce(${quote(f)}::text, '')`;
  const parts = [...model.search.map(text), ...phonesOf(model).map((f) => digitsSql(text(f)))];
  return foldSql(parts.join(` || ' ' || `));
}

/** What the start records on the search column, to know when the declared fields (or how they are kept) have changed. */
export const searchColumnComment = (model: Pick<EntityModel, 'search' | 'byName'>) => {
  const phones = phonesOf(model);
  return `search v1: ${model.search.join(',')}${phones.length ? `; digits: ${phones.join(',')}` : ''}`;
};

/** The words of a search, as typed: each must appear in the row. */
export const searchWords = (q: unknown): string[] =>
  typeof q === 'string' ? q.split(/\s+/u).filter((w) => w !== '') : [];

export interface SearchLimits {
  /** Words of one search at most. */
  maxWords: number;
  /** Rows of one page of a search at most (openapi.yaml, x-search-max-rows of `q`). */
  maxRows: number;
  /** Matches a search considers at most (openapi.yaml, x-search-max-matches of `q`). */
  maxMatches: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = { maxWords: 8, maxRows: 100, maxMatches: 1000 };

/** A search is a page of a bounded set of matches: too many words, or an unpaged or too large page, is a 400. */
export function checkSearch(
  words: string[],
  page: number | undefined,
  rowsPerPage: number | undefined,
  limits: SearchLimits,
) {
  if (words.length > limits.maxWords)
    throw new HttpError(400, MESSAGES.invalid, [
      { field: 'q', message: `La ricerca può avere al massimo ${limits.maxWords} parole` },
    ]);
  if (page === 0 || (rowsPerPage !== undefined && (rowsPerPage === 0 || rowsPerPage > limits.maxRows))) {
    const message = `Una ricerca si legge a pagine (rowsPerPage) di al massimo ${limits.maxRows} righe`;
    throw new HttpError(400, message, [{ field: 'rowsPerPage', message }]);
  }
}

/**
 * The condition of a search's words, each contained in the stored search text or, for a reader who may see only
 * some of the search fields, in those fields alone (folded on the fly: such readers are few and their lists small).
 * A resource with phone fields also finds a number by its digits, however it was written and typed: a word as
 * shown ("02.4567.8901"), or the whole search when it reads as a number ("+39 030 1234567").
 */
export function searchCondition(
  model: EntityModel,
  only: readonly string[] | undefined,
  param: (v: unknown) => string,
  words: readonly string[],
): string | null {
  if (words.length === 0) return null;
  if (only && (only.length === 0 || !only.every((f) => model.byName.has(f))))
    throw new HttpError(400, MESSAGES.invalid, [{ field: 'q', message: 'Ricerca non disponibile per questo elenco' }]);
  const like = (text: string) => `'%' || ${foldSql(`${param(text.replace(/[\\%_]/g, (c) => `\\${c}`))}::text`)} || '%'`;
  const phones = phonesOf(model).filter((f) => !only || only.includes(f));
  const inDigits = (digits: string) =>
    only
      ? phones.map((f) => `${digitsSql(`${quote(f)}::text`)} LIKE ${like(digits)}`)
      : [`${quote(SEARCH_COLUMN)} LIKE ${like(digits)}`];
  const digitsOf = (text: string) => {
    const digits = phones.length > 0 ? phoneDigitsOf(text) : null;
    return digits && digits !== text ? digits : null;
  };
  const wordCondition = (word: string) => {
    const digits = digitsOf(word);
    const found = only
      ? only.map((f) => `${foldSql(`${quote(f)}::text`)} LIKE ${like(word)}`)
      : [`${quote(SEARCH_COLUMN)} LIKE ${like(word)}`];
    return `(${[...found, ...(digits ? inDigits(digits) : [])].join(' OR ')})`;
  };
  const all = words.map(wordCondition).join(' AND ');
  const whole = words.length > 1 ? digitsOf(words.join(' ')) : null;
  return whole ? `((${all}) OR ${inDigits(whole).join(' OR ')})` : all;
}
