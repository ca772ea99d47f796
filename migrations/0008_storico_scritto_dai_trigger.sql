-- 0008_storico_scritto_dai_trigger: the history row of a write is written by the database, by an AFTER ROW
-- trigger on the record's table, instead of by SQL the server added to each write (0004's storico_write). So
-- every write leaves its row, whichever path makes it (the generic calls, a workflow's own SQL, the items an
-- inventory's deletion removes, an import), in the write's own transaction, and the write itself stays the
-- plain statement it would be without history (writes with history run at 90% or more of those without).
-- The trigger of each table is made at start from its schema (x-resource.history, src/server/crud/migrate.ts,
-- historyTriggers), after the migrations: its arguments are what this function compares and keeps.
-- Runs once, in one transaction; never edit it once released: write the next migration instead.

-- TG_ARGV: [0] the resource, [1] the field naming the parent record and [2] its resource ('' for none),
-- [3] the references whose names are kept (field -> {"t": table, "d": display column}), [4...] the fields
-- compared. Who writes: the transaction-local setting app.storico ({"u": user id, "n": name, "r": request id}),
-- set by the server once per transaction or in the write's RETURNING list (src/server/crud/history.ts). A
-- workflow's event (archiviazione, conclusione, risposta...): app.storico_evento ({"r": resource, "id": record,
-- "e": event, "nota": note}), used by the one record it names, then cleared.
CREATE OR REPLACE FUNCTION storico_registra() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    o jsonb := '{}'::jsonb;
    n jsonb := '{}'::jsonb;
    v_id integer;
    v_campi jsonb;
    v_etichette jsonb := '{}'::jsonb;
    v_evento text := CASE TG_OP WHEN 'INSERT' THEN 'creazione' WHEN 'DELETE' THEN 'eliminazione' ELSE 'modifica' END;
    v_sempre boolean := TG_OP <> 'UPDATE';
    v_chi jsonb := NULLIF(current_setting('app.storico', true), '')::jsonb;
    v_ev jsonb := NULLIF(current_setting('app.storico_evento', true), '')::jsonb;
  BEGIN
    IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
    IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
    v_id := (CASE WHEN TG_OP = 'DELETE' THEN o ELSE n END ->> 'id')::integer;
    SELECT COALESCE(jsonb_object_agg(k, jsonb_build_array(COALESCE(o -> k, 'null'::jsonb), COALESCE(n -> k, 'null'::jsonb))), '{}'::jsonb)
      INTO v_campi FROM unnest(TG_ARGV[4:]) AS k
      WHERE COALESCE(o -> k, 'null'::jsonb) IS DISTINCT FROM COALESCE(n -> k, 'null'::jsonb);
    IF v_ev ->> 'r' = TG_ARGV[0] AND (v_ev ->> 'id')::integer = v_id THEN
      v_evento := v_ev ->> 'e';
      v_sempre := true;
      IF v_ev ? 'nota' THEN v_campi := v_campi || jsonb_build_object('__nota', jsonb_build_array(NULL, v_ev -> 'nota')); END IF;
      PERFORM set_config('app.storico_evento', '', true);
    END IF;
    IF v_campi = '{}'::jsonb AND NOT v_sempre THEN RETURN NULL; END IF;
    -- The names of the changed references as they read now; no query unless one changed.
    IF TG_ARGV[3] <> '{}' THEN
      SELECT COALESCE(jsonb_object_agg(r.key, jsonb_build_array(storico_label(r.value, o -> r.key), storico_label(r.value, n -> r.key))), '{}'::jsonb)
        INTO v_etichette FROM jsonb_each(TG_ARGV[3]::jsonb) AS r WHERE v_campi ? r.key;
    END IF;
    INSERT INTO "storico" (risorsa, "recordId", evento, campi, etichette, "utenteId", utente, richiesta, "padreRisorsa", "padreId")
      VALUES (TG_ARGV[0], v_id, v_evento, v_campi, v_etichette, (v_chi ->> 'u')::integer, v_chi ->> 'n', v_chi ->> 'r',
        NULLIF(TG_ARGV[2], ''),
        CASE WHEN TG_ARGV[1] <> '' THEN (CASE WHEN TG_OP = 'DELETE' THEN o ELSE n END ->> TG_ARGV[1])::integer END);
    RETURN NULL;
  END $$;

-- 0004's way, a call the server added to each write, is gone with its callers.
DROP FUNCTION IF EXISTS storico_write(text, integer, text, jsonb, jsonb, text[], jsonb, text[], integer, text, text, text, integer, boolean);
DROP FUNCTION IF EXISTS storico_diff(jsonb, jsonb, text[]);
