-- 0002_inventari_creati_da_persona: an inventory says who created, changed and concluded it by the person's
-- name ("Creato da Stefano Ruggiero"), as every screen names people; until now "Creato da" and "Modificato
-- da" held the username ("Creato da inventario"), while "Concluso da" already held the name. The usernames
-- stored so far become the names their accounts have now; a username with no account, or an account without
-- a name, stays as it is.
UPDATE "inventarioMezzi" v SET "createdBy" = TRIM(COALESCE(u.name, '') || ' ' || COALESCE(u.surname, ''))
  FROM "user" u WHERE u.username = v."createdBy" AND TRIM(COALESCE(u.name, '') || ' ' || COALESCE(u.surname, '')) <> '';
UPDATE "inventarioMezzi" v SET "updatedBy" = TRIM(COALESCE(u.name, '') || ' ' || COALESCE(u.surname, ''))
  FROM "user" u WHERE u.username = v."updatedBy" AND TRIM(COALESCE(u.name, '') || ' ' || COALESCE(u.surname, '')) <> '';
