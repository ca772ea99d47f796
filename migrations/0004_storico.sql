-- 0004_storico: every change of a record whose schema asks for it (x-resource.history), one row per change,
-- written by the server in the same statement or transaction as the change (src/server/crud/history.ts).
-- "campi": only the changed fields, field -> [old, new]; "etichette": of a changed reference, field -> [old
-- label, new label] as they read at that moment. "evento": creazione, modifica, eliminazione, or a workflow's
-- own event (archiviazione, invio, risposta, approvazione, conclusione...). "padre": the record whose history
-- also shows this row (an offer's negotiation). Append-only: the table refuses UPDATE, DELETE and TRUNCATE.
-- Runs once, in one transaction; never edit it once released: write the next migration instead.
CREATE TABLE IF NOT EXISTS "storico" (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  risorsa text NOT NULL,
  "recordId" integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  evento text NOT NULL,
  campi jsonb NOT NULL DEFAULT '{}'::jsonb,
  etichette jsonb NOT NULL DEFAULT '{}'::jsonb,
  "utenteId" integer,
  utente text,
  richiesta text,
  "padreRisorsa" text,
  "padreId" integer);
CREATE INDEX IF NOT EXISTS "storico_risorsa_recordId_idx" ON "storico" (risorsa, "recordId", id);
CREATE INDEX IF NOT EXISTS "storico_padre_idx" ON "storico" ("padreRisorsa", "padreId", id) WHERE "padreId" IS NOT NULL;

-- The changed fields among those kept: field -> [old, new] (a missing field reads as null).
CREATE OR REPLACE FUNCTION storico_diff(o jsonb, n jsonb, keep text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_object_agg(k, jsonb_build_array(COALESCE(o -> k, 'null'::jsonb), COALESCE(n -> k, 'null'::jsonb))), '{}'::jsonb)
  FROM unnest(keep) AS k
  WHERE COALESCE(o -> k, 'null'::jsonb) IS DISTINCT FROM COALESCE(n -> k, 'null'::jsonb) $$;

CREATE OR REPLACE FUNCTION storico_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN RAISE EXCEPTION 'lo storico non si modifica: si aggiunge soltanto' USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE OR REPLACE TRIGGER "storico_append_only" BEFORE UPDATE OR DELETE ON "storico"
  FOR EACH ROW EXECUTE FUNCTION storico_append_only();
CREATE OR REPLACE TRIGGER "storico_no_truncate" BEFORE TRUNCATE ON "storico"
  FOR EACH STATEMENT EXECUTE FUNCTION storico_append_only();
