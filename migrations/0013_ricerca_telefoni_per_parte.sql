-- 0013_ricerca_telefoni_per_parte: part of a phone number finds its record. The words of an entry now hold, beside
-- the words of its text, the digits of each of its phone numbers as people write them: an Italian number without
-- +39 (a landline keeps its 0), any other with its country code. "335 12", "0245" or "+39 02 45" then find the
-- numbers starting so (src/domain/search/searchQuery.ts, phoneDigitsOf), where only the whole number in E.164
-- did. The entries with a phone number get their words again.
-- Runs once, in one transaction; never edit it once released: write the next migration instead.
CREATE OR REPLACE FUNCTION "ricerca_parole"(testo text, codici text[]) RETURNS tsvector LANGUAGE sql IMMUTABLE
PARALLEL SAFE AS $$
  SELECT array_to_tsvector(string_to_array(testo, ' ') || ARRAY(
    SELECT CASE WHEN c LIKE '+39%' THEN substr(c, 4) ELSE substr(c, 2) END
    FROM unnest(coalesce(codici, '{}')) c WHERE c ~ '^[+][0-9]{6,}$'))
$$;

CREATE OR REPLACE FUNCTION "ricerca_aggiorna_istruzione"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE kind text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "ricerca" r USING vecchie o WHERE r.tipo = kind AND r."recordId" = o.id;
    RETURN NULL;
  END IF;
  -- The function of the kind is named after it: the one statement every table shares.
  EXECUTE format($sql$
    WITH d AS MATERIALIZED (
      SELECT x.tipo, x."recordId", coalesce(NULLIF(btrim(x.titolo), ''), '—') AS titolo, x.dettaglio, x."apriId",
        x."partitaIva", x.codici, "ricerca_piega"(x.testo) AS testo, x."operatoreId", x."gruppoCrmId", x."filialeId"
      FROM nuove n CROSS JOIN LATERAL %I(n) x),
    entries AS (
      INSERT INTO "ricerca" AS r (tipo, "recordId", titolo, dettaglio, "apriId", "partitaIva", codici, testo, parole,
          "operatoreId", "gruppoCrmId", "filialeId")
        SELECT tipo, "recordId", titolo, dettaglio, "apriId", "partitaIva", codici, testo,
          "ricerca_parole"(testo, codici),
          "operatoreId", "gruppoCrmId", "filialeId" FROM d
      ON CONFLICT (tipo, "recordId") DO UPDATE SET titolo = EXCLUDED.titolo, dettaglio = EXCLUDED.dettaglio,
        "apriId" = EXCLUDED."apriId", "partitaIva" = EXCLUDED."partitaIva", codici = EXCLUDED.codici,
        testo = EXCLUDED.testo, parole = EXCLUDED.parole, "operatoreId" = EXCLUDED."operatoreId",
        "gruppoCrmId" = EXCLUDED."gruppoCrmId", "filialeId" = EXCLUDED."filialeId"
      WHERE (r.titolo, r.dettaglio, r."apriId", r."partitaIva", r.codici, r.testo, r."operatoreId", r."gruppoCrmId",
          r."filialeId") IS DISTINCT FROM (EXCLUDED.titolo, EXCLUDED.dettaglio, EXCLUDED."apriId",
          EXCLUDED."partitaIva", EXCLUDED.codici, EXCLUDED.testo, EXCLUDED."operatoreId", EXCLUDED."gruppoCrmId",
          EXCLUDED."filialeId")
      RETURNING r.testo)
    INSERT INTO "ricercaParola" (parola)
      SELECT DISTINCT w FROM entries e CROSS JOIN LATERAL unnest(string_to_array(e.testo, ' ')) w WHERE length(w) >= 4
      ON CONFLICT DO NOTHING$sql$, 'ricerca_dati_' || kind);
  IF TG_OP = 'UPDATE' AND kind = 'cliente' THEN
    -- Its contacts are shown under its name.
    UPDATE "ricerca" r SET dettaglio = n."companyName"
      FROM nuove n JOIN vecchie o ON o.id = n.id
      WHERE n."companyName" IS DISTINCT FROM o."companyName" AND r.tipo = 'contatto' AND r."apriId" = n.id;
  ELSIF TG_OP = 'UPDATE' AND kind = 'trattativa' THEN
    -- A reassignment moves who sees its offers too.
    UPDATE "ricerca" r SET "operatoreId" = n."operatoreId", "gruppoCrmId" = n."gruppoCrmId"
      FROM nuove n JOIN vecchie o ON o.id = n.id
      WHERE (n."operatoreId", n."gruppoCrmId") IS DISTINCT FROM (o."operatoreId", o."gruppoCrmId")
        AND r.tipo = 'offerta' AND r."apriId" = n.id;
  END IF;
  RETURN NULL;
END $$;

UPDATE "ricerca" SET parole = "ricerca_parole"(testo, codici)
  WHERE EXISTS (SELECT 1 FROM unnest(codici) c WHERE c ~ '^[+][0-9]{6,}$');
