-- The GIN indexes (the search box's codes and words, the similar words, the lists' text filters and pickers, the
-- attachments) keep a pending list of 128 kB instead of PostgreSQL's 4 MB. A GIN index takes new entries into that
-- list and merges them into its tree only when the list is full or a vacuum comes by; every search reads all of the
-- list first. After a bulk load of 100,000 customers, a VAT number took 100 ms instead of 3 (two words 134 ms at
-- p95 instead of 7) until autovacuum passed. Without any list (fastupdate off) the searches are as fast, but the
-- same load took twice as long; with 128 kB it takes a quarter longer (src/server/domains/search/README.md).
DO $$
DECLARE
  i regclass;
BEGIN
  FOR i IN
    SELECT c.oid::regclass FROM pg_class c
      JOIN pg_am a ON a.oid = c.relam
      JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'i' AND a.amname = 'gin' AND n.nspname = current_schema()
  LOOP
    EXECUTE format('ALTER INDEX %s SET (gin_pending_list_limit = 128)', i);
    -- A smaller limit does not empty a longer list: what is in it goes into the tree now.
    PERFORM gin_clean_pending_list(i);
  END LOOP;
END $$;
