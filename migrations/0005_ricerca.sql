-- 0005_ricerca: the index of the search box (Ctrl+K, issue 31): one row per customer, contact, negotiation,
-- offer, checked-in machine, inventoried machine and user, kept by triggers in the same transaction as the
-- write that changes the record (whichever path writes it: the API, an import, the seed), never by a job.
-- Owned by src/server/domains/search, which only reads it.
--
-- Accents are folded by translate() in an IMMUTABLE function of our own rather than by the unaccent extension:
-- unaccent() is only STABLE (its dictionary can change), so it cannot feed an index expression, and PGlite
-- would have to load one more extension at every start for the few letters Italian names use.

CREATE OR REPLACE FUNCTION "ricerca_piega"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(translate(coalesce(t, ''),
    'àáâäãåèéêëìíîïòóôöõùúûüçñÀÁÂÄÃÅÈÉÊËÌÍÎÏÒÓÔÖÕÙÚÛÜÇÑ',
    'aaaaaaeeeeiiiiooooouuuucnaaaaaaeeeeiiiiooooouuuucn')), '[^a-z0-9]+', ' ', 'g'))
$$;

-- A code as it is compared: letters and digits only, lower case (IT 01234567890 → it01234567890).
CREATE OR REPLACE FUNCTION "ricerca_codice"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT NULLIF(regexp_replace(lower(coalesce(t, '')), '[^a-z0-9]', '', 'g'), '')
$$;

-- A phone number in E.164 as src/domain/phone writes it for an Italian number (+39 kept with the area code's 0):
-- with + or 00 it is international, otherwise Italian. Fewer than 6 digits is no number.
CREATE OR REPLACE FUNCTION "ricerca_telefono"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN length(d) < 6 THEN NULL
    WHEN btrim(coalesce(t, '')) LIKE '+%' THEN '+' || d
    WHEN d LIKE '00%' THEN '+' || substr(d, 3)
    ELSE '+39' || d END
  FROM (SELECT regexp_replace(coalesce(t, ''), '[^0-9]', '', 'g') AS d) x
$$;

-- The codes of a record: each code, a VAT number also without its IT prefix, a phone number in E.164.
CREATE OR REPLACE FUNCTION "ricerca_codici"(codes text[], phones text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT c) FILTER (WHERE c IS NOT NULL), '{}') FROM (
    SELECT "ricerca_codice"(x) AS c FROM unnest(codes) x
    UNION ALL SELECT regexp_replace("ricerca_codice"(x), '^it(?=[0-9]{11}$)', '') FROM unnest(codes) x
    UNION ALL SELECT "ricerca_telefono"(p) FROM unnest(phones) p) y
$$;

CREATE TABLE IF NOT EXISTS "ricerca" (
  tipo text NOT NULL,
  "recordId" integer NOT NULL,
  titolo text NOT NULL,
  dettaglio text,
  -- The record the result opens: a contact its customer, an offer its negotiation, an item its inventory.
  "apriId" integer,
  "partitaIva" text,
  codici text[] NOT NULL DEFAULT '{}',
  testo text NOT NULL,
  parole tsvector NOT NULL,
  -- Who sees a negotiation, or the negotiation of an offer (the negotiations' visibility rule reads these).
  "operatoreId" integer,
  "gruppoCrmId" integer,
  -- The inventory branch of an inventoried machine.
  "filialeId" integer,
  PRIMARY KEY ("recordId", tipo));
CREATE INDEX IF NOT EXISTS "ricerca_codici_idx" ON "ricerca" USING gin (codici);
CREATE INDEX IF NOT EXISTS "ricerca_parole_idx" ON "ricerca" USING gin (parole);
CREATE INDEX IF NOT EXISTS "ricerca_apri_idx" ON "ricerca" ("apriId");

-- The words of the index (four letters or more), for names typed wrong: a typo is looked up by trigrams among the
-- distinct words (a few tens of thousands), then searched as those words, instead of comparing it with every
-- entry (a second for a common word among a million entries). A word is never removed: one no entry has any
-- more only finds nothing.
CREATE TABLE IF NOT EXISTS "ricercaParola" (parola text PRIMARY KEY);
CREATE INDEX IF NOT EXISTS "ricercaParola_trgm_idx" ON "ricercaParola" USING gin (parola gin_trgm_ops);

CREATE OR REPLACE FUNCTION "ricerca_scrivi"(
  p_tipo text, p_id integer, p_titolo text, p_dettaglio text, p_apri integer, p_iva text, p_codici text[],
  p_testo text, p_operatore integer, p_gruppo integer, p_filiale integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE folded text := "ricerca_piega"(p_testo);
BEGIN
  INSERT INTO "ricerca" AS r (tipo, "recordId", titolo, dettaglio, "apriId", "partitaIva", codici, testo, parole,
      "operatoreId", "gruppoCrmId", "filialeId")
    VALUES (p_tipo, p_id, coalesce(NULLIF(btrim(p_titolo), ''), '—'), p_dettaglio, p_apri, p_iva, p_codici, folded,
      to_tsvector('simple', folded), p_operatore, p_gruppo, p_filiale)
  ON CONFLICT (tipo, "recordId") DO UPDATE SET titolo = EXCLUDED.titolo, dettaglio = EXCLUDED.dettaglio,
    "apriId" = EXCLUDED."apriId", "partitaIva" = EXCLUDED."partitaIva", codici = EXCLUDED.codici,
    testo = EXCLUDED.testo, parole = EXCLUDED.parole, "operatoreId" = EXCLUDED."operatoreId",
    "gruppoCrmId" = EXCLUDED."gruppoCrmId", "filialeId" = EXCLUDED."filialeId";
  INSERT INTO "ricercaParola" (parola)
    SELECT DISTINCT w FROM unnest(string_to_array(folded, ' ')) w WHERE length(w) >= 4
    ON CONFLICT DO NOTHING;
END $$;

-- One function per table writes a row's entry (the triggers and the backfill below call it), one trigger per
-- table calls it after every insert and update and removes the entry with the record.
CREATE OR REPLACE FUNCTION "ricerca_customer_riga"(r "customer") RETURNS void LANGUAGE sql AS $$
  SELECT "ricerca_scrivi"('cliente', r.id, r."companyName",
    concat_ws(' · ', NULLIF(r."vatNumber", ''), NULLIF(concat_ws(' ', r.city, NULLIF(r.province, '')), '')),
    r.id, r."vatNumber", "ricerca_codici"(ARRAY[r."vatNumber", r."taxCode", r.code], ARRAY[r.phone]),
    concat_ws(' ', r."companyName", r.code, r.city, r.email), NULL, NULL, NULL)
$$;

CREATE OR REPLACE FUNCTION "ricerca_contact_riga"(r "contact") RETURNS void LANGUAGE sql AS $$
  SELECT "ricerca_scrivi"('contatto', r.id, concat_ws(' ', r.name, r.surname),
    (SELECT c."companyName" FROM "customer" c WHERE c.id = r."customerId"), r."customerId", NULL,
    "ricerca_codici"(ARRAY[r.email], ARRAY[r.phone]), concat_ws(' ', r.name, r.surname, r.email), NULL, NULL, NULL)
$$;

CREATE OR REPLACE FUNCTION "ricerca_trattativa_riga"(r "trattativaCp") RETURNS void LANGUAGE sql AS $$
  SELECT "ricerca_scrivi"('trattativa', r.id, r."ragioneSociale",
    concat_ws(' · ', NULLIF(r."partitaIva", ''), to_char(r."dataInserimento", 'DD-MM-YYYY'),
      CASE WHEN r.archiviata = 'Y' THEN 'archiviata' END),
    r.id, r."partitaIva", "ricerca_codici"(ARRAY[r."partitaIva", r."codiceFiscale"], ARRAY[r.telefono]),
    concat_ws(' ', r."ragioneSociale", r.contatto, r.email), r."operatoreId", r."gruppoCrmId", NULL)
$$;

-- An offer is seen by who sees its negotiation.
CREATE OR REPLACE FUNCTION "ricerca_offerta_riga"(r "offer") RETURNS void LANGUAGE sql AS $$
  SELECT "ricerca_scrivi"('offerta', r.id, concat_ws(' · ', r."numeroDocumento", r."ragioneSociale"),
    concat_ws(' · ', 'versione ' || r.versione, to_char(r.created AT TIME ZONE 'Europe/Rome', 'DD-MM-YYYY')),
    r."trattativaCpId", r."partitaIva", "ricerca_codici"(ARRAY[r."numeroDocumento"], ARRAY[]::text[]),
    concat_ws(' ', r."numeroDocumento", r."ragioneSociale", r."riferimentoCliente"), t."operatoreId",
    t."gruppoCrmId", NULL)
  FROM (SELECT 1) one LEFT JOIN "trattativaCp" t ON t.id = r."trattativaCpId"
$$;

-- Machines: the serial numbers of a check-in (one or more, separated by commas, semicolons or spaces)...
CREATE OR REPLACE FUNCTION "ricerca_accettazione_riga"(r "accettazioneMezzo") RETURNS void LANGUAGE sql AS $$
  SELECT "ricerca_scrivi"('mezzoAccettazione', r.id, r.matricole,
    concat_ws(' · ', 'accettazione del ' || to_char(r."dataAccettazione", 'DD-MM-YYYY'), r."operatoreNome"),
    r.id, NULL, "ricerca_codici"(regexp_split_to_array(coalesce(r.matricole, ''), '[,;[:space:]]+'), ARRAY[]::text[]),
    r.matricole, NULL, NULL, NULL)
$$;

-- ... and the machines counted in an inventory, by their ERP code (an inventory is seen by its branch's users).
CREATE OR REPLACE FUNCTION "ricerca_inventario_riga"(r "inventarioMezziItem") RETURNS void LANGUAGE sql AS $$
  SELECT "ricerca_scrivi"('mezzoInventario', r.id, r."resourceMago",
    concat_ws(' · ', r.descrizione, 'inventario ' || r."idInventarioMezzi"), r."idInventarioMezzi", NULL,
    "ricerca_codici"(ARRAY[r."resourceMago"], ARRAY[]::text[]), concat_ws(' ', r."resourceMago", r.descrizione),
    NULL, NULL, (SELECT i."filialeInventarioId" FROM "inventarioMezzi" i WHERE i.id = r."idInventarioMezzi"))
$$;

CREATE OR REPLACE FUNCTION "ricerca_utente_riga"(r "user") RETURNS void LANGUAGE sql AS $$
  SELECT "ricerca_scrivi"('utente', r.id, r."fullName", concat_ws(' · ', r.username, r.email), r.id, NULL,
    "ricerca_codici"(ARRAY[r.username, r.email], ARRAY[r.phone]), concat_ws(' ', r."fullName", r.username, r.email),
    NULL, NULL, NULL)
$$;

-- The trigger of every indexed table: TG_ARGV[0] is the entry's kind.
CREATE OR REPLACE FUNCTION "ricerca_aggiorna"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tipo text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "ricerca" r WHERE r.tipo = TG_ARGV[0] AND r."recordId" = OLD.id;
    RETURN OLD;
  END IF;
  CASE tipo
    WHEN 'cliente' THEN
      PERFORM "ricerca_customer_riga"(NEW);
      -- Its contacts are shown under its name.
      IF TG_OP = 'UPDATE' AND NEW."companyName" IS DISTINCT FROM OLD."companyName" THEN
        UPDATE "ricerca" r SET dettaglio = NEW."companyName" WHERE r.tipo = 'contatto' AND r."apriId" = NEW.id;
      END IF;
    WHEN 'contatto' THEN PERFORM "ricerca_contact_riga"(NEW);
    WHEN 'trattativa' THEN
      PERFORM "ricerca_trattativa_riga"(NEW);
      -- A reassignment moves who sees its offers too.
      IF TG_OP = 'UPDATE' AND (NEW."operatoreId", NEW."gruppoCrmId") IS DISTINCT FROM (OLD."operatoreId", OLD."gruppoCrmId") THEN
        UPDATE "ricerca" r SET "operatoreId" = NEW."operatoreId", "gruppoCrmId" = NEW."gruppoCrmId"
          WHERE r.tipo = 'offerta' AND r."apriId" = NEW.id;
      END IF;
    WHEN 'offerta' THEN PERFORM "ricerca_offerta_riga"(NEW);
    WHEN 'mezzoAccettazione' THEN PERFORM "ricerca_accettazione_riga"(NEW);
    WHEN 'mezzoInventario' THEN PERFORM "ricerca_inventario_riga"(NEW);
    WHEN 'utente' THEN PERFORM "ricerca_utente_riga"(NEW);
  END CASE;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER "ricerca" AFTER INSERT OR UPDATE OR DELETE ON "customer"
  FOR EACH ROW EXECUTE FUNCTION "ricerca_aggiorna"('cliente');
CREATE OR REPLACE TRIGGER "ricerca" AFTER INSERT OR UPDATE OR DELETE ON "contact"
  FOR EACH ROW EXECUTE FUNCTION "ricerca_aggiorna"('contatto');
CREATE OR REPLACE TRIGGER "ricerca" AFTER INSERT OR UPDATE OR DELETE ON "trattativaCp"
  FOR EACH ROW EXECUTE FUNCTION "ricerca_aggiorna"('trattativa');
CREATE OR REPLACE TRIGGER "ricerca" AFTER INSERT OR UPDATE OR DELETE ON "offer"
  FOR EACH ROW EXECUTE FUNCTION "ricerca_aggiorna"('offerta');
CREATE OR REPLACE TRIGGER "ricerca" AFTER INSERT OR UPDATE OR DELETE ON "accettazioneMezzo"
  FOR EACH ROW EXECUTE FUNCTION "ricerca_aggiorna"('mezzoAccettazione');
CREATE OR REPLACE TRIGGER "ricerca" AFTER INSERT OR UPDATE OR DELETE ON "inventarioMezziItem"
  FOR EACH ROW EXECUTE FUNCTION "ricerca_aggiorna"('mezzoInventario');
CREATE OR REPLACE TRIGGER "ricerca" AFTER INSERT OR UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "ricerca_aggiorna"('utente');

-- The records already there.
SELECT "ricerca_customer_riga"(x) FROM "customer" x;
SELECT "ricerca_contact_riga"(x) FROM "contact" x;
SELECT "ricerca_trattativa_riga"(x) FROM "trattativaCp" x;
SELECT "ricerca_offerta_riga"(x) FROM "offer" x;
SELECT "ricerca_accettazione_riga"(x) FROM "accettazioneMezzo" x;
SELECT "ricerca_inventario_riga"(x) FROM "inventarioMezziItem" x;
SELECT "ricerca_utente_riga"(x) FROM "user" x;
