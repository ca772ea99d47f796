-- 0007_spostamenti_e_brochure: the moves of machines between branches that the demo ERP records (issue 32,
-- point 4). A real ERP keeps its moves itself; the demo one keeps them here, so that the branch a machine is
-- registered to follows every move on every later read (src/server/plugins/erp-moves). The brochures' PDF
-- and the inventory items' transfer fields are schema fields: the additive path adds their columns.
-- Runs once, at the first start of the release that brings it, in one transaction (no BEGIN/COMMIT here),
-- after the additive path has added the schemas' new tables and columns. Never edit it once released:
-- a changed file stops the start; write the next migration instead.
CREATE TABLE IF NOT EXISTS "erpSpostamentoMezzo" (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL,
  "fromBranch" text NOT NULL,
  "toBranch" text NOT NULL,
  "movedBy" text NOT NULL,
  "movedAt" timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS "erpSpostamentoMezzo_code_idx" ON "erpSpostamentoMezzo" (code, id);
CREATE INDEX IF NOT EXISTS "erpSpostamentoMezzo_toBranch_idx" ON "erpSpostamentoMezzo" ("toBranch");
