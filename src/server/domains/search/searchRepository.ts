import type { SearchKind } from '../../../domain/search/searchQuery.ts';
import type { Db, Queryable } from '../../db/Db.ts';

/** One entry of the index (`ricerca`, kept by the triggers of migrations/0005_ricerca.sql). */
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

/** The three tiers: the condition on the index (parameter $1 is what was typed) and the order and bound. */
const TIERS = {
  /** Entries one of whose codes (VAT number, tax code, phone in E.164, serial, offer number) is one of these. */
  byCode: { where: `r.codici && $1::text[]`, tail: '' },
  /** Entries with a word starting with each word typed (unordered: the caller ranks them). */
  byWordPrefix: { where: `r.parole @@ to_tsquery('simple', $1)`, tail: '' },
} as const;
export type SearchTier = keyof typeof TIERS | 'similarWords';

/** The words of the index most like a word typed (trigram similarity above pg_trgm's 0.3), the closest first. */
const SIMILAR_WORDS = `SELECT parola FROM "ricercaParola" WHERE parola % $1 ORDER BY similarity(parola, $1) DESC, parola LIMIT $2`;

function tierSql(tier: SearchTier, scope: SearchScope, value: unknown, limit: number) {
  if (tier === 'similarWords') return { sql: SIMILAR_WORDS, params: [value, limit] };
  const allowed = scopeSql(scope, 2);
  const { where, tail } = TIERS[tier];
  return {
    sql: `SELECT ${COLUMNS} FROM "ricerca" r WHERE ${where} AND ${allowed.sql} ${tail} LIMIT ${Math.trunc(limit)}`,
    params: [value, ...allowed.params],
  };
}

export const searchRepository = {
  async similarWords(db: Queryable, word: string, limit: number): Promise<string[]> {
    return (await db.query<{ parola: string }>(SIMILAR_WORDS, [word, limit])).rows.map((r) => r.parola);
  },

  /**
   * A tier's entries, read by its index. Sequential scans are off for the query: for a prefix that many entries
   * have, PostgreSQL expects to reach the limit after a few rows of a sequential scan, and when they are fewer than
   * the limit it reads the whole table (150 ms at 200,000 entries) where the GIN index answers in a few.
   */
  find(
    db: Db,
    tier: Exclude<SearchTier, 'similarWords'>,
    scope: SearchScope,
    value: unknown,
    limit: number,
  ): Promise<SearchRow[]> {
    const { sql, params } = tierSql(tier, scope, value, limit);
    return db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      return (await tx.query<SearchRow>(sql, params)).rows;
    });
  },

  /**
   * The plan of a tier's query. `forceIndex` turns sequential scans off, so that an index the query can use shows
   * even in a small table (the test of the indexes); without it, the plan PostgreSQL chooses at that size
   * (scripts/benchSearch.ts, with `analyze` for the times).
   */
  plan(
    db: Db,
    tier: SearchTier,
    scope: SearchScope,
    value: unknown,
    { forceIndex = true, analyze = false }: { forceIndex?: boolean; analyze?: boolean } = {},
  ): Promise<string> {
    const { sql, params } = tierSql(tier, scope, value, 20);
    return db.transaction(async (tx) => {
      if (forceIndex) await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${analyze ? '(ANALYZE) ' : ''}${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  },
};
