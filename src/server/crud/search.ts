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

/** The stored search text of a row: its search fields folded, separated by a space (no word spans two). */
export const searchTextSql = (fields: readonly string[]) =>
  foldSql(fields.map((f) => `coalesce(${quote(f)}::text, '')`).join(` || ' ' || `));

/** What the start records on the search column, to know when the declared fields have changed. */
export const searchColumnComment = (fields: readonly string[]) => `search v1: ${fields.join(',')}`;

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
 * The condition of one word: contained in the stored search text, or, for a reader who may see only some of
 * the search fields, in those fields alone (folded on the fly: such readers are few and their lists small).
 */
export function wordCondition(
  model: EntityModel,
  only: readonly string[] | undefined,
  param: (v: unknown) => string,
  word: string,
): string {
  const pattern = `'%' || ${foldSql(`${param(word.replace(/[\\%_]/g, (c) => `\\${c}`))}::text`)} || '%'`;
  if (!only) return `${quote(SEARCH_COLUMN)} LIKE ${pattern}`;
  if (only.length === 0 || !only.every((f) => model.byName.has(f)))
    throw new HttpError(400, MESSAGES.invalid, [{ field: 'q', message: 'Ricerca non disponibile per questo elenco' }]);
  return `(${only.map((f) => `${foldSql(`${quote(f)}::text`)} LIKE ${pattern}`).join(' OR ')})`;
}
