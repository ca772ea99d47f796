-- 0001_trattative_archiviata_sempre_valorizzata: every negotiation is either archived ('Y') or not ('N').
-- The negotiation list opens filtered on archiviata = 'N', so a negotiation stored without a value
-- (rows loaded by SQL from the previous system, or written before the column had its default) is in
-- no list at all, and nobody calls that customer back. Those rows become 'N', and the column refuses
-- NULL from now on, with 'N' as default for inserts that leave it out. The additive path cannot do
-- this: it only adds tables, columns and indexes.
UPDATE "trattativaCp" SET "archiviata" = 'N' WHERE "archiviata" IS NULL;
ALTER TABLE "trattativaCp" ALTER COLUMN "archiviata" SET DEFAULT 'N';
ALTER TABLE "trattativaCp" ALTER COLUMN "archiviata" SET NOT NULL;
