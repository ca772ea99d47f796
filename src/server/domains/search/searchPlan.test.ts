import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../tests/helpers/testApp.ts';
import { kindsFor } from '../../../domain/search/searchQuery.ts';
import { searchRepository, type SearchScope } from './searchRepository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  // Enough entries for the planner to weigh an index against the others, and their statistics.
  await t.ctx.db.query(
    `INSERT INTO "customer" ("companyName", "vatNumber", phone, city)
     SELECT 'Impresa Edile ' || lpad(i::text, 5, '0'), lpad(i::text, 11, '0'), '0521 ' || (100000 + i), 'Parma' FROM generate_series(1, 3000) i`,
  );
  // VACUUM moves the GIN indexes' pending entries into the index, as autovacuum does in use.
  await t.ctx.db.query('VACUUM ANALYZE "ricerca", "ricercaParola"');
});
afterAll(() => t.close());

// A salesperson: the negotiations' visibility rule is part of the query the plan is read of.
const scope: SearchScope = {
  kinds: kindsFor(['ROLE_USER_CP']),
  negotiations: (first) => ({
    sql: `(r."operatoreId" = $${first} OR r."gruppoCrmId" = ANY($${first + 1}::int[]))`,
    params: [1, [1]],
  }),
  branches: [],
};

describe('each tier of the search reads its index', () => {
  it.each([
    ['byCode', ['00743110157', '+390521123456'], 'ricerca_codici_idx'],
    ['byTitlePrefix', 'bram%', 'ricerca_inizio_idx'],
    ['byWordPrefix', 'bram:* & edil:*', 'ricerca_parole_idx'],
    ['similarWords', 'bramblla', 'ricercaParola_trgm_idx'],
  ] as const)('%s', async (tier, value, index) => {
    const plan = await searchRepository.plan(t.ctx.db, tier, scope, value);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('the search, one statement for its tiers', () => {
  it('reads every index as PostgreSQL plans it by itself, with no sequential scan turned off', async () => {
    const plan = await searchRepository.plan(
      t.ctx.db,
      'search',
      scope,
      { codes: ['bram'], folded: 'bram', prefixQuery: 'bram:*' },
      { forceIndex: false },
    );
    for (const index of ['ricerca_codici_idx', 'ricerca_inizio_idx', 'ricerca_parole_idx'])
      expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('the GIN indexes keep a short pending list (migrations/0010)', () => {
  it('every one, those of the migrations and those the schemas ask for, at 128 kB', async () => {
    const { rows } = await t.ctx.db.query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
         JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind = 'i' AND a.amname = 'gin' AND n.nspname = current_schema() ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'ricerca_codici_idx',
        'ricerca_parole_idx',
        'ricercaParola_trgm_idx',
        'customer__search_trgm',
      ]),
    );
    for (const { name, options } of rows) expect(options, name).toContain('gin_pending_list_limit=128');
  });
});
