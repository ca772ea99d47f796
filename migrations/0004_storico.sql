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

-- The name a reference has now, to keep beside its id: r = {"t": table, "d": display column}; of a list of ids,
-- the list of their names. Run only for a reference that changed.
CREATE OR REPLACE FUNCTION storico_label(r jsonb, v jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
  DECLARE found jsonb;
  BEGIN
    IF v IS NULL OR v = 'null'::jsonb THEN RETURN 'null'::jsonb; END IF;
    IF jsonb_typeof(v) = 'array' THEN
      EXECUTE format('SELECT COALESCE(jsonb_agg(%I::text ORDER BY id), ''[]''::jsonb) FROM %I WHERE id::text IN (SELECT jsonb_array_elements_text($1))', r->>'d', r->>'t') INTO found USING v;
    ELSIF jsonb_typeof(v) = 'number' THEN
      EXECUTE format('SELECT to_jsonb(%I::text) FROM %I WHERE id = $1', r->>'d', r->>'t') INTO found USING (v #>> '{}')::integer;
    END IF;
    RETURN COALESCE(found, 'null'::jsonb);
  END $$;

-- One history row for a write: o and n the record before and after (an empty object for none), keep the fields
-- compared, refs the references whose names are kept and ref_fields their names. Nothing
-- when no kept field changed, unless always (a named event). A function so that its plans are made once per
-- connection, not at every write.
CREATE OR REPLACE FUNCTION storico_write(p_risorsa text, p_id integer, p_evento text, o jsonb, n jsonb, keep text[],
    refs jsonb, ref_fields text[], p_utente_id integer, p_utente text, p_richiesta text, p_padre_risorsa text, p_padre_id integer,
    p_sempre boolean) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    v_campi jsonb;
    v_etichette jsonb := '{}'::jsonb;
  BEGIN
    -- storico_diff's body, here so that its plan is made once (a SQL function called from PL/pgSQL is planned at every call).
    SELECT COALESCE(jsonb_object_agg(k, jsonb_build_array(COALESCE(o -> k, 'null'::jsonb), COALESCE(n -> k, 'null'::jsonb))), '{}'::jsonb)
      INTO v_campi FROM unnest(keep) AS k
      WHERE COALESCE(o -> k, 'null'::jsonb) IS DISTINCT FROM COALESCE(n -> k, 'null'::jsonb);
    IF v_campi = '{}'::jsonb AND NOT p_sempre THEN RETURN; END IF;
    -- The names of the changed references (refs: field -> {"t": table, "d": display column}); no query unless one changed.
    IF v_campi ?| ref_fields THEN
      SELECT jsonb_object_agg(k, jsonb_build_array(storico_label(refs -> k, o -> k), storico_label(refs -> k, n -> k)))
        INTO v_etichette FROM jsonb_object_keys(v_campi) AS k WHERE refs ? k;
    END IF;
    INSERT INTO "storico" (risorsa, "recordId", evento, campi, etichette, "utenteId", utente, richiesta, "padreRisorsa", "padreId")
      VALUES (p_risorsa, p_id, p_evento, v_campi, v_etichette, p_utente_id, p_utente, p_richiesta, p_padre_risorsa, p_padre_id);
  END $$;

CREATE OR REPLACE FUNCTION storico_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN RAISE EXCEPTION 'lo storico non si modifica: si aggiunge soltanto' USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE OR REPLACE TRIGGER "storico_append_only" BEFORE UPDATE OR DELETE ON "storico"
  FOR EACH ROW EXECUTE FUNCTION storico_append_only();
CREATE OR REPLACE TRIGGER "storico_no_truncate" BEFORE TRUNCATE ON "storico"
  FOR EACH STATEMENT EXECUTE FUNCTION storico_append_only();
