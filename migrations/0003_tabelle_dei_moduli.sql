-- 0003_tabelle_dei_moduli: the tables, columns, indexes and triggers the server keeps beside the
-- schemas' tables, written until now as SQL strings in each module and created at every start. They are the
-- same statements, each IF NOT EXISTS (or OR REPLACE), so a database that already has them takes them
-- unchanged; from now on a change to them is a new migration. The backfills (users' "fullName", the outbox's
-- older e-mails) ran at every start; the trigger and the outbox keep them true from here on.
-- Runs once, at the first start of the release that brings it, in one transaction (no BEGIN/COMMIT here),
-- after the additive path has added the schemas' new tables and columns. Never edit it once released:
-- a changed file stops the start; write the next migration instead.

-- Sign-in (src/server/auth): refresh tokens, sessions ended by a logout (kept while a token of theirs may
-- still be unexpired), sign-in attempts (in the database, so every server process counts the same ones).
CREATE TABLE IF NOT EXISTS "refreshToken" (
  "tokenHash" text PRIMARY KEY, "userId" integer NOT NULL, "family" text NOT NULL,
  "expiresAt" timestamptz NOT NULL, "usedAt" timestamptz, "revoked" boolean NOT NULL DEFAULT false);
ALTER TABLE "refreshToken" ADD COLUMN IF NOT EXISTS "impersonatorId" integer;
CREATE INDEX IF NOT EXISTS "refreshToken_family_idx" ON "refreshToken" ("family");
CREATE INDEX IF NOT EXISTS "refreshToken_userId_idx" ON "refreshToken" ("userId");
CREATE TABLE IF NOT EXISTS "endedSession" (
  "family" text PRIMARY KEY, "userId" integer NOT NULL, "until" timestamptz NOT NULL);
CREATE INDEX IF NOT EXISTS "endedSession_userId_idx" ON "endedSession" ("userId");
CREATE TABLE IF NOT EXISTS "loginAttempt" (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, key text NOT NULL, at timestamptz NOT NULL);
CREATE INDEX IF NOT EXISTS "loginAttempt_key_idx" ON "loginAttempt" (key, at);
CREATE INDEX IF NOT EXISTS "loginAttempt_at_idx" ON "loginAttempt" (at);

-- Users: "fullName", the name a user is shown by wherever others see them, kept by the database on every insert
-- and update whichever path writes the row (the API, the seed, an import), and filled for the rows already there.
CREATE OR REPLACE FUNCTION "user_fullName"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN NEW."fullName" := COALESCE(NULLIF(TRIM(COALESCE(NEW.name, '') || ' ' || COALESCE(NEW.surname, '')), ''), NEW.username); RETURN NEW; END $$;
CREATE OR REPLACE TRIGGER "user_fullName" BEFORE INSERT OR UPDATE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "user_fullName"();
UPDATE "user" SET "fullName" = COALESCE(NULLIF(TRIM(COALESCE(name, '') || ' ' || COALESCE(surname, '')), ''), username)
  WHERE "fullName" IS DISTINCT FROM COALESCE(NULLIF(TRIM(COALESCE(name, '') || ' ' || COALESCE(surname, '')), ''), username);

-- Offers: the yearly sequence of offer numbers, and the indexes the versions and the offers list are read by.
CREATE TABLE IF NOT EXISTS "offerNumber" (year integer PRIMARY KEY, last integer NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS "offer_trattativaCpId_versione_key" ON "offer" ("trattativaCpId", versione);
CREATE UNIQUE INDEX IF NOT EXISTS "offer_numeroDocumento_key" ON "offer" ("numeroDocumento");
CREATE INDEX IF NOT EXISTS "offer_created_idx" ON "offer" (created);

-- Negotiations: ids of attachments and the index of their lookup, the document token's lookup, and the other
-- negotiations with the same VAT number a user has seen and saved over (not asked about again).
CREATE SEQUENCE IF NOT EXISTS "trattativaCpAllegato_id_seq";
CREATE INDEX IF NOT EXISTS "trattativaCp_allegati_idx" ON "trattativaCp" USING gin ("allegati" jsonb_path_ops);
CREATE INDEX IF NOT EXISTS "trattativaCp_documentToken_idx" ON "trattativaCp" ("documentToken");
CREATE TABLE IF NOT EXISTS "trattativaCpPartitaIvaVista" (
  "trattativaCpId" integer NOT NULL,
  "altraTrattativaCpId" integer NOT NULL,
  "partitaIva" text NOT NULL,
  "vistaDa" integer,
  "vistaIl" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("trattativaCpId", "altraTrattativaCpId"));
CREATE INDEX IF NOT EXISTS "trattativaCpPartitaIvaVista_altra_idx" ON "trattativaCpPartitaIvaVista" ("altraTrattativaCpId");

-- The public offer: what the customer did on the public page (every view, answer, request, reminder) and the
-- signed acceptance, one per negotiation.
CREATE TABLE IF NOT EXISTS "offertaClienteEvento" (
  id serial PRIMARY KEY,
  "trattativaCpId" integer NOT NULL,
  evento text NOT NULL,
  at timestamptz NOT NULL,
  indirizzo text,
  browser text,
  dettaglio text);
CREATE INDEX IF NOT EXISTS "offertaClienteEvento_trattativa_idx" ON "offertaClienteEvento" ("trattativaCpId", at DESC);
CREATE TABLE IF NOT EXISTS "offertaClienteAccettazione" (
  "trattativaCpId" integer PRIMARY KEY,
  numero text NOT NULL,
  hash text NOT NULL,
  "accettataIl" timestamptz NOT NULL,
  firmatario text NOT NULL,
  indirizzo text NOT NULL,
  browser text NOT NULL,
  "assicurazioneTipo" text,
  prezzi jsonb NOT NULL,
  "pdfPath" text NOT NULL,
  "pdfSha256" text NOT NULL);

-- Vehicle check-in: who sent it, the tablet's key, the signature's hash; photos uploaded one by one before
-- their acceptance, each user's by hash, until an acceptance takes them.
ALTER TABLE "accettazioneMezzo" ADD COLUMN IF NOT EXISTS "chiaveIdempotenza" text;
ALTER TABLE "accettazioneMezzo" ADD COLUMN IF NOT EXISTS "creatoDa" integer;
ALTER TABLE "accettazioneMezzo" ADD COLUMN IF NOT EXISTS "firmaSha256" text;
CREATE UNIQUE INDEX IF NOT EXISTS "accettazioneMezzo_chiaveIdempotenza_key" ON "accettazioneMezzo" ("chiaveIdempotenza");
CREATE INDEX IF NOT EXISTS "accettazioneMezzo_matricola_idx" ON "accettazioneMezzo" (lower(matricole), "dataAccettazione" DESC, id DESC);
CREATE TABLE IF NOT EXISTS "accettazioneMezzoFotoCaricata" (sha256 text NOT NULL, "creatoDa" integer NOT NULL, file text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(), PRIMARY KEY ("creatoDa", sha256));

-- Contact centre: every call leg the PBX posted, as normalised (its call id is the idempotency key); a user is
-- assigned to a branch office once (the write rule says it in Italian, the index settles a race).
CREATE TABLE IF NOT EXISTS "pbxCall" (
  "callId" text PRIMARY KEY,
  "linkedId" text NOT NULL,
  source text NOT NULL,
  "fromNumber" text,
  "toNumber" text NOT NULL,
  direction text NOT NULL,
  "startedAt" timestamptz NOT NULL,
  "answeredAt" timestamptz,
  "endedAt" timestamptz NOT NULL,
  "durationSeconds" integer NOT NULL,
  "billSeconds" integer NOT NULL,
  disposition text NOT NULL,
  queue jsonb,
  "postedAt" timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS "pbxCall_from_idx" ON "pbxCall" ("fromNumber", "startedAt");
CREATE INDEX IF NOT EXISTS "pbxCall_to_idx" ON "pbxCall" ("toNumber", "startedAt");
CREATE INDEX IF NOT EXISTS "pbxCall_started_idx" ON "pbxCall" ("startedAt");
CREATE UNIQUE INDEX IF NOT EXISTS "branchOfficeUser_pair_key" ON "branchOfficeUser" ("branchOfficeId", "appUserId");

-- Imports: the jobs (status, counts, progress) and their problem rows.
CREATE TABLE IF NOT EXISTS "importJob" (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  resource text NOT NULL,
  "userId" integer NOT NULL,
  "fileName" text NOT NULL,
  "fileKey" text,
  kind jsonb NOT NULL,
  columns jsonb NOT NULL,
  sample jsonb NOT NULL,
  mapping jsonb NOT NULL,
  status text NOT NULL,
  phase text,
  message text,
  "processedRows" integer NOT NULL DEFAULT 0,
  "totalRows" integer,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  "problemRows" integer NOT NULL DEFAULT 0,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "heartbeatAt" timestamptz NOT NULL DEFAULT now(),
  "finishedAt" timestamptz);
CREATE INDEX IF NOT EXISTS "importJob_userId_idx" ON "importJob" ("userId", id);
CREATE TABLE IF NOT EXISTS "importProblem" (
  "jobId" integer NOT NULL,
  "row" integer NOT NULL,
  cells jsonb NOT NULL,
  problems jsonb NOT NULL,
  PRIMARY KEY ("jobId", "row"));

-- The e-mail outbox (src/server/plugins/mail): the columns only the worker reads, beside the schema's "email";
-- attachments in the database (bytea), written and rolled back with the transaction that enqueues them, and
-- readable by every server process for a retry. Rows written before the outbox (a plain log of sent e-mails)
-- read as sent.
ALTER TABLE email ADD COLUMN IF NOT EXISTS "htmlBody" text;
ALTER TABLE email ADD COLUMN IF NOT EXISTS "textBody" text;
ALTER TABLE email ADD COLUMN IF NOT EXISTS "replyTo" text;
ALTER TABLE email ADD COLUMN IF NOT EXISTS "messageId" text;
ALTER TABLE email ADD COLUMN IF NOT EXISTS "leaseUntil" timestamptz;
CREATE INDEX IF NOT EXISTS email_due_idx ON email (status, "nextAttemptAt");
CREATE TABLE IF NOT EXISTS "emailAttachment" (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  "emailId" integer NOT NULL REFERENCES email (id) ON DELETE CASCADE,
  filename text NOT NULL,
  "contentType" text,
  content bytea NOT NULL);
CREATE INDEX IF NOT EXISTS "emailAttachment_emailId_idx" ON "emailAttachment" ("emailId");
UPDATE email SET status = 'sent' WHERE status IS NULL OR status NOT IN ('queued', 'sending', 'sent', 'failed', 'notConfigured');
UPDATE email SET "createdAt" = COALESCE("sentAt", now()) WHERE "createdAt" IS NULL;
UPDATE email SET attempts = CASE WHEN status = 'sent' THEN 1 ELSE 0 END WHERE attempts IS NULL;
UPDATE email SET "attachmentNames" = '[]' WHERE "attachmentNames" IS NULL;

-- The sweep of uploaded files (src/server/storage/sweep.ts): this database's id, and when it was last swept.
CREATE TABLE IF NOT EXISTS "storageSweep" (
  id integer PRIMARY KEY CHECK (id = 1), "databaseId" text NOT NULL, "sweptAt" timestamptz);

-- The demo's state (src/server/seed): whether the workflows' demo is still to be loaded, is loading, or is there;
-- one row, written in the seed's transaction, so that of several processes starting together one loads it.
CREATE TABLE IF NOT EXISTS "demoDati" (
  id int PRIMARY KEY, stato text NOT NULL, aggiornato timestamptz NOT NULL DEFAULT now(), riferimenti jsonb);
