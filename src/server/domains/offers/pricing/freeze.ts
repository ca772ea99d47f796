import { Temporal } from 'temporal-polyfill';
import { documentNumber } from '../../../../domain/pricing/index.ts';
import type { StaffClaims } from '../../../../domain/tokenClaims.ts';
import type { AppContext } from '../../../context.ts';
import { crudRepository, type Row } from '../../../crud/crudRepository.ts';
import { serverSetValues } from '../../../crud/serverSet.ts';
import type { Queryable } from '../../../db/Db.ts';
import { HttpError, MESSAGES } from '../../../http/httpError.ts';
import { contactOf } from '../../users/index.ts';
import { lastVersion, nextNumberOfYear } from '../offerRepository.ts';
import { choicesOf, priceChoices, violationsOf, type Log } from './offerInput.ts';
import { versionHash, type OfferHeader, type SentVersion, type VersionSnapshot } from './sentVersions.ts';

export const NO_OFFER = "La trattativa non ha un'offerta salvata: compilare e salvare l'offerta prima di inviarla";

const ZONE = 'Europe/Rome';
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

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
  recipients: readonly string[],
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
  const number = documentNumber(now.year, await nextNumberOfYear(tx, now.year));
  const version = (await lastVersion(tx, negotiationId)) + 1;
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
    recipients,
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
      inviataDa: header.sender.name,
      snapshot: JSON.stringify(snapshot),
      created: sentAt,
    },
  );
  return { version, number, sentAt, sentBy: header.sender.name, hash, ...snapshot };
}
