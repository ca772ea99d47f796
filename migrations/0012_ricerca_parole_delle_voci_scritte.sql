-- 0012_ricerca_parole_delle_voci_scritte: the search index's statement trigger (0009) adds to "ricercaParola" the
-- words of the entries it wrote, not of every row of the statement. An update that changes nothing the index holds
-- (a flag, a token, a version, a field the search does not read) writes no entry and so no longer looks up each of
-- the record's words in "ricercaParola" either. A new or changed entry still brings its words, each once.
-- Runs once, in one transaction; never edit it once released: write the next migration instead.
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
          array_to_tsvector(string_to_array(testo, ' ')),
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
