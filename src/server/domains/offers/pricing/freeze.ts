import { Temporal } from 'temporal-polyfill';
import { documentNumber } from '../../../../domain/pricing/index.ts';
import type { StaffClaims } from '../../../../domain/tokenClaims.ts';
import type { AppContext } from '../../../context.ts';
import { crudRepository, type Row } from '../../../crud/crudRepository.ts';
import { serverSetValues } from '../../../crud/serverSet.ts';
import type { Queryable } from '../../../db/Db.ts';
import { HttpError, MESSAGES } from '../../../http/httpError.ts';
import { contactOf } from '../../users/index.ts';
import { choicesOf, priceChoices, violationsOf, type Log } from './offerInput.ts';
import { versionHash, type OfferHeader, type SentVersion, type VersionSnapshot } from './sentVersions.ts';

/** The yearly sequence of offer numbers, and the indexes the versions and the offers list are read by. */
export const VERSION_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS "offerNumber" (year integer PRIMARY KEY, last integer NOT NULL)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS "offer_trattativaCpId_versione_key" ON "offer" ("trattativaCpId", versione)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS "offer_numeroDocumento_key" ON "offer" ("numeroDocumento")`,
  // The offers list is read newest first.
  `CREATE INDEX IF NOT EXISTS "offer_created_idx" ON "offer" (created)`,
];

export const NO_OFFER = "La trattativa non ha un'offerta salvata: compilare e salvare l'offerta prima di inviarla";

const ZONE = 'Europe/Rome';
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The next number of the year: the row lock of the upsert makes two sends wait for each other. */
async function nextNumber(tx: Queryable, year: number): Promise<string> {
  const { rows } = await tx.query<{ last: number }>(
    `INSERT INTO "offerNumber" (year, last) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last = "offerNumber".last + 1 RETURNING last`,
    [year],
  );
  return documentNumber(year, Number(rows[0]?.last ?? 1));
}

/** Who sends, as the users table has them now. */
async function senderOf(tx: Queryable, user: StaffClaims | null) {
  const contact = await contactOf(tx, user?.id ?? 0);
  return { name: contact.name ?? user?.username ?? null, email: text(contact.email) };
}

/**
 * Freezes the negotiation's saved offer as a new sent version, priced again now by the engine: the next
 * number of the year, the version within the negotiation, the input, the result and their hash, and
 * what the PDF prints. `row` is the negotiation, locked by the caller's transaction. An offer that is not
 * saved or cannot be priced is refused (400) and nothing is written.
 */
export async function freezeOfferVersion(
  ctx: AppContext,
  tx: Queryable,
  row: Row,
  user: StaffClaims | null,
  log: Log,
): Promise<SentVersion> {
  if (row.offerta !== 'Y') throw new HttpError(400, NO_OFFER, [{ field: 'offerta', message: NO_OFFER }]);
  const negotiationId = Number(row.id);
  const choices = choicesOf(row);
  const priced = await priceChoices(
    ctx,
    tx,
    choices,
    typeof row.score === 'number' ? row.score : null,
    { stored: row.scontoApprovazione },
    log,
  );
  const violations = violationsOf(priced);
  if (violations.length || !priced.result.figures || !priced.group)
    throw new HttpError(400, "L'offerta non si può inviare così: correggerla e salvarla di nuovo", violations);

  const now = Temporal.Now.zonedDateTimeISO(ZONE);
  const number = await nextNumber(tx, now.year);
  const { rows: last } = await tx.query<{ v: number | null }>(
    `SELECT MAX(versione) AS v FROM "offer" WHERE "trattativaCpId" = $1`,
    [negotiationId],
  );
  const version = Number(last[0]?.v ?? 0) + 1;
  // Whole seconds, as the `created` column keeps them: the version read back is the version returned.
  const sentAt = new Date(Math.floor(now.epochMilliseconds / 1000) * 1000).toISOString();
  const header: OfferHeader = {
    customer: {
      ragioneSociale: String(row.ragioneSociale ?? ''),
      partitaIva: text(row.partitaIva),
      contatto: text(row.contatto),
      email: text(row.email),
      telefono: text(row.telefono),
    },
    site: { address: text(row.formattedAddress) ?? text(row.destinazioneCantiere), town: text(row.paeseTrattativa) },
    branch: priced.branch && { name: priced.branch.name, address: text(priced.branch.address) },
    resourceGroup: { code: priced.group.code, description: priced.group.description },
    period: { from: text(row.inizio), to: text(row.fine) },
    validUntil: now.toPlainDate().add({ days: priced.settings.giorniValiditaOfferta }).toString(),
    note: text(row.noteOfferta),
    sender: await senderOf(tx, user),
  };
  const { input, result } = priced;
  const hash = versionHash(input, result);
  const snapshot: VersionSnapshot = { input, result, header };
  const figures = result.figures;
  if (!figures) throw new HttpError(500, MESSAGES.generic);

  const model = ctx.resource('Offer').model;
  await crudRepository(tx, model).create(
    {
      ragioneSociale: header.customer.ragioneSociale,
      partitaIva: header.customer.partitaIva,
      riferimentoCliente: header.customer.contatto,
      email: header.customer.email,
      telefono: header.customer.telefono,
      indirizzoCantiere: header.site.address,
      operatoreId: row.operatoreId ?? null,
      branchOfferId: priced.branch?.id ?? null,
      famigliaGruppoRisorsa: choices.famigliaGruppoRisorsaId ?? null,
      gruppoRisorsa: priced.group.id,
      periodo: result.duration?.unit ?? null,
      dal: header.period.from,
      al: header.period.to,
      durata: result.duration?.value ?? null,
      assicurazione: input.insurance?.code ?? null,
      contributoAmbientale: input.environmental?.option ?? '',
      richiestaTrasporto: input.transport.enabled,
      km: input.transport.typedKm ?? null,
      trasportoRitornoKmCompilatoDaUtente: input.transport.typedKm != null,
      sconto: input.discount.percent ?? null,
      scontoImporto: input.discount.amount ?? null,
      articoliAggiuntivi: input.articles.articoli ?? [],
      listiniOfferta: input.priceLines,
      note: header.note,
      numeroDocumento: number,
      archiviata: 'N',
    },
    {
      ...serverSetValues(model, 'create', user),
      trattativaCpId: negotiationId,
      versione: version,
      hash,
      prezzoTotale: figures.prezzoTotale,
      prezzoTotaleScontato: figures.prezzoTotaleScontato,
      scontoApprovatoDa: input.discount.approvedBy ?? null,
      inviataDa: user?.username ?? null,
      snapshot: JSON.stringify(snapshot),
      created: sentAt,
    },
  );
  return { version, number, sentAt, sentBy: user?.username ?? null, hash, ...snapshot };
}
