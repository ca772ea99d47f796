import type { components } from '../../../../generated/api.ts';
import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import {
  kindsFor,
  parseSearch,
  rankWordMatches,
  SEARCH_LIMIT,
  SIMILAR_FROM,
  type SearchMatch,
} from '../../../domain/search/searchQuery.ts';
import type { StaffClaims } from '../../../domain/tokenClaims.ts';
import { defineHandlers, type AppContext } from '../../context.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { lastCallsOf } from '../contact-centre/index.ts';
import { inventoryBranchScope } from '../inventory/index.ts';
import { negotiationsWithVat, viewerOf, visibleSql } from '../negotiations/index.ts';
import { searchRepository, type SearchRow, type SearchScope } from './searchRepository.ts';

type SearchResult = components['schemas']['RisultatoRicerca'];
type SearchCaller = components['schemas']['ChiamanteRicerca'];

/**
 * Word matches read before ranking: enough for the best 20 to be among them, few enough to stay fast. The titles
 * starting with the text come first in the ranking, so when 20 are found the other word matches are not read.
 */
const WORD_CANDIDATES = 200;
/** The words of the index a word typed wrong may have meant. */
const SIMILAR_WORDS = 3;
/** The customers and negotiations a caller's number is looked for by. */
const CALLER_VATS = 5;

export async function scopeOf(ctx: AppContext, user: StaffClaims): Promise<SearchScope> {
  const kinds = kindsFor(user.roles);
  const viewer = kinds.includes('trattativa') ? await viewerOf(ctx, user) : null;
  return {
    kinds,
    negotiations: (first) => (viewer ? visibleSql(viewer, first, 'r.') : { sql: 'false', params: [] }),
    branches: kinds.includes('mezzoInventario') ? await inventoryBranchScope(ctx.db, user) : [],
  };
}

const result = (row: SearchRow, match: SearchMatch): SearchResult => ({
  kind: row.kind,
  id: row.id,
  title: row.title,
  detail: row.detail,
  openId: row.openId,
  match,
});

/** The results in their three tiers: exact codes, then words starting with the text, then similar words. */
async function find(
  ctx: AppContext,
  scope: SearchScope,
  text: string,
): Promise<{ byCode: SearchRow[]; results: SearchResult[]; phone: string | null }> {
  const parsed = parseSearch(text);
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  const add = (found: SearchRow[], match: SearchMatch) => {
    for (const row of found) {
      const key = `${row.kind}:${row.id}`;
      if (seen.has(key) || results.length >= SEARCH_LIMIT) continue;
      seen.add(key);
      results.push(result(row, match));
    }
  };
  if (!scope.kinds.length) return { byCode: [], results, phone: parsed.phone };
  const found = await searchRepository.search(
    ctx.db,
    scope,
    {
      codes: parsed.codes,
      folded: parsed.prefixQuery ? parsed.folded : null,
      prefixQuery: parsed.prefixQuery,
      // The numbers starting with a whole number found are noise beside it (and cost a read of every such number).
      wordsOnlyWithoutCode: parsed.phone !== null,
    },
    { code: SEARCH_LIMIT, word: WORD_CANDIDATES, enough: SEARCH_LIMIT },
  );
  add(found.byCode, 'codice');
  add(rankWordMatches(found.byWords, parsed.folded), 'parola');
  // A code found exactly is what was meant: other codes one digit away would only be noise ("nome simile").
  const exact = found.byCode.length > 0;
  if (parsed.folded.length >= SIMILAR_FROM && results.length < SEARCH_LIMIT && !parsed.phone && !exact) {
    const similar = await similarQuery(ctx, parsed.folded);
    if (similar)
      add(
        rankWordMatches(await searchRepository.find(ctx.db, 'byWordPrefix', scope, similar, WORD_CANDIDATES), ''),
        'simile',
      );
  }
  return { byCode: found.byCode, results, phone: parsed.phone };
}

/**
 * The words typed, each long one replaced by the words of the index most like it (a short one stays a prefix):
 * the query of the names typed wrong, or null when a long word is like nothing.
 */
async function similarQuery(ctx: AppContext, folded: string): Promise<string | null> {
  const parts: string[] = [];
  for (const word of folded.split(' ').slice(0, 4)) {
    if (word.length < SIMILAR_FROM) {
      parts.push(`${word}:*`);
      continue;
    }
    const alike = await searchRepository.similarWords(ctx.db, word, SIMILAR_WORDS);
    if (!alike.length) return null;
    parts.push(`(${alike.join(' | ')})`);
  }
  return parts.length ? parts.join(' & ') : null;
}

/**
 * A phone number's caller: the open negotiations of the companies that number belongs to (by their VAT
 * numbers, as the negotiations' rule sees them), and its last calls for the contact centre. Only the records of
 * the whole number: those whose number merely starts so are not the caller.
 */
async function callerOf(ctx: AppContext, user: StaffClaims, phone: string, rows: SearchRow[]): Promise<SearchCaller> {
  const vats = [...new Set(rows.flatMap((r) => (r.partitaIva ? [r.partitaIva] : [])))].slice(0, CALLER_VATS);
  const negotiations: SearchCaller['negotiations'] = [];
  if (vats.length && kindsFor(user.roles).includes('trattativa')) {
    const viewer = await viewerOf(ctx, user);
    for (const vat of vats)
      for (const n of await negotiationsWithVat(ctx, viewer, vat, null))
        if (n.stato === 'aperta' && n.accessibile && !negotiations.some((m) => m.id === n.id))
          negotiations.push({ id: n.id, ragioneSociale: n.ragioneSociale, dataInserimento: n.dataInserimento });
  }
  const contactCentre = user.roles.some((r) => (ROLE_GROUPS.contactCenter as readonly string[]).includes(r));
  return {
    phone,
    negotiations: negotiations.slice(0, SEARCH_LIMIT),
    calls: contactCentre ? await lastCallsOf(ctx.db, phone, 10) : null,
  };
}

export const searchHandlers = defineHandlers({
  searchEverything: async (req, ctx) => {
    if (!req.user) throw new HttpError(401, MESSAGES.tokenMissing);
    const text = req.query.q.trim();
    const scope = await scopeOf(ctx, req.user);
    const { byCode, results, phone } = await find(ctx, scope, text);
    return { data: { results, caller: phone ? await callerOf(ctx, req.user, phone, byCode) : null } };
  },
});
