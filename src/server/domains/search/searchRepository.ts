import type { SearchKind } from '../../../domain/search/searchQuery.ts';
import type { Db, Queryable } from '../../db/Db.ts';

/** One entry of the index (`ricerca`, kept by the triggers of migrations/0005_ricerca.sql and 0009). */
export interface SearchRow {
  kind: SearchKind;
  id: number;
  title: string;
  detail: string | null;
  openId: number | null;
  partitaIva: string | null;
}

/** What a user may find: the kinds of their roles, the negotiations they see, their inventory branches. */
export interface SearchScope {
  kinds: readonly SearchKind[];
  /** The negotiations' visibility as SQL on the index's "operatoreId" and "gruppoCrmId", from parameter `first`. */
  negotiations: (first: number) => { sql: string; params: unknown[] };
  /** The inventory branches whose machines the user may see; null: every branch. */
  branches: readonly number[] | null;
}

const COLUMNS = `r.tipo AS kind, r."recordId" AS id, r.titolo AS title, r.dettaglio AS detail, r."apriId" AS "openId", r."partitaIva"`;

/** The condition of what the scope may find, with its parameters numbered from `first`. */
function scopeSql(scope: SearchScope, first: number): { sql: string; params: unknown[] } {
  const negotiations = scope.negotiations(first + 2);
  return {
    // The kinds are a handful and each is a large share of the index: never worth reading an index by, so
    // written as an expression no index serves (the planner of a small table would otherwise scan the primary key).
    sql: `array_position($${first}::text[], r.tipo) IS NOT NULL
      AND (r.tipo NOT IN ('trattativa', 'offerta') OR ${negotiations.sql})
      AND (r.tipo <> 'mezzoInventario' OR $${first + 1}::int[] IS NULL OR r."filialeId" = ANY($${first + 1}::int[]))`,
    params: [scope.kinds, scope.branches, ...negotiations.params],
  };
}

/**
 * The tiers, each a condition on the index whose value is parameter $1. The text's folded words are at the start
 * of `testo` when they begin the title: `left(testo, 100)` (a search is at most 100 characters) has a B-tree
 * in pattern order (migrations/0009), read up to the limit, where the words' GIN index must first collect every
 * entry with a word starting so (tens of thousands for three letters over a million entries).
 */
const TIERS = {
  /** Entries one of whose codes (VAT number, tax code, phone in E.164, serial, offer number) is one of these. */
  byCode: (codes: string) => `r.codici && ${codes}::text[]`,
  /** Entries whose title starts with the text (the parameter is the folded text followed by %). */
  byTitlePrefix: (text: string) => `left(r.testo, 100) LIKE ${text}`,
  /** Entries with a word starting with each word typed. */
  byWordPrefix: (query: string) => `r.parole @@ to_tsquery('simple', ${query})`,
} as const;
export type SearchTier = keyof typeof TIERS | 'similarWords';

/** The words of the index most like a word typed (trigram similarity above pg_trgm's 0.3), the closest first. */
const SIMILAR_WORDS = `SELECT parola FROM "ricercaParola" WHERE parola % $1 ORDER BY similarity(parola, $1) DESC, parola LIMIT $2`;

/**
 * A tier's entries. The condition is in a materialized CTE, which PostgreSQL plans for reading it whole (so by its
 * index whenever the matches are few), and the limit is outside it, where the CTE is read only as far as needed:
 * with the limit inside, PostgreSQL expects to reach it after a few rows of a sequential scan and, when the
 * matches are fewer than the limit, reads the whole table (150 ms at 200,000 entries).
 */
const tierCte = (name: string, where: string, scopeCondition: string) =>
  `${name} AS MATERIALIZED (SELECT ${COLUMNS} FROM "ricerca" r WHERE ${where} AND ${scopeCondition})`;

/**
 * The titles in the order of their B-tree, so that PostgreSQL reads it from the first title starting with the text
 * and stops at the limit (a few hundred entries), instead of collecting all of them first (26,000 for three
 * letters over a million entries, 30 ms).
 */
const TITLE_ORDER = 'ORDER BY left(r.testo, 100) USING ~<~';

/** The parameters of one search: the codes, the folded text and the words' prefix query; null skips a tier. */
export interface SearchValues {
  codes: readonly string[];
  folded: string | null;
  prefixQuery: string | null;
  /** A number typed whole (a phone, a VAT number) that a code matched is what was meant: no words are read. */
  wordsOnlyWithoutCode?: boolean;
}

export interface FoundRows {
  byCode: SearchRow[];
  /** The title and word matches, unordered (the caller ranks them). */
  byWords: SearchRow[];
}

/**
 * One statement, one round trip: the codes (`code` at most), the first titles starting with the text in their
 * index's order (`word`) and, only when those are fewer than `enough`, the entries with a word starting with each
 * word typed (the titles come first in the ranking, so the others could not be shown).
 */
function searchSql(scope: SearchScope, values: SearchValues, limits: { code: number; word: number; enough: number }) {
  const allowed = scopeSql(scope, 4);
  const [code, word, enough] = [limits.code, limits.word, limits.enough].map(Math.trunc);
  return {
    sql: `WITH ${tierCte('codice', TIERS.byCode('$1'), allowed.sql)},
      inizio AS MATERIALIZED (SELECT ${COLUMNS} FROM "ricerca" r
        WHERE ${TIERS.byTitlePrefix('$2')} AND ${allowed.sql} ${TITLE_ORDER} LIMIT ${word}),
      ${tierCte('parola', TIERS.byWordPrefix('$3'), allowed.sql)}
      (SELECT 'codice' AS tier, * FROM codice LIMIT ${code})
      UNION ALL (SELECT 'parola', * FROM inizio)
      UNION ALL (SELECT 'parola', * FROM parola WHERE (SELECT count(*) FROM inizio) < ${enough}
        ${values.wordsOnlyWithoutCode ? 'AND NOT EXISTS (SELECT 1 FROM codice)' : ''} LIMIT ${word})`,
    params: [values.codes, values.folded ? `${values.folded}%` : null, values.prefixQuery, ...allowed.params],
  };
}

function tierSql(tier: SearchTier, scope: SearchScope, value: unknown, limit: number) {
  if (tier === 'similarWords') return { sql: SIMILAR_WORDS, params: [value, limit] };
  const allowed = scopeSql(scope, 2);
  return {
    sql:
      tier === 'byTitlePrefix'
        ? `SELECT ${COLUMNS} FROM "ricerca" r WHERE ${TIERS[tier]('$1')} AND ${allowed.sql} ${TITLE_ORDER} LIMIT ${Math.trunc(limit)}`
        : `WITH ${tierCte('voci', TIERS[tier]('$1'), allowed.sql)} SELECT * FROM voci LIMIT ${Math.trunc(limit)}`,
    params: [value, ...allowed.params],
  };
}

export const searchRepository = {
  async similarWords(db: Queryable, word: string, limit: number): Promise<string[]> {
    return (await db.query<{ parola: string }>(SIMILAR_WORDS, [word, limit])).rows.map((r) => r.parola);
  },

  /** The codes' and the words' tiers of a search, in one statement. */
  async search(
    db: Queryable,
    scope: SearchScope,
    values: SearchValues,
    limits: { code: number; word: number; enough: number },
  ): Promise<FoundRows> {
    const { sql, params } = searchSql(scope, values, limits);
    const { rows } = await db.query<SearchRow & { tier: 'codice' | 'parola' }>(sql, params);
    const found: FoundRows = { byCode: [], byWords: [] };
    for (const { tier, ...row } of rows) (tier === 'codice' ? found.byCode : found.byWords).push(row);
    return found;
  },

  /** One tier's entries (the names typed wrong: their similar words as a prefix query). */
  async find(
    db: Queryable,
    tier: Exclude<SearchTier, 'similarWords'>,
    scope: SearchScope,
    value: unknown,
    limit: number,
  ): Promise<SearchRow[]> {
    const { sql, params } = tierSql(tier, scope, value, limit);
    return (await db.query<SearchRow>(sql, params)).rows;
  },

  /**
   * The plan of a tier's query, or of the whole search (`search`, the values given as `SearchValues`).
   * `forceIndex` turns sequential scans off, so that an index the query can use shows even in a small table (the
   * test of the indexes); without it, the plan PostgreSQL chooses at that size (scripts/benchSearch.ts, with
   * `analyze` for the times).
   */
  plan(
    db: Db,
    tier: SearchTier | 'search',
    scope: SearchScope,
    value: unknown,
    { forceIndex = true, analyze = false }: { forceIndex?: boolean; analyze?: boolean } = {},
  ): Promise<string> {
    const { sql, params } =
      tier === 'search'
        ? searchSql(scope, value as SearchValues, { code: 20, word: 200, enough: 20 })
        : tierSql(tier, scope, value, 20);
    return db.transaction(async (tx) => {
      if (forceIndex) await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${analyze ? '(ANALYZE) ' : ''}${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  },
};
